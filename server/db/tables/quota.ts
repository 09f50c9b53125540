// Tables of the quota area: balances, holds, the ledger,
// allowances, model prices, redemption codes; orders and SMS codes.
// Amounts are integer millicredits (1 credit = 1000). Composed into
// `Database` in ../schema.ts.

export interface QuotaAccountsTable {
  user_id: string;
  /** The month the allowance was last filled for, 'YYYY-MM'. */
  period: string;
  /** The monthly allowance that applied when filled; null: no allowance applies (not limited). */
  allowance: number | null;
  allowance_left: number;
  /** Credits that last across months (bought, redeemed, granted); may go below 0 after an answer outran its hold. */
  extra: number;
  /** Credits charged so far, all time. */
  used: number;
  updated_at: number;
}

export type HoldStatus = 'held' | 'settled' | 'refunded';

export interface QuotaHoldsTable {
  id: string;
  user_id: string;
  kind: string;
  model: string | null;
  ref_id: string | null;
  /** The month the allowance part was taken from: a refund in a later month does not refill the new allowance. */
  period: string;
  from_allowance: number;
  from_extra: number;
  status: HoldStatus;
  /** A hold still 'held' after this is refunded by the sweeper (its process is gone). */
  expires_at: number;
  created_at: number;
}

export interface QuotaLedgerTable {
  id: string;
  user_id: string;
  /** chat, image, video, grant, take, redeem, order, refund */
  kind: string;
  /** Change of the balance: negative for use. Use of an unlimited person is recorded with its price and no balance change. */
  delta: number;
  /** What the use was priced at (0 for changes that are not use); counted for everyone, limited or not. */
  cost: number;
  model: string | null;
  ref_id: string | null;
  prompt_tokens: number;
  completion_tokens: number;
  note: string;
  actor_id: string | null;
  created_at: number;
}

export type AllowanceScope = 'user' | 'class' | 'client';

export interface QuotaAllowancesTable {
  scope: AllowanceScope;
  target_id: string;
  credits: number;
  updated_by: string | null;
  updated_at: number;
}

export interface ModelPricesTable {
  model: string;
  input_per_1k: number;
  output_per_1k: number;
  per_image: number;
  per_second: number;
  updated_at: number;
}

export interface RedemptionBatchesTable {
  id: string;
  note: string;
  credits: number;
  package_id: string | null;
  count: number;
  expires_at: number | null;
  disabled_at: number | null;
  created_by: string;
  created_at: number;
}

export interface RedemptionCodesTable {
  /** SHA-256 hex of the normalised code; the code itself is never stored. */
  code_hash: string;
  batch_id: string;
  /** The last four characters, so a manager can tell codes apart. */
  hint: string;
  redeemed_by: string | null;
  redeemed_at: number | null;
}

export interface QuotaTables extends OrderSmsTables {
  quota_accounts: QuotaAccountsTable;
  quota_holds: QuotaHoldsTable;
  quota_ledger: QuotaLedgerTable;
  quota_allowances: QuotaAllowancesTable;
  model_prices: ModelPricesTable;
  redemption_batches: RedemptionBatchesTable;
  redemption_codes: RedemptionCodesTable;
}

export type OrderStatus = 'pending' | 'paid' | 'refunded' | 'closed';

export interface OrderPackagesTable {
  id: string;
  name: string;
  credits: number;
  /** Price in fen (1/100 CNY). */
  price_fen: number;
  /** Comma-separated client types allowed to buy it, e.g. '1,3'. */
  client_types: string;
  active: number;
  created_at: number;
  updated_at: number;
}

export interface OrdersTable {
  trade_no: string;
  user_id: string;
  package_id: string;
  /** The package's name and credits as bought (a later change of the package does not change the order). */
  name: string;
  credits: number;
  amount_fen: number;
  channel: string;
  status: OrderStatus;
  /** What the channel needs the buyer to open: a WeChat Native code_url, an Alipay page URL; null offline. */
  pay_url: string | null;
  channel_trade_no: string | null;
  confirmed_by: string | null;
  created_at: number;
  paid_at: number | null;
  refunded_at: number | null;
}

export interface UserPhonesTable {
  user_id: string;
  phone_hash: string;
  phone_masked: string;
  created_at: number;
}

export interface SmsCodesTable {
  id: string;
  phone_hash: string;
  scene: string;
  code_hash: string;
  attempts: number;
  expires_at: number;
  consumed_at: number | null;
  created_at: number;
}

export interface SmsSendsTable {
  id: string;
  /** 'phone:<hash>' or 'ip:<address>' */
  bucket: string;
  created_at: number;
}

export interface OrderSmsTables {
  order_packages: OrderPackagesTable;
  orders: OrdersTable;
  user_phones: UserPhonesTable;
  sms_codes: SmsCodesTable;
  sms_sends: SmsSendsTable;
}
