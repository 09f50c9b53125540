import { useStore } from '@nanostores/react'
import { useRef } from 'react'
import { $profileMessages, $shellMessages } from '../../i18n'
import { useElementEvent } from '../hooks'
import { Icon } from '../icons'
import { signOutAndLeave } from '../session-actions'
import { ClientSwitch } from './client-switch'
import { PasswordForm } from './password-form'
import { LanguagePicker, ThemeSwitch } from './preferences'
import { ProfileDetails } from './profile-details'

/** The profile dialog opened from the sidebar avatar (desktop only, SPEC §2). */
export function ProfileDialog({ onClose }: { onClose: () => void }) {
  const t = useStore($profileMessages)
  const shell = useStore($shellMessages)
  const dialog = useRef<HTMLElement>(null)
  useElementEvent(dialog, 'close', onClose)

  return (
    <zx-dialog ref={dialog} open heading={t.title} data-testid="profile-dialog">
      <div className="zx-profile">
        <ProfileDetails />
        <section className="zx-profile-section">
          <h3>{t.passwordSection}</h3>
          <PasswordForm />
        </section>
        <ClientSwitch onSwitched={onClose} />
        <section className="zx-profile-section">
          <h3>{t.preferences}</h3>
          <ThemeSwitch />
          <LanguagePicker />
        </section>
        <button type="button" className="zx-button zx-button-danger zx-sign-out" data-testid="sign-out" onClick={() => void signOutAndLeave()}>
          <Icon name="signOut" />
          {shell.signOut}
        </button>
      </div>
    </zx-dialog>
  )
}
