import { useStore } from '@nanostores/react'
import { createElement, useEffect, useRef, useState, type FormEvent } from 'react'
import { bindPhone, fetchBoundPhone, unbindPhone } from '../../api/phone'
import { $common, $phoneAccountMessages, $quotaMessages } from '../../i18n'
import { showToast } from '../../stores/toasts'
import { loadAreaElement } from '../areas'
import { errorMessage } from '../../elements/shared/error-message'
import { useElementEvent } from '../hooks'
import { PhoneCodeFields, phoneFormValues } from './phone-code'
import { HostConfirm } from './form-parts'
import { ZX_EVENTS } from '../../elements/shared/events'

const WALLET = { bundle: 'quota', tag: 'zx-quota-wallet' }

/** The person's AI credits (`<zx-quota-wallet>`, loaded with the quota bundle on first open). */
export function QuotaWalletSection() {
  const t = useStore($quotaMessages)
  const [ready, setReady] = useState(() => !!customElements.get(WALLET.tag))
  const [failed, setFailed] = useState(false)
  const [round, setRound] = useState(0)
  useEffect(() => {
    if (ready) return
    let live = true
    loadAreaElement(WALLET).then(
      () => live && setReady(true),
      () => live && setFailed(true),
    )
    return () => {
      live = false
    }
  }, [ready, round])
  return (
    <section className="zx-profile-section" data-testid="profile-quota">
      {ready ? (
        createElement(WALLET.tag)
      ) : failed ? (
        <RetryLoad heading={t.walletTitle} onRetry={() => (setFailed(false), setRound(round + 1))} />
      ) : (
        <zx-skeleton variant="rows" count={2} />
      )}
    </section>
  )
}

/** `<zx-load-error>` with its retry wired (mounted when shown, so the listener finds the element). */
function RetryLoad({ heading, onRetry }: { heading: string; onRetry: () => void }) {
  const ref = useRef<HTMLElement>(null)
  useElementEvent(ref, ZX_EVENTS.retry, onRetry)
  return <zx-load-error ref={ref} heading={heading} />
}

/** Bind a phone with an SMS code (it then signs in and resets the password), or unbind it. */
export function PhoneSection() {
  const t = useStore($phoneAccountMessages)
  const common = useStore($common)
  const [bound, setBound] = useState<string | null | undefined>(undefined)
  const [loadError, setLoadError] = useState(false)
  const [phone, setPhone] = useState('')
  const [code, setCode] = useState('')
  const [error, setError] = useState('')
  const [asking, setAsking] = useState(false)
  const [round, setRound] = useState(0)

  useEffect(() => {
    const controller = new AbortController()
    fetchBoundPhone({ signal: controller.signal }).then(
      answer => setBound(answer.phone),
      () => !controller.signal.aborted && setLoadError(true),
    )
    return () => controller.abort()
  }, [round])

  async function bind(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    // What the form holds, not the state (see formText): a password manager fills and submits in one task.
    const { phone, code } = phoneFormValues(event.currentTarget)
    if (!phone.trim() || !code) return setError(t.phoneAndCode)
    setError('')
    try {
      setBound((await bindPhone(phone.trim(), code)).phone)
      setPhone('')
      setCode('')
      showToast('success', t.bindDone)
    } catch (failure) {
      setError(errorMessage(failure, common))
    }
  }

  async function unbind() {
    setAsking(false)
    try {
      setBound((await unbindPhone()).phone)
    } catch {
      /* shown */
    }
  }

  return (
    <section className="zx-profile-section" data-testid="profile-phone">
      <h3>{t.phoneSection}</h3>
      {loadError ? (
        <RetryLoad heading={t.phoneSection} onRetry={() => (setLoadError(false), setRound(round + 1))} />
      ) : bound === undefined ? (
        <zx-skeleton variant="lines" count={1} />
      ) : bound ? (
        <div className="zx-phone-bound">
          <p className="zx-hint" data-testid="phone-bound">
            {t.boundAs({ phone: bound })}
          </p>
          <button type="button" className="zx-button" onClick={() => setAsking(true)} data-testid="phone-unbind">
            {t.unbind}
          </button>
        </div>
      ) : (
        <form className="zx-password-form" onSubmit={bind} noValidate data-testid="phone-bind-form">
          <p className="zx-hint">{t.notBound}</p>
          <PhoneCodeFields scene="bind" phone={phone} code={code} onPhone={setPhone} onCode={setCode} onError={setError} />
          {error ? (
            <p className="zx-form-error" role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" className="zx-button" data-testid="phone-bind">
            {t.bind}
          </button>
        </form>
      )}
      {asking ? <UnbindConfirm onCancel={() => setAsking(false)} onConfirm={() => void unbind()} /> : null}
    </section>
  )
}

function UnbindConfirm({ onCancel, onConfirm }: { onCancel: () => void; onConfirm: () => void }) {
  const t = useStore($phoneAccountMessages)
  return (
    <HostConfirm
      heading={t.unbind}
      message={t.unbindAsk}
      confirmLabel={t.unbind}
      onCancel={onCancel}
      onConfirm={onConfirm}
      testId="unbind-dialog"
      confirmTestId="unbind-confirm"
    />
  )
}
