import type { ClientType } from './account'
import { downloadWithToken, request, type RequestOptions } from './client'

/** Quota, redemption codes, orders and SMS (docs/api/orders.md). Credits are numbers. */

const seg = encodeURIComponent

export interface Quota {
  balance: number
  used: number
  limited: boolean
  allowance: number | null
  allowanceLeft: number
  extra: number
}

export type LedgerKind = 'chat' | 'image' | 'video' | 'order' | 'redeem' | 'refund' | 'grant' | 'take' | string

export interface LedgerEntry {
  id: string
  kind: LedgerKind
  delta: number
  cost: number
  model: string | null
  promptTokens: number
  completionTokens: number
  note: string
  createdAt: number
}

export const fetchQuota = (options?: RequestOptions) => request<Quota>('GET', 'app/user/quota', undefined, options)
export const fetchQuotaHistory = (page: number, pageSize: number, options?: RequestOptions) =>
  request<{ list: LedgerEntry[]; total: number }>('GET', 'app/user/quota/history', { page, pageSize }, options)

/** Quiet: the form shows why a code was refused. */
export const redeemCode = (code: string) => request<{ credits: number; balance: number }>('POST', 'app/order/redemption', { code }, { quiet: true })

// Orders

export type Channel = 'offline' | 'wechat' | 'alipay'
export type OrderStatus = 'pending' | 'paid' | 'refunded' | 'closed'

export interface QuotaPackage {
  id: string
  name: string
  credits: number
  price: number
  clientTypes: ClientType[]
  active: boolean
}

export interface Order {
  tradeNo: string
  packageId: string
  name: string
  credits: number
  amount: number
  channel: Channel
  status: OrderStatus
  codeUrl: string | null
  payUrl: string | null
  instructions?: string
  createdAt: number
  paidAt: number | null
  refundedAt: number | null
  buyer?: string
}

export const fetchChannels = (options?: RequestOptions) => request<Channel[]>('GET', 'app/order/channels', undefined, options)
export const fetchBuyablePackages = (options?: RequestOptions) => request<QuotaPackage[]>('GET', 'app/order/packages', undefined, options)
export const buyPackage = (packageId: string, channel: Channel) => request<Order>('POST', 'app/order/buy', { packageId, channel })
/** Polled: quiet, a failed poll is tried again. */
export const fetchOrder = (tradeNo: string, options?: RequestOptions) => request<Order>('GET', 'app/order/tradeNo', { tradeNo }, { quiet: true, ...options })
export const fetchOwnOrders = (options?: RequestOptions) => request<Order[]>('GET', 'app/order/list', undefined, options)
/** Closes one's own order awaiting payment (picked by mistake, or not going to be paid). */
export const cancelOwnOrder = (tradeNo: string) => request<Order>('POST', 'app/order/close', { tradeNo })

// Managers: packages and orders

export type PackageInput = Omit<QuotaPackage, 'id'>
export const fetchAllPackages = (options?: RequestOptions) => request<QuotaPackage[]>('GET', 'course/order/packages', undefined, options)
export const savePackage = (id: string | null, input: PackageInput) =>
  id
    ? request<QuotaPackage>('PUT', `course/order/packages/${seg(id)}`, input, { quiet: true })
    : request<QuotaPackage>('POST', 'course/order/packages', input, { quiet: true })
export const fetchAllOrders = (status: OrderStatus | '', options?: RequestOptions) =>
  request<Order[]>('GET', 'course/order/orders', status ? { status } : undefined, options)
export const confirmOrder = (tradeNo: string) => request<Order>('POST', `course/order/orders/${seg(tradeNo)}/confirm`)
export const refundOrder = (tradeNo: string) => request<Order>('POST', `course/order/orders/${seg(tradeNo)}/refund`)
export const closeOrder = (tradeNo: string) => request<Order>('POST', `course/order/orders/${seg(tradeNo)}/close`)

// Managers: allowances, prices, grants, use

export type AllowanceScope = 'user' | 'class' | 'client'

export interface Allowance {
  scope: AllowanceScope
  targetId: string
  targetName: string
  credits: number
  updatedAt: number
}

export interface ModelPrice {
  model: string
  inputPer1k: number
  outputPer1k: number
  perImage: number
  perSecond: number
}

export interface PriceList {
  prices: ModelPrice[]
  fallback: Omit<ModelPrice, 'model'>
  models: Array<{ name: string; builtin: boolean }>
}

export type UsageGrouping = 'person' | 'class' | 'model'

export interface UsageRow {
  key: string
  name: string
  cost: number
  uses: number
  promptTokens: number
  completionTokens: number
}

export interface PersonQuota extends Quota {
  userId: string
  username?: string
  name?: string
}

export const fetchAllowances = (options?: RequestOptions) => request<Allowance[]>('GET', 'course/quota/allowances', undefined, options)
export const saveAllowance = (scope: AllowanceScope, targetId: string, credits: number) =>
  request<Allowance[]>('PUT', 'course/quota/allowances', { scope, targetId, credits }, { quiet: true })
export const removeAllowance = (scope: AllowanceScope, targetId: string) => request<Allowance[]>('DELETE', 'course/quota/allowances', { scope, targetId })
export const fetchPrices = (options?: RequestOptions) => request<PriceList>('GET', 'course/quota/prices', undefined, options)
export const savePrice = (price: ModelPrice) => request<ModelPrice[]>('PUT', 'course/quota/prices', price, { quiet: true })
export const removePrice = (model: string) => request<ModelPrice[]>('DELETE', `course/quota/prices/${seg(model)}`)
export const grantCredits = (userId: string, credits: number, note: string) =>
  request<PersonQuota>('POST', 'course/quota/grants', { userId, credits, note }, { quiet: true })
export const fetchPersonQuota = (username: string, options?: RequestOptions) =>
  request<PersonQuota>('GET', 'course/quota/person', { username }, { quiet: true, ...options })
export const fetchUsage = (by: UsageGrouping, options?: RequestOptions) => request<UsageRow[]>('GET', 'course/quota/usage', { by }, options)

// Managers: redemption code batches

export interface CodeBatch {
  id: string
  note: string
  credits: number
  count: number
  used: number
  expiresAt: number | null
  disabled: boolean
  createdAt: number
  createdBy: string
  downloadable: boolean
}

export interface BatchCode {
  hint: string
  redeemedBy: string | null
  redeemedByName: string | null
  redeemedAt: number | null
}

export const createCodeBatch = (input: { count: number; credits: number; note?: string; expiresAt?: number | null }) =>
  request<{ batchId: string; codes: string[] }>('POST', 'course/redemption-codes', input, { quiet: true })
export const fetchCodeBatches = (options?: RequestOptions) => request<CodeBatch[]>('GET', 'course/redemption-codes', undefined, options)
export const fetchBatchCodes = (id: string, options?: RequestOptions) => request<BatchCode[]>('GET', `course/redemption-codes/${seg(id)}`, undefined, options)
export const disableCodeBatch = (id: string) => request<CodeBatch[]>('POST', `course/redemption-codes/${seg(id)}/disable`)
export const downloadCodeBatch = (id: string, format: 'csv' | 'xlsx') =>
  downloadWithToken(`course/redemption-codes/${seg(id)}/export?format=${format}`, `redemption-codes-${id}.${format}`)
export const fetchAllowanceClasses = (options?: RequestOptions) =>
  request<Array<{ id: string; name: string }>>('GET', 'course/quota/classes', undefined, options)
