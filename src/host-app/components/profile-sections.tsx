import { useStore } from '@nanostores/react'
import { $profileMessages } from '../../i18n'
import { ClientSwitch } from './client-switch'
import { PasswordForm } from './password-form'
import { LanguagePicker, ThemeSwitch } from './preferences'
import { ProfileDetails } from './profile-details'
import { PhoneSection, QuotaWalletSection } from './quota-sections'
import { SignOutButton } from './sign-out-button'

/** What a person changes about their account: the profile dialog (desktop) and the profile page (phones) both show it. */
export function ProfileSections({ onSwitched }: { onSwitched?: () => void }) {
  const t = useStore($profileMessages)
  return (
    <div className="zx-profile">
      <ProfileDetails />
      <QuotaWalletSection />
      <section className="zx-profile-section">
        <h3>{t.passwordSection}</h3>
        <PasswordForm />
      </section>
      <PhoneSection />
      <ClientSwitch onSwitched={onSwitched ?? (() => {})} />
      <section className="zx-profile-section">
        <h3>{t.preferences}</h3>
        <ThemeSwitch />
        <LanguagePicker />
      </section>
      <SignOutButton />
    </div>
  )
}
