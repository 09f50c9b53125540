import type { ClientType } from '../../api/account'
import type { Channel, LedgerKind, OrderStatus } from '../../api/quota'
import type { $quotaMessages } from '../../i18n'

/** Names the quota screens share: ledger kinds, order states, channels, client types. */
export type QuotaWords = ReturnType<typeof $quotaMessages.get>

export function kindLabel(t: QuotaWords, kind: LedgerKind): string {
  const labels: Record<string, string> = {
    chat: t.kindChat,
    image: t.kindImage,
    video: t.kindVideo,
    order: t.kindOrder,
    redeem: t.kindRedeem,
    refund: t.kindRefund,
    grant: t.kindGrant,
    take: t.kindTake,
  }
  return labels[kind] ?? kind
}

export function statusLabel(t: QuotaWords, status: OrderStatus): string {
  return { pending: t.statusPending, paid: t.statusPaid, refunded: t.statusRefunded, closed: t.statusClosed }[status] ?? status
}

export function channelLabel(t: QuotaWords, channel: Channel | string): string {
  return ({ wechat: t.channelWechat, alipay: t.channelAlipay, offline: t.channelOffline } as Record<string, string>)[channel] ?? channel
}

export function clientTypeLabel(t: QuotaWords, type: ClientType): string {
  return type === '1' ? t.type1 : type === '2' ? t.type2 : t.type3
}

/** Credits as people read them: up to three decimals, no trailing zeros. */
export function credits(value: number, locale: string): string {
  return value.toLocaleString(locale, { maximumFractionDigits: 3 })
}

export function yuan(value: number): string {
  return value.toFixed(2)
}
