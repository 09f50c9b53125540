// Payment channels behind one interface. `offline` is always there (a manager
// confirms a transfer); WeChat Pay and Alipay join when configured.
import type { FastifyBaseLogger } from 'fastify';

export interface NewPayment {
  tradeNo: string;
  description: string;
  amountFen: number;
}

export interface StartedPayment {
  /** WeChat Native: the code_url to show as a QR code. */
  codeUrl?: string;
  /** Alipay: the page to open. */
  payUrl?: string;
  /** Offline: what to do (shown to the buyer). */
  instructions?: string;
}

export interface PaidOrder {
  tradeNo: string;
  amountFen: number;
  channelTradeNo: string | null;
}

export interface PaymentChannel {
  readonly name: string;
  start(payment: NewPayment, log: FastifyBaseLogger): Promise<StartedPayment>;
  /** Pays the money back at the channel (absent for offline: the school pays back by hand). Throws when refused. */
  refund?(order: PaidOrder): Promise<void>;
}

export const OFFLINE_INSTRUCTIONS = '请按学校公布的方式转账，并在备注中写上订单号；管理员确认收款后额度自动到账';

export const offlineChannel: PaymentChannel = {
  name: 'offline',
  async start() {
    return { instructions: OFFLINE_INSTRUCTIONS };
  },
};
