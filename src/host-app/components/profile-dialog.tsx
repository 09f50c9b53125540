import { useStore } from '@nanostores/react'
import { useRef } from 'react'
import { $profileMessages } from '../../i18n'
import { useElementEvent } from '../hooks'
import { ProfileSections } from './profile-sections'
import { ZX_EVENTS } from '../../elements/shared/events'

/** The profile dialog opened from the sidebar avatar (desktop only, SPEC §2; phones have /profile). */
export function ProfileDialog({ onClose }: { onClose: () => void }) {
  const t = useStore($profileMessages)
  const dialog = useRef<HTMLElement>(null)
  useElementEvent(dialog, ZX_EVENTS.close, onClose)

  return (
    <zx-dialog ref={dialog} open heading={t.title} data-testid="profile-dialog">
      <ProfileSections onSwitched={onClose} />
    </zx-dialog>
  )
}
