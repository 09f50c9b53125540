import { useStore } from '@nanostores/react'
import { useState, type FormEvent } from 'react'
import { $common, $quotaMessages } from '../../i18n'
import { redeem } from '../../stores/quota'
import { failureDetail } from './load'
import { emit } from './host-hooks'
import { Field } from './ui'
import { ZX_EVENTS } from './events'
import { styles } from './styles'

/**
 * Redeem a code (POST /app/order/redemption): the wallet in the profile and
 * the refusal in chat both show it. A refused code is said under the field.
 */
export function RedeemForm({ onRedeemed, testId = 'redeem-form' }: { onRedeemed?: (done: { credits: number; balance: number }) => void; testId?: string }) {
  const t = useStore($quotaMessages)
  const common = useStore($common)
  const [code, setCode] = useState('')
  const [error, setError] = useState('')
  const [done, setDone] = useState('')
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    if (!code.trim()) return setError(t.codeRequired)
    setBusy(true)
    setError('')
    setDone('')
    try {
      const result = await redeem(code)
      setCode('')
      setDone(t.redeemed(result))
      onRedeemed?.(result)
    } catch (failure) {
      setError(failureDetail(failure, common))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="redeem-form" onSubmit={submit} noValidate data-testid={testId}>
      <Field label={t.codeLabel} error={error || undefined}>
        <span className="redeem-row">
          <input
            className="input"
            name="code"
            autoComplete="off"
            spellCheck={false}
            value={code}
            placeholder={t.codePlaceholder}
            onChange={e => setCode(e.target.value)}
            data-testid="redeem-code"
          />
          <button type="submit" className="button primary" disabled={busy} data-testid="redeem-submit">
            {busy ? t.redeeming : t.redeem}
          </button>
        </span>
      </Field>
      {done ? (
        <p className="redeem-done" role="status" data-testid="redeem-done">
          {done}
        </p>
      ) : null}
    </form>
  )
}

/**
 * The refusal at zero (code 600) where it happened: the server's words, a code
 * to redeem on the spot, and the way to the wallet (the host opens the profile
 * on `zx:open-wallet`).
 */
export function QuotaRefusalNotice({ message, host }: { message: string; host?: HTMLElement }) {
  const t = useStore($quotaMessages)
  return (
    <div className="quota-refusal" role="alert" data-testid="quota-refusal">
      <strong>{t.refusedTitle}</strong>
      <p>{message}</p>
      <p className="quota-refusal-hint">{t.refusedHint}</p>
      <RedeemForm testId="refusal-redeem" />
      <button type="button" className="button ghost" onClick={() => emit(host, ZX_EVENTS.openWallet, null)} data-testid="open-wallet">
        {t.openWallet}
      </button>
    </div>
  )
}

export const redeemFormCss = `
.redeem-form { display: flex; flex-direction: column; gap: 6px; }
.redeem-row { display: flex; gap: 8px; }
.redeem-row .input { flex: 1 1 auto; min-width: 0; font-family: ui-monospace, monospace; }
.redeem-done { margin: 0; color: var(--_success, #1a7f37); font-size: 13px; }
.quota-refusal { display: flex; flex-direction: column; gap: 8px; align-items: flex-start; margin: 0 0 8px; padding: 12px 14px; border-radius: 12px; border: 1px solid var(--_danger); background: var(--_bg-elevated); font-size: 14px; }
.quota-refusal p { margin: 0; line-height: 1.6; }
.quota-refusal .quota-refusal-hint { color: var(--_text-muted); font-size: 13px; }
.quota-refusal .redeem-form { align-self: stretch; }
`

RedeemForm.styles = styles(redeemFormCss)
QuotaRefusalNotice.styles = styles(redeemFormCss)
