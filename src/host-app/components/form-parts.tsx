import { useStore } from '@nanostores/react'
import { useRef, type ReactNode } from 'react'
import { $common } from '../../i18n'
import { useElementEvent } from '../hooks'
import { ZX_EVENTS } from '../../elements/shared/events'

/**
 * The host page's form pieces (sign-in, profile, phone): the kit's `Field`
 * and `ConfirmDialog` (src/elements/shared/ui) in the page's `zx-` classes
 * (global.css.ts), since these forms live outside any element's shadow root.
 */

/** One labelled control: the words above, the control (or a row holding it) below. */
export function HostField({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <label className="zx-field">
      <span>{label}</span>
      {children}
    </label>
  )
}

/** The foot of a sign-in form: why it was refused (read out at once), then its submit button. */
export function SignInFoot({ error, errorTestId, busy, label }: { error: string; errorTestId: string; busy: boolean; label: string }) {
  return (
    <>
      {error ? (
        <p className="zx-form-error" role="alert" data-testid={errorTestId}>
          {error}
        </p>
      ) : null}
      <button type="submit" className="zx-button zx-button-primary zx-button-block" disabled={busy}>
        {label}
      </button>
    </>
  )
}

export interface HostConfirmProps {
  heading: string
  message: string
  confirmLabel: string
  onCancel: () => void
  onConfirm: () => void
  /** The dialog's test id; its main button's is `confirmTestId`. */
  testId: string
  confirmTestId: string
}

/** A yes/no question before something that cannot be undone: Cancel, then the red main button. */
export function HostConfirm({ heading, message, confirmLabel, onCancel, onConfirm, testId, confirmTestId }: HostConfirmProps) {
  const common = useStore($common)
  const dialog = useRef<HTMLElement>(null)
  useElementEvent(dialog, ZX_EVENTS.close, onCancel)
  return (
    <zx-dialog ref={dialog} open heading={heading} data-testid={testId}>
      <p className="zx-hint">{message}</p>
      <div className="zx-dialog-actions">
        <button type="button" className="zx-button" onClick={onCancel}>
          {common.cancel}
        </button>
        <button type="button" className="zx-button zx-button-danger" onClick={onConfirm} data-testid={confirmTestId}>
          {confirmLabel}
        </button>
      </div>
    </zx-dialog>
  )
}

/**
 * A text field of a submitted form ('' when absent). Submit handlers read what
 * the form holds rather than the state: a password manager that fills the
 * fields and submits in one task would otherwise send the old values, as
 * Preact renders the fields' updates a tick later.
 */
export function formText(form: FormData, name: string): string {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}
