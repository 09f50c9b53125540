import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { buyPackage, fetchBuyablePackages, fetchChannels, fetchOrder, type Channel, type Order } from '../../api/quota'
import { $common, $quotaMessages } from '../../i18n'
import { noteQuotaChanged } from '../../stores/quota'
import { LoadGate, useLoadable } from '../shared/load'
import { QrCode } from '../shared/qr-code'
import { FieldSet, Modal, ModalActions } from '../shared/ui'
import { channelLabel, statusLabel, yuan } from './labels'

const POLL_MS = 2000

/** Polls GET /app/order/tradeNo until the order is no longer pending. */
function usePaidOrder(order: Order | null): Order | null {
  const [latest, setLatest] = useState(order)
  useEffect(() => {
    setLatest(order)
    if (!order || order.status !== 'pending') return
    let live = true
    let timer: ReturnType<typeof setTimeout>
    const controller = new AbortController()
    const poll = async () => {
      const seen = await fetchOrder(order.tradeNo, { signal: controller.signal }).catch(() => null)
      if (!live) return
      if (seen && seen.status !== 'pending') {
        setLatest({ ...order, ...seen })
        if (seen.status === 'paid') noteQuotaChanged()
        return
      }
      timer = setTimeout(() => void poll(), POLL_MS)
    }
    timer = setTimeout(() => void poll(), POLL_MS)
    return () => {
      live = false
      clearTimeout(timer)
      controller.abort()
    }
  }, [order])
  return latest
}

function defaultChannel(channels: Channel[]): Channel | '' {
  return channels.find(ch => ch !== 'offline') ?? channels[0] ?? ''
}

/** Buy a package: pick it and a channel, then the QR code (WeChat), the Alipay page, or the transfer instructions. */
export function BuyDialog({ onClose }: { onClose: () => void }) {
  const t = useStore($quotaMessages)
  const common = useStore($common)
  const [choices, store] = useLoadable(async signal => {
    const [packages, channels] = await Promise.all([fetchBuyablePackages({ signal }), fetchChannels({ signal })])
    return { packages, channels }
  }, [])
  const [pickedPackage, setPickedPackage] = useState('')
  const [pickedChannel, setPickedChannel] = useState<Channel | ''>('')
  const [busy, setBusy] = useState(false)
  const [order, setOrder] = useState<Order | null>(null)
  const current = usePaidOrder(order)
  // Until the person picks, the first package and the first online channel
  // are picked, derived in render so they show from the first paint (set in
  // an effect, they came a frame late on preact: nothing looked picked and
  // "pay" was disabled for a moment).
  const packageId = pickedPackage || choices.data?.packages[0]?.id || ''
  const channel = pickedChannel || defaultChannel(choices.data?.channels ?? [])

  async function pay() {
    if (!packageId || !channel || busy) return
    setBusy(true)
    try {
      const made = await buyPackage(packageId, channel)
      setOrder(made)
      if (made.channel === 'alipay' && made.payUrl) window.open(made.payUrl, '_blank', 'noopener')
    } catch {
      /* the client showed why */
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal heading={t.buyTitle} onClose={onClose} testId="buy-dialog">
      {current ? (
        <div className="pay" data-testid="pay-step" data-status={current.status}>
          <dl className="facts">
            <dt>{t.choosePackage}</dt>
            <dd>{current.name}</dd>
            <dt>{t.amount}</dt>
            <dd>¥{yuan(current.amount)}</dd>
            <dt>{t.tradeNo}</dt>
            <dd className="mono" data-testid="pay-trade-no">
              {current.tradeNo}
            </dd>
          </dl>
          {current.status === 'paid' ? (
            <p className="ok" role="status" data-testid="pay-done">
              {t.paidDone({ credits: current.credits })}
            </p>
          ) : current.status !== 'pending' ? (
            <p className="muted" data-testid="pay-status">
              {statusLabel(t, current.status)}
            </p>
          ) : current.channel === 'wechat' && current.codeUrl ? (
            <>
              <QrCode text={current.codeUrl} />
              <p className="muted">{t.wechatScan}</p>
              <p className="muted" role="status">
                {t.waiting}
              </p>
            </>
          ) : current.channel === 'alipay' && current.payUrl ? (
            <>
              <p className="muted">{t.alipayHint}</p>
              <a className="button primary" href={current.payUrl} target="_blank" rel="noopener" data-testid="pay-alipay">
                {t.openAlipay}
              </a>
              <p className="muted" role="status">
                {t.waiting}
              </p>
            </>
          ) : (
            <>
              <p data-testid="pay-instructions">{current.instructions}</p>
              <p className="muted">{t.offlineHint}</p>
            </>
          )}
          <div className="modal-actions">
            <button type="button" className="button" onClick={onClose} data-testid="pay-close">
              {common.close}
            </button>
          </div>
        </div>
      ) : (
        <LoadGate state={choices} what={t.buyTitle} onRetry={() => void store.retry()} count={3}>
          {({ packages, channels }) =>
            packages.length === 0 ? (
              <zx-empty-state message={t.noPackages} />
            ) : (
              <div className="modal-body">
                <FieldSet legend={t.choosePackage}>
                  <div className="choices">
                    {packages.map(p => (
                      <label key={p.id} className={p.id === packageId ? 'choice picked' : 'choice'} data-testid="package-choice">
                        <input type="radio" name="package" value={p.id} checked={p.id === packageId} onChange={() => setPickedPackage(p.id)} />
                        <span className="choice-name">{p.name}</span>
                        <span className="muted">{t.packageLine({ credits: p.credits, price: yuan(p.price) })}</span>
                      </label>
                    ))}
                  </div>
                </FieldSet>
                <FieldSet legend={t.chooseChannel}>
                  <div className="choices row">
                    {channels.map(ch => (
                      <label key={ch} className={ch === channel ? 'choice picked' : 'choice'} data-testid={`channel-${ch}`}>
                        <input type="radio" name="channel" value={ch} checked={ch === channel} onChange={() => setPickedChannel(ch)} />
                        <span className="choice-name">{channelLabel(t, ch)}</span>
                      </label>
                    ))}
                  </div>
                </FieldSet>
                <ModalActions
                  onCancel={onClose}
                  onConfirm={() => void pay()}
                  confirmLabel={t.payNow}
                  disabled={busy || !packageId || !channel}
                  testId="pay-now"
                />
              </div>
            )
          }
        </LoadGate>
      )}
    </Modal>
  )
}
