import { useStore } from '@nanostores/react'
import { $adminMessages } from '../../i18n'
import { $session, loadSession } from '../../stores/auth'
import { PasswordForm } from '../components/password-form'
import type { Page } from '../guard'
import { redirect, safeRedirect } from '../router'

/**
 * After a sign-in with a one-time password (an administrator's reset, a new
 * account, an imported roster): the person chooses their own password before
 * anything else. The guard sends every other path here meanwhile; the server
 * refuses every other call.
 */
export function ChangePasswordPage({ page }: { page: Page }) {
  const t = useStore($adminMessages)
  const session = useStore($session)

  async function onChanged() {
    // The session now says the password is the person's own; then on to where they were going.
    await loadSession()
    redirect(safeRedirect(page.search.redirect, '/course/dialogue'))
  }

  return (
    <div className="zx-login" data-page="change-password">
      <main className="zx-login-card">
        <h1 className="zx-login-title">{t.passwordChangeTitle}</h1>
        <p className="zx-login-heading">{t.passwordChangeIntro}</p>
        {session ? <p className="zx-login-heading">{session.username}</p> : null}
        <PasswordForm oldLabel={t.passwordChangeOld} onChanged={() => void onChanged()} />
      </main>
    </div>
  )
}
