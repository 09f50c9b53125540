import { useStore } from '@nanostores/react'
import { useState, type FormEvent } from 'react'
import { signIn } from '../../api/account'
import { $common, $loginMessages } from '../../i18n'
import { setToken } from '../../stores/auth'
import { $appSetting } from '../../stores/settings'
import { LanguagePicker, ThemeCycleButton } from '../components/preferences'
import { errorMessage } from '../error-message'
import type { Page } from '../guard'
import { DEFAULT_LOGO } from '../layouts/shell-layout'
import { redirect, safeRedirect } from '../router'

/** SPEC §1 login page: the site title (fallback product title) and the sign-in form. */
export function LoginPage({ page }: { page: Page }) {
  const t = useStore($loginMessages)
  const common = useStore($common)
  const { baseInfo } = useStore($appSetting)
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const title = baseInfo.siteTitle || common.productTitle

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    if (!username.trim() || !password) return setError(t.required)
    setBusy(true)
    setError('')
    try {
      const grant = await signIn(username.trim(), password)
      setToken(grant.token, grant.expiresIn)
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
        <form className="zx-login-form" onSubmit={onSubmit} noValidate>
          <label className="zx-field">
            <span>{t.username}</span>
            <input
              name="username"
              autoComplete="username"
              value={username}
              placeholder={t.usernamePlaceholder}
              onChange={event => setUsername(event.target.value)}
              autoFocus
            />
          </label>
          <label className="zx-field">
            <span>{t.password}</span>
            <input
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              placeholder={t.passwordPlaceholder}
              onChange={event => setPassword(event.target.value)}
            />
          </label>
          {error ? (
            <p className="zx-form-error" role="alert" data-testid="login-error">
              {error}
            </p>
          ) : null}
          <button type="submit" className="zx-button zx-button-primary zx-button-block" disabled={busy}>
            {busy ? t.submitting : t.submit}
          </button>
        </form>
        <p className="zx-login-agreement">
          {t.agreementPrefix} <a href="/agreement">{t.agreementLink}</a>
        </p>
      </main>
    </div>
  )
}
