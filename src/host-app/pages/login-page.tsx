import { useStore } from '@nanostores/react'
import { useState, type FormEvent } from 'react'
import { signIn } from '../../api/account'
import { resetPasswordWithPhone, signInWithPhone } from '../../api/phone'
import { $common, $loginMessages, $profileMessages, $phoneAccountMessages } from '../../i18n'
import { setToken } from '../../stores/auth'
import { forgetSignonProvider } from '../../stores/signon'
import { $appSetting, $smsSignIn } from '../../stores/settings'
import { MIN_PASSWORD_LENGTH } from '../components/password-form'
import { TabBar } from '../../elements/shared/ui/tab-bar'
import { PhoneCodeFields, phoneFormValues } from '../components/phone-code'
import { SignonButtons } from '../components/signon-buttons'
import { formText, HostField, SignInFoot } from '../components/form-parts'
import { LanguagePicker, ThemeCycleButton } from '../components/preferences'
import { errorMessage } from '../../elements/shared/error-message'
import type { Page } from '../guard'
import { DEFAULT_LOGO } from '../layouts/shell-logos'
import { redirect, safeRedirect } from '../router'

type Mode = 'password' | 'phone' | 'reset'

/**
 * SPEC §1 login page: the site title (fallback product title) and the sign-in
 * form, by username and password or by phone and SMS code, and the
 * password reset by SMS behind "forgot password", and a button for each of
 * the school's identity providers (components/signon-buttons.tsx). Phone
 * sign-in and reset are offered only when the server says its codes reach
 * anyone; otherwise the page says whom to ask for a new password.
 */
