import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { cancelOwnOrder, fetchOwnOrders, fetchQuota, fetchQuotaHistory, type LedgerEntry, type Order } from '../../api/quota'
import { $locale, $quotaMessages } from '../../i18n'
import { $quotaChanged } from '../../stores/quota'
import type { ElementProps } from '../shared/define-element'
import { formatDate } from '../shared/format'
import { LoadGate, useLoadable } from '../shared/load'
import { ConfirmDialog } from '../shared/ui'
import { RedeemForm } from '../shared/redeem-form'
import { BuyDialog } from './buy-dialog'
import { channelLabel, credits, kindLabel, statusLabel, yuan } from './labels'

export type QuotaWalletProps = ElementProps

const PAGE_SIZE = 10

/**
 * `<zx-quota-wallet>` (no attributes): a person's AI credits in the profile —
 * balance, redeem a code, buy a package, history and orders.
 */
export function QuotaWallet(_props: QuotaWalletProps) {
  const t = useStore($quotaMessages)
  const locale = useStore($locale)
  const changed = useStore($quotaChanged)
  const [quota, quotaStore] = useLoadable(signal => fetchQuota({ signal }), [changed], { keep: true })
  const [pages, setPages] = useState(1)
  const [history, historyStore] = useLoadable(signal => fetchQuotaHistory(1, PAGE_SIZE * pages, { signal }), [changed, pages], { keep: true })
  const [orders, ordersStore] = useLoadable(signal => fetchOwnOrders({ signal }), [changed], { keep: true })
  const [buying, setBuying] = useState(false)
  const [cancelling, setCancelling] = useState<Order | null>(null)
  const n = (value: number) => credits(value, locale)

  return (
    <section className="wallet" part="base" data-testid="quota-wallet">
      <h3 className="wallet-title" part="header">
        {t.walletTitle}
      </h3>
      <LoadGate state={quota} what={t.what} onRetry={() => void quotaStore.retry()} skeleton="rows" count={1}>
        {q => (
          <div className="balance-row" part="body">
            <div className="balance">
              <span className="muted">{t.balance}</span>
              <strong data-testid="quota-balance">{q.limited ? n(q.balance) : '∞'}</strong>
            </div>
            <dl className="facts">
              {q.limited && q.allowance !== null ? (
                <>
                  <dt>{t.allowance}</dt>
                  <dd>{n(q.allowance)}</dd>
                  <dt>{t.allowanceLeft}</dt>
                  <dd>{n(q.allowanceLeft)}</dd>
                </>
              ) : null}
              <dt>{t.extra}</dt>
              <dd data-testid="quota-extra">{n(q.extra)}</dd>
              <dt>{t.used}</dt>
              <dd data-testid="quota-used">{n(q.used)}</dd>
            </dl>
            {q.limited ? null : <p className="muted full">{t.notLimited}</p>}
          </div>
        )}
      </LoadGate>
      <div className="wallet-actions" part="actions">
        <RedeemForm />
        <button type="button" className="button" onClick={() => setBuying(true)} data-testid="open-buy">
          {t.buyTitle}
        </button>
      </div>
      <h4>{t.history}</h4>
      <LoadGate state={history} what={t.history} onRetry={() => void historyStore.retry()} count={3}>
        {page =>
          page.list.length === 0 ? (
            <zx-empty-state message={t.historyEmpty} />
          ) : (
            <>
              <ul className="ledger" data-testid="quota-history">
                {page.list.map(ledgerLine)}
              </ul>
              {page.total > page.list.length ? (
                <button type="button" className="button ghost" onClick={() => setPages(pages + 1)}>
                  {t.more}
                </button>
              ) : null}
            </>
          )
        }
      </LoadGate>
      <LoadGate state={orders} what={t.orders} onRetry={() => void ordersStore.retry()} count={1}>
        {list =>
          list.length === 0 ? null : (
            <>
              <h4>{t.orders}</h4>
              <ul className="ledger" data-testid="own-orders">
                {list.map(o => (
                  <li key={o.tradeNo} data-status={o.status}>
                    <span className="what">
                      {o.name} · {channelLabel(t, o.channel)} · ¥{yuan(o.amount)}
                      <span className="muted mono">{o.tradeNo}</span>
                    </span>
                    <span className="order-side">
                      <span className="badge">{statusLabel(t, o.status)}</span>
                      {o.status === 'pending' ? (
                        <button type="button" className="button ghost" onClick={() => setCancelling(o)} data-testid="order-cancel">
                          {t.cancelOrder}
                        </button>
                      ) : null}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )
        }
      </LoadGate>
      {buying ? <BuyDialog onClose={() => setBuying(false)} /> : null}
      {cancelling ? (
        <ConfirmDialog
          heading={t.cancelOrder}
          message={t.cancelOrderAsk}
          confirmLabel={t.cancelOrder}
          onConfirm={() => void cancel(cancelling)}
          onCancel={() => setCancelling(null)}
        />
      ) : null}
    </section>
  )

  async function cancel(order: Order) {
    setCancelling(null)
    try {
      await cancelOwnOrder(order.tradeNo)
    } catch {
      /* the client showed why (already paid or closed elsewhere) */
    }
    void ordersStore.load()
  }

  function ledgerLine(entry: LedgerEntry) {
    const detail = entry.model
      ? `${entry.model}${entry.promptTokens || entry.completionTokens ? ` · ${t.tokens({ prompt: entry.promptTokens, completion: entry.completionTokens })}` : ''}`
      : entry.note
    return (
      <li key={entry.id} data-kind={entry.kind}>
        <span className="what">
          {kindLabel(t, entry.kind)}
          {detail ? <span className="muted">{detail}</span> : null}
          <span className="muted">{formatDate(entry.createdAt, locale)}</span>
        </span>
        <span className={entry.delta < 0 ? 'delta minus' : 'delta plus'}>
          {entry.delta > 0 ? '+' : ''}
          {n(entry.delta)}
        </span>
      </li>
    )
  }
}

export const quotaCss = `
:host { display: block; }
.muted { color: var(--_text-muted); font-size: 13px; margin: 0; line-height: 1.6; }
.mono { font-family: ui-monospace, monospace; }
.ok { color: var(--_success, #1a7f37); margin: 0; }
.wallet { display: flex; flex-direction: column; gap: 12px; }
.wallet-title { margin: 0; font-size: 16px; }
.wallet h4 { margin: 4px 0 0; font-size: 14px; }
.balance-row { display: flex; flex-wrap: wrap; gap: 12px 24px; align-items: center; }
.balance { display: flex; flex-direction: column; }
.balance strong { font-size: 28px; line-height: 1.2; color: var(--_primary-strong); }
.facts { display: grid; grid-template-columns: auto auto; gap: 2px 12px; margin: 0; font-size: 13px; }
.facts dt { color: var(--_text-muted); }
.facts dd { margin: 0; }
.full { flex-basis: 100%; }
.wallet-actions { display: flex; flex-wrap: wrap; gap: 8px; align-items: flex-end; }
.wallet-actions .redeem-form { flex: 1 1 260px; }
.ledger { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; }
.ledger li { display: flex; justify-content: space-between; gap: 12px; padding: 8px 0; border-bottom: 1px solid var(--_border); font-size: 14px; }
.ledger .what { display: flex; flex-direction: column; gap: 2px; min-width: 0; word-break: break-word; }
.order-side { display: flex; flex-direction: column; align-items: flex-end; gap: 4px; flex-shrink: 0; }
.delta { font-variant-numeric: tabular-nums; white-space: nowrap; }
.delta.plus { color: var(--_success, #1a7f37); }
.delta.minus { color: var(--_text); }
.choices { display: flex; flex-direction: column; gap: 8px; }
.choices.row { flex-direction: row; flex-wrap: wrap; }
.choice { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; padding: 10px 12px; border: 1px solid var(--_border); border-radius: 10px; cursor: pointer; font-size: 14px; }
.choice.picked { border-color: var(--_primary); background: var(--_primary-soft); }
.choice-name { font-weight: 600; }
.pay { display: flex; flex-direction: column; gap: 12px; align-items: stretch; }
.qr { width: 200px; max-width: 100%; align-self: center; background: #fff; padding: 8px; border-radius: 8px; }
.qr svg { display: block; width: 100%; height: auto; }
a.button { text-decoration: none; text-align: center; }
`
