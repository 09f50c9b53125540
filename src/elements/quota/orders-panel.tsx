import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { confirmOrder, fetchAllOrders, refundOrder, type Order, type OrderStatus } from '../../api/quota'
import { $locale, $quotaMessages } from '../../i18n'
import { formatDate } from '../shared/format'
import { useLoadable } from '../shared/load'
import { ConfirmDialog, TablePanel } from '../shared/ui'
import { Select } from '../shared/select'
import { channelLabel, credits, statusLabel, yuan } from './labels'

const STATUSES: OrderStatus[] = ['pending', 'paid', 'refunded', 'closed']

/** Every order: confirm an offline transfer, refund a paid order. */
export function OrdersPanel() {
  const t = useStore($quotaMessages)
  const locale = useStore($locale)
  const [status, setStatus] = useState<OrderStatus | ''>('')
  const [state, store] = useLoadable(signal => fetchAllOrders(status, { signal }), [status])
  const [asking, setAsking] = useState<{ order: Order; kind: 'confirm' | 'refund' } | null>(null)

  async function act() {
    if (!asking) return
    const { order, kind } = asking
    setAsking(null)
    try {
      await (kind === 'confirm' ? confirmOrder(order.tradeNo) : refundOrder(order.tradeNo))
    } catch {
      /* shown */
    }
    void store.load()
  }

  return (
    <TablePanel
      testId="quota-orders"
      toolbar={
        <div className="toolbar">
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
          heading={asking.kind === 'confirm' ? t.confirmPaid : t.refund}
          message={asking.kind === 'confirm' ? t.confirmPaidAsk({ tradeNo: asking.order.tradeNo }) : t.refundAsk({ credits: asking.order.credits })}
          confirmLabel={asking.kind === 'confirm' ? t.confirmPaid : t.refund}
          onConfirm={() => void act()}
          onCancel={() => setAsking(null)}
        />
      ) : null}
    </TablePanel>
  )
}
