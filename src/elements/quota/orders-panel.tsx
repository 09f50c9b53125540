import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { closeOrder, confirmOrder, fetchAllOrders, refundOrder, type Order, type OrderStatus } from '../../api/quota'
import { $locale, $quotaMessages } from '../../i18n'
import { formatDate } from '../shared/format'
import { useLoadable } from '../shared/load'
import { ConfirmDialog, TablePanel } from '../shared/ui'
import { Select } from '../shared/select'
import { channelLabel, credits, statusLabel, yuan, type QuotaWords } from './labels'

const STATUSES: OrderStatus[] = ['pending', 'paid', 'refunded', 'closed']

type Action = 'confirm' | 'close' | 'refund'

/** What each action on an order calls, is named and asks before it goes. */
const ACTIONS: Record<Action, { call: (tradeNo: string) => Promise<Order>; label: (t: QuotaWords) => string; ask: (t: QuotaWords, o: Order) => string }> = {
  confirm: { call: confirmOrder, label: t => t.confirmPaid, ask: (t, o) => t.confirmPaidAsk({ tradeNo: o.tradeNo }) },
  close: { call: closeOrder, label: t => t.closeOrder, ask: (t, o) => t.closeOrderAsk({ tradeNo: o.tradeNo }) },
  refund: { call: refundOrder, label: t => t.refund, ask: (t, o) => t.refundAsk({ credits: o.credits }) },
}

/** Every order: confirm an offline transfer, close one nobody is going to pay, refund a paid order. */
export function OrdersPanel() {
  const t = useStore($quotaMessages)
  const locale = useStore($locale)
  const [status, setStatus] = useState<OrderStatus | ''>('')
  const [state, store] = useLoadable(signal => fetchAllOrders(status, { signal }), [status])
  const [asking, setAsking] = useState<{ order: Order; kind: Action } | null>(null)

  async function act() {
    if (!asking) return
    const { order, kind } = asking
    setAsking(null)
    try {
      await ACTIONS[kind].call(order.tradeNo)
    } catch {
      /* shown */
    }
    void store.load()
  }

  return (
    <TablePanel
      testId="quota-orders"
      toolbar={
        <div className="toolbar" part="actions">
          <Select
            aria-label={t.allStatus}
            value={status}
            onChange={e => setStatus(e.target.value as OrderStatus | '')}
            data-testid="orders-status"
            none={t.allStatus}
            options={STATUSES.map(s => ({ value: s, label: statusLabel(t, s) }))}
          />
        </div>
      }
      state={state}
      what={t.tabOrders}
      onRetry={() => void store.retry()}
      empty={t.ordersAllEmpty}
      columns={[
        { label: t.tradeNo },
        { label: t.buyer },
        { label: t.choosePackage },
        { label: t.channel, optional: true },
        { label: t.time, optional: true },
        { label: t.actions },
      ]}
      row={o => (
        <tr key={o.tradeNo} data-testid="order-row" data-trade-no={o.tradeNo} data-status={o.status}>
          <td className="mono">{o.tradeNo}</td>
          <td>{o.buyer}</td>
          <td>
            {o.name} · {credits(o.credits, locale)} · ¥{yuan(o.amount)} <span className="badge">{statusLabel(t, o.status)}</span>
          </td>
          <td className="optional">{channelLabel(t, o.channel)}</td>
          <td className="optional">{formatDate(o.createdAt, locale)}</td>
          <td className="actions">
            {o.status === 'pending' && o.channel === 'offline' ? (
              <button type="button" className="button ghost" onClick={() => setAsking({ order: o, kind: 'confirm' })} data-testid="order-confirm">
                {t.confirmPaid}
              </button>
            ) : null}
            {o.status === 'pending' ? (
              <button type="button" className="button ghost" onClick={() => setAsking({ order: o, kind: 'close' })} data-testid="order-close">
                {t.closeOrder}
              </button>
            ) : null}
            {o.status === 'paid' ? (
              <button type="button" className="button ghost" onClick={() => setAsking({ order: o, kind: 'refund' })} data-testid="order-refund">
                {t.refund}
              </button>
            ) : null}
          </td>
        </tr>
      )}>
      {asking ? (
        <ConfirmDialog
          heading={ACTIONS[asking.kind].label(t)}
          message={ACTIONS[asking.kind].ask(t, asking.order)}
          confirmLabel={ACTIONS[asking.kind].label(t)}
          onConfirm={() => void act()}
          onCancel={() => setAsking(null)}
        />
      ) : null}
    </TablePanel>
  )
}
