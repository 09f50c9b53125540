import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { $phoneMessages, $shellMessages } from '../../i18n'
import { Icon } from '../icons'
import { signOutAndLeave } from '../session-actions'
import { HostConfirm } from './form-parts'

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
  return (
    <HostConfirm
      heading={t.signOutConfirmTitle}
      message={t.signOutConfirm}
      confirmLabel={t.signOutConfirmAction}
      onCancel={onCancel}
      onConfirm={() => void signOutAndLeave()}
      testId="sign-out-dialog"
      confirmTestId="sign-out-confirm"
    />
  )
}