export function LoginPage({ page }: { page: Page }) {
  const t = useStore($loginMessages)
  const q = useStore($phoneAccountMessages)
  const profile = useStore($profileMessages)
  const common = useStore($common)
  const { baseInfo } = useStore($appSetting)
  const smsSignIn = useStore($smsSignIn)
  const [chosen, setMode] = useState<Mode>('password')
  const mode: Mode = smsSignIn ? chosen : 'password'
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [phone, setPhone] = useState('')
  const [code, setCode] = useState('')
  const [newPassword, setNewPassword] = useState('')
  const [error, setError] = useState('')
  const [note, setNote] = useState('')
  const [busy, setBusy] = useState(false)
  const title = baseInfo.siteTitle || common.productTitle

  function switchTo(next: Mode) {
    setMode(next)
    setError('')
    setNote('')
    setCode('')
  }

  async function onPhoneSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    // What the form holds, not the state: a password manager (or a script) that
    // fills the fields and submits in one task would otherwise send the old
    // values, as Preact renders the fields' updates a tick later.
    const { phone, code, newPassword } = phoneFormValues(event.currentTarget)
    if (!phone.trim() || !code) return setError(q.phoneAndCode)
    setBusy(true)
    setError('')
    try {
      if (mode === 'reset') {
        if (newPassword.length < MIN_PASSWORD_LENGTH) {
          setBusy(false)
          return setError(profile.passwordTooShort({ min: MIN_PASSWORD_LENGTH }))
        }
        await resetPasswordWithPhone(phone.trim(), code, newPassword)
        setNewPassword('')
        switchTo('password')
        setNote(q.resetDone)
        setBusy(false)
        return
      }
      const grant = await signInWithPhone(phone.trim(), code)
      setToken(grant.token, grant.expiresIn)
      forgetSignonProvider()
      redirect(safeRedirect(page.search.redirect))
    } catch (failure) {
      setError(errorMessage(failure, common))
      setBusy(false)
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    // What the form holds (see onPhoneSubmit): a password manager fills and submits in one task.
    const form = new FormData(event.currentTarget)
    const username = formText(form, 'username')
    const password = formText(form, 'password')
    if (!username.trim() || !password) return setError(t.required)
    setBusy(true)
    setError('')
    try {
      const grant = await signIn(username.trim(), password)
      setToken(grant.token, grant.expiresIn)
      forgetSignonProvider()
      redirect(safeRedirect(page.search.redirect))
    } catch (failure) {
      setError(errorMessage(failure, common))
      setBusy(false)
    }
  }

  return (
    <div className="zx-login" data-page="login">
      <div className="zx-login-tools">
        <LanguagePicker compact />
        <ThemeCycleButton />
      </div>
      <main className="zx-login-card">
        <img className="zx-login-logo" src={baseInfo.siteLogo || DEFAULT_LOGO} alt="" />
        <h1 className="zx-login-title">{title}</h1>
        <p className="zx-login-heading">{t.heading}</p>
        {mode === 'reset' ? (
          <p className="zx-login-heading" data-testid="reset-heading">
            {q.resetTitle}
          </p>
        ) : !smsSignIn ? null : (
          <TabBar fill tabs={{ password: q.passwordTab, phone: q.phoneTab }} active={mode} onSelect={switchTo} testIdPrefix="login-tab-" />
        )}
        {note ? (
          <p className="zx-form-note" role="status" data-testid="login-note">
            {note}
          </p>
        ) : null}
        {mode === 'password' ? (
          <form className="zx-login-form" onSubmit={onSubmit} noValidate>
            <HostField label={t.username}>
              <input
                name="username"
                autoComplete="username"
                value={username}
                placeholder={t.usernamePlaceholder}
                onChange={event => setUsername(event.target.value)}
                autoFocus
              />
            </HostField>
            <HostField label={t.password}>
              <input
                type="password"
                name="password"
                autoComplete="current-password"
                value={password}
                placeholder={t.passwordPlaceholder}
                onChange={event => setPassword(event.target.value)}
              />
            </HostField>
            <SignInFoot error={error} errorTestId="login-error" busy={busy} label={busy ? t.submitting : t.submit} />
          </form>
        ) : (
          <form className="zx-login-form" onSubmit={onPhoneSubmit} noValidate data-testid={mode === 'reset' ? 'reset-form' : 'phone-login-form'}>
            <PhoneCodeFields scene={mode === 'reset' ? 'reset' : 'login'} phone={phone} code={code} onPhone={setPhone} onCode={setCode} onError={setError} />
            {mode === 'reset' ? (
              <HostField label={q.newPassword}>
                <input
                  type="password"
                  name="new-password"
                  autoComplete="new-password"
                  value={newPassword}
                  onChange={event => setNewPassword(event.target.value)}
                  data-testid="reset-password"
                />
              </HostField>
            ) : null}
            {error ? (
              <p className="zx-form-error" role="alert" data-testid="login-error">
                {error}
              </p>
            ) : null}
            <button type="submit" className="zx-button zx-button-primary zx-button-block" disabled={busy} data-testid="phone-submit">
              {mode === 'reset' ? q.resetSubmit : busy ? t.submitting : t.submit}
            </button>
          </form>
        )}
        {!smsSignIn ? (
          <p className="zx-login-hint" data-testid="forgot-ask-admin">
            {q.forgotAskAdmin}
          </p>
        ) : mode === 'password' ? (
          <button type="button" className="zx-link-button" onClick={() => switchTo('reset')} data-testid="forgot-password">
            {q.forgot}
          </button>
        ) : mode === 'reset' ? (
          <button type="button" className="zx-link-button" onClick={() => switchTo('password')} data-testid="back-to-login">
            {q.backToLogin}
          </button>
        ) : null}
        {mode === 'reset' ? null : <SignonButtons search={page.search} />}
        {baseInfo.loginNotice ? (
          <p className="zx-login-notice" role="note" data-testid="login-notice">
            {baseInfo.loginNotice}
          </p>
        ) : null}
        <p className="zx-login-agreement">
          {t.agreementPrefix} <a href="/agreement">{t.agreementLink}</a>
        </p>
      </main>
    </div>
  )
}
