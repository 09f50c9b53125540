import { useStore } from '@nanostores/react'
import { $profileMessages } from '../../i18n'
import { ProfileSections } from '../components/profile-sections'

/**
 * /profile: the profile dialog's content as a page. SPEC §2 keeps the dialog
 * off phones; without this a phone user could not change their profile,
 * password or language after signing in.
 */
export function ProfilePage() {
  const t = useStore($profileMessages)
  return (
    <div className="zx-area zx-profile-page" data-testid="profile-page">
      <h1 className="zx-page-title">{t.title}</h1>
      <ProfileSections />
    </div>
  )
}
