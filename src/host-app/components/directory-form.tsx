import { useStore } from '@nanostores/react'
import { useState, type FormEvent } from 'react'
import { signInWithDirectory, type SignonProvider } from '../../api/signon'
import { $common, $loginMessages } from '../../i18n'
import { setToken } from '../../stores/auth'
import { forgetSignonProvider } from '../../stores/signon'
import { errorMessage } from '../../elements/shared/error-message'
import { redirect } from '../router'
import { formText, HostField, SignInFoot } from './form-parts'

/**
 * A directory's (LDAP) sign-in on the login page: its button opens a
 * username and password form, which the directory checks (a bind as the
 * person); signed in, the person goes where they were going.
 */
export function DirectoryForm({ provider, target }: { provider: SignonProvider; target: string }) {
  const t = useStore($loginMessages)
  const common = useStore($common)
  const [open, setOpen] = useState(false)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const formId = `signon-form-${provider.id}`

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    // What the form holds (see the login page): a password manager fills and submits in one task.
    const form = new FormData(event.currentTarget)
    const username = formText(form, 'username').trim()
    const password = formText(form, 'password')
    if (!username || !password) return setError(t.required)
    setBusy(true)
    setError('')
    try {
      const grant = await signInWithDirectory(provider.id, username, password)
      setToken(grant.token, grant.expiresIn)
      // A directory has no session of its own to end at sign-out.
      forgetSignonProvider()
      redirect(target)
    } catch (failure) {
      setError(errorMessage(failure, common))
      setBusy(false)
    }
  }

  return (
    <>
      <button
        type="button"
        className="zx-button zx-button-block zx-signon-button"
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => setOpen(!open)}
        data-testid={`signon-${provider.id}`}>
        {provider.name}
      </button>
      {open ? (
        <form
          id={formId}
          className="zx-login-form zx-signon-form"
          onSubmit={onSubmit}
          noValidate
          aria-label={provider.name}
          data-testid="signon-directory-form">
          <HostField label={t.username}>
            <input name="username" autoComplete="username" placeholder={t.usernamePlaceholder} autoFocus />
          </HostField>
          <HostField label={t.password}>
            <input type="password" name="password" autoComplete="current-password" placeholder={t.passwordPlaceholder} />
          </HostField>
          <SignInFoot error={error} errorTestId="signon-directory-error" busy={busy} label={busy ? t.submitting : t.submit} />
        </form>
      ) : null}
    </>
  )
}
