import { useStore } from '@nanostores/react'
import { useRef, useState } from 'react'
import { $common, $phoneMessages, $shellMessages } from '../../i18n'
import { useElementEvent } from '../hooks'
import { Icon } from '../icons'
import { signOutAndLeave } from '../session-actions'
import { ZX_EVENTS } from '../../elements/shared/events'

/**
 * Sign-out asks first: on a shared classroom computer it clears this
 * device's cached chats and settings, and a stray tap should not do that.
 */
export function SignOutButton({ className = 'zx-button zx-button-danger zx-sign-out', iconOnly = false }: { className?: string; iconOnly?: boolean }) {
  const shell = useStore($shellMessages)
  const [asking, setAsking] = useState(false)
  return (
    <>
      <button
        type="button"
        className={className}
        data-testid="sign-out"
        aria-label={iconOnly ? shell.signOut : undefined}
        title={iconOnly ? shell.signOut : undefined}
        onClick={() => setAsking(true)}>
        <Icon name="signOut" />
        {iconOnly ? null : shell.signOut}
      </button>
      {asking ? <SignOutConfirm onCancel={() => setAsking(false)} /> : null}
    </>
  )
}

function SignOutConfirm({ onCancel }: { onCancel: () => void }) {
  const t = useStore($phoneMessages)
  const common = useStore($common)
  const dialog = useRef<HTMLElement>(null)
  useElementEvent(dialog, ZX_EVENTS.close, onCancel)
  return (
    <zx-dialog ref={dialog} open heading={t.signOutConfirmTitle} data-testid="sign-out-dialog">
      <p className="zx-hint">{t.signOutConfirm}</p>
      <div className="zx-dialog-actions">
        <button type="button" className="zx-button" onClick={onCancel}>
          {common.cancel}
        </button>
        <button type="button" className="zx-button zx-button-danger" data-testid="sign-out-confirm" onClick={() => void signOutAndLeave()}>
          {t.signOutConfirmAction}
        </button>
      </div>
    </zx-dialog>
  )
}
