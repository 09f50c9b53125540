import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { ApiError } from '../../api/errors'
import { sendSmsCode, type SmsScene } from '../../api/phone'
import { $common, $phoneAccountMessages } from '../../i18n'
import { errorMessage } from '../../elements/shared/error-message'
import { formText, HostField } from './form-parts'

/** Seconds before another code may be asked for (the server allows one per phone per 60 s). */
export const RESEND_SECONDS = 60

/** Mainland mobile numbers, as the server accepts them (+86 and dashes or spaces forgiven). */
export function isMainlandMobile(phone: string): boolean {
  return /^1[3-9]\d{9}$/u.test(phone.replace(/[\s-]/gu, '').replace(/^(\+?86)/u, ''))
}

/**
 * A phone number and an SMS code with a "send code" button that counts down
 * 60 s after a send; the limits' refusals (429) are shown as the server words
 * them, and the button counts down the server's Retry-After. Used by phone sign-in, password reset and phone binding.
 */
export function PhoneCodeFields({
  scene,
  phone,
  code,
  onPhone,
  onCode,
  onError,
}: {
  scene: SmsScene
  phone: string
  code: string
  onPhone: (phone: string) => void
  onCode: (code: string) => void
  onError: (message: string) => void
}) {
  const t = useStore($phoneAccountMessages)
  const common = useStore($common)
  const [left, setLeft] = useState(0)
  const [sending, setSending] = useState(false)
  const [sent, setSent] = useState(false)

  useEffect(() => {
    if (left <= 0) return
    const timer = setTimeout(() => setLeft(left - 1), 1000)
    return () => clearTimeout(timer)
  }, [left])

  async function send() {
    if (sending || left > 0) return
    if (!isMainlandMobile(phone)) return onError(t.phoneInvalid)
    setSending(true)
    onError('')
    try {
      await sendSmsCode(phone, scene)
      setSent(true)
      setLeft(RESEND_SECONDS)
    } catch (failure) {
      onError(errorMessage(failure, common))
      // A limit's refusal (429) says how long to wait: count that down instead of letting the
      // button be pressed again into the same refusal.
      if (failure instanceof ApiError && failure.retryAfterSeconds) setLeft(failure.retryAfterSeconds)
    } finally {
      setSending(false)
    }
  }

  return (
    <>
      <HostField label={t.phone}>
        <input
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={phone}
          placeholder={t.phonePlaceholder}
          onChange={event => onPhone(event.target.value)}
          data-testid="phone-input"
        />
      </HostField>
      <HostField label={t.smsCode}>
        <span className="zx-code-row">
          <input
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            placeholder={t.smsCodePlaceholder}
            onChange={event => onCode(event.target.value.replace(/\D/gu, ''))}
            data-testid="sms-code-input"
          />
          <button type="button" className="zx-button" disabled={sending || left > 0} onClick={() => void send()} data-testid="send-code">
            {left > 0 ? t.resend({ seconds: left }) : t.sendCode}
          </button>
        </span>
      </HostField>
      {sent && left > 0 ? (
        <p className="zx-form-note" role="status" data-testid="code-sent">
          {t.codeSent}
        </p>
      ) : null}
    </>
  )
}

/** The phone, SMS code (digits only, as the field keeps it) and new password a phone form holds (see formText). */
export function phoneFormValues(element: HTMLFormElement): { phone: string; code: string; newPassword: string } {
  const form = new FormData(element)
  return { phone: formText(form, 'phone'), code: formText(form, 'code').replace(/\D/gu, ''), newPassword: formText(form, 'new-password') }
}
