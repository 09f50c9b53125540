import { useStore } from '@nanostores/react'
import { useRef, type ReactNode } from 'react'
import { $phoneMessages } from '../../i18n'
import { useElementEvent } from '../hooks'
import { Icon } from '../icons'
import { SignOutButton } from './sign-out-button'
import { ZX_EVENTS } from '../../elements/shared/events'

/**
 * The phone bottom bar's "more" sheet: the menu entries that do not fit in
 * the bar, the profile page and sign-out. Links close the sheet as they route.
 */
export function MoreSheet({ links, onClose }: { links: ReactNode; onClose: () => void }) {
  const t = useStore($phoneMessages)
  const dialog = useRef<HTMLElement>(null)
  useElementEvent(dialog, ZX_EVENTS.close, onClose)
  return (
    <zx-dialog ref={dialog} open heading={t.moreTitle} data-testid="more-sheet" className="zx-more-sheet">
      <nav className="zx-more-links" onClick={event => (event.target as Element).closest('a') && onClose()}>
        {links}
        <a href="/profile" className="zx-menu-link" data-testid="profile-link">
          <Icon name="user" />
          <span className="zx-menu-label">{t.profilePage}</span>
        </a>
      </nav>
      <SignOutButton />
    </zx-dialog>
  )
}
