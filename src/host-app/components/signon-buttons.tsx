import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { listSignonProviders, redeemSignonTicket, type SignonProvider, type SignonRefusal } from '../../api/signon'
import { $common, $loginMessages } from '../../i18n'
import { setToken } from '../../stores/auth'
import { rememberSignonProvider } from '../../stores/signon'
import { errorMessage } from '../../elements/shared/error-message'
import { redirect, safeRedirect } from '../router'
import { DirectoryForm } from './directory-form'

const REFUSALS: Record<SignonRefusal, 'signonDisabled' | 'signonNoRole' | 'signonTaken' | 'signonFailed'> = {
  disabled: 'signonDisabled',
  'no-role': 'signonNoRole',
  taken: 'signonTaken',
  failed: 'signonFailed',
}

/**
 * The school's sign-on on the login page: one button per identity provider,
 * each a full-page trip to the provider; back from it with `?ticket=`, the
 * ticket is traded for a token and the person goes where they were going,
 * or with `?signon=<reason>`, the reason is shown. A directory (LDAP) has no
 * page to go to: its button opens a username and password form instead.
 */
export function SignonButtons({ search }: { search: Record<string, string | undefined> }) {
  const t = useStore($loginMessages)
  const common = useStore($common)
  const [providers, setProviders] = useState<SignonProvider[]>([])
  const [busy, setBusy] = useState(Boolean(search.ticket))
  const [error, setError] = useState('')
  const refusal = search.signon as SignonRefusal | undefined
  const target = safeRedirect(search.redirect)

  useEffect(() => {
    listSignonProviders().then(setProviders, () => setProviders([]))
  }, [])

  useEffect(() => {
    const ticket = search.ticket
    if (!ticket) return
    redeemSignonTicket(ticket).then(
      grant => {
        setToken(grant.token, grant.expiresIn)
        // Signing out later ends the provider's session too.
        rememberSignonProvider(grant.provider, grant.expiresIn)
        redirect(target)
      },
      failure => {
        setError(errorMessage(failure, common))
        setBusy(false)
      },
    )
    // The ticket is used once, when the page opens with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search.ticket])

  const shown = error || (refusal && refusal in REFUSALS ? t[REFUSALS[refusal]] : '')
  if (providers.length === 0 && !shown && !busy) return null
  return (
    <section className="zx-signon" aria-label={t.signonHeading} data-testid="signon">
      {busy ? (
        <p className="zx-form-note" role="status">
          {t.signonBusy}
        </p>
      ) : null}
      {shown ? (
        <p className="zx-form-error" role="alert" data-testid="signon-error">
          {shown}
        </p>
      ) : null}
      {providers.length > 0 ? <p className="zx-signon-heading">{t.signonHeading}</p> : null}
      {providers.map(provider =>
        provider.kind === 'ldap' ? (
          <DirectoryForm key={provider.id} provider={provider} target={target} />
        ) : (
          <a
            key={provider.id}
            className="zx-button zx-button-block zx-signon-button"
            rel="external"
            href={`${provider.loginUrl}?${new URLSearchParams({ redirect: target })}`}
            data-testid={`signon-${provider.id}`}>
            {provider.name}
          </a>
        ),
      )}
    </section>
  )
}
