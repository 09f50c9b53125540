import { useStore } from '@nanostores/react'
import { useState, type FormEvent } from 'react'
import { changePassword } from '../../api/account'
import { $common, $profileMessages } from '../../i18n'
import { $session } from '../../stores/auth'
import { showToast } from '../../stores/toasts'
import { errorMessage } from '../../elements/shared/error-message'
import { formText, HostField } from './form-parts'

/** Same minimum as the server (server/config.ts MIN_PASSWORD_LENGTH). */
export const MIN_PASSWORD_LENGTH = 8

type Messages = ReturnType<typeof $profileMessages.get>

/** The first problem with the form, or undefined when it may be sent. */
export function passwordProblem(t: Messages, oldPassword: string, newPassword: string, confirm: string): string | undefined {
  if (!oldPassword || !newPassword) return t.passwordRequired
  if (newPassword.length < MIN_PASSWORD_LENGTH) return t.passwordTooShort({ min: MIN_PASSWORD_LENGTH })
  if (newPassword === oldPassword) return t.passwordSameAsOld
  if (newPassword !== confirm) return t.passwordMismatch
  return undefined
}

/**
 * `oldLabel`: what the current password is called (the one-time password on
 * the page that asks for a new one); `onChanged` runs after a change.
 */
export function PasswordForm({ oldLabel, onChanged }: { oldLabel?: string; onChanged?: () => void } = {}) {
  const t = useStore($profileMessages)
  const common = useStore($common)
  const session = useStore($session)
  const [values, setValues] = useState({ oldPassword: '', newPassword: '', confirmPassword: '' })
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)

  const field = (name: keyof typeof values, label: string, autoComplete: string) => (
    <HostField label={label}>
      <input
        type="password"
        name={name}
        autoComplete={autoComplete}
        value={values[name]}
        onChange={event => setValues({ ...values, [name]: event.target.value })}
      />
    </HostField>
  )

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    // What the form holds, not the state (see formText): a password manager fills and submits in one task.
    const form = new FormData(event.currentTarget)
    const oldPassword = formText(form, 'oldPassword')
    const newPassword = formText(form, 'newPassword')
    const problem = passwordProblem(t, oldPassword, newPassword, formText(form, 'confirmPassword'))
    setError(problem ?? '')
    if (problem) return
    setBusy(true)
    try {
      await changePassword(oldPassword, newPassword)
      setValues({ oldPassword: '', newPassword: '', confirmPassword: '' })
      showToast('success', t.passwordChanged)
      onChanged?.()
    } catch (failure) {
      setError(errorMessage(failure, common))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="zx-password-form" onSubmit={onSubmit} noValidate>
      {/* Tells password managers whose password changes; not shown. */}
      <input type="text" autoComplete="username" value={session?.username ?? ''} readOnly hidden />
      {field('oldPassword', oldLabel ?? t.oldPassword, 'current-password')}
      {field('newPassword', t.newPassword, 'new-password')}
      {field('confirmPassword', t.confirmPassword, 'new-password')}
      {error ? (
        <p className="zx-form-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="zx-button" disabled={busy}>
        {t.changePassword}
      </button>
    </form>
  )
}
