import { useStore } from '@nanostores/react'
import { useRef, type ReactNode } from 'react'
import { $common } from '../../../i18n'
import { ZX_EVENTS } from '../events'
import { useElementEvent } from '../use-element-event'

export interface ModalProps {
  heading: string
  onClose: () => void
  children: ReactNode
  testId?: string
  wide?: boolean
}

/** `<zx-dialog>` (shared element) kept open while mounted; Escape, × and the backdrop call `onClose`. */
export function Modal({ heading, onClose, children, testId, wide }: ModalProps) {
  const ref = useRef<HTMLElement>(null)
  useElementEvent(ref, ZX_EVENTS.close, onClose)
  return (
    <zx-dialog ref={ref} open heading={heading} data-testid={testId} className={wide ? 'modal wide' : 'modal'}>
      <div className="modal-body">{children}</div>
    </zx-dialog>
  )
}

export interface ModalActionsProps {
  onCancel: () => void
  /** Runs on the main button; without it the button submits the form it sits in. */
  onConfirm?: () => void
  /** The main button's words (default 保存). */
  confirmLabel?: string
  /** Red main button: for what cannot be undone. */
  danger?: boolean
  disabled?: boolean
  /** The main button's test id. */
  testId?: string
  /** Shown before Cancel (a status line, a link). */
  children?: ReactNode
}

/** The row at the foot of a modal form: Cancel, then the main button (Save unless told). */
export function ModalActions({ onCancel, onConfirm, confirmLabel, danger, disabled, testId, children }: ModalActionsProps) {
  const common = useStore($common)
  return (
    <div className="modal-actions">
      {children}
      <button type="button" className="button" onClick={onCancel}>
        {common.cancel}
      </button>
      <button
        type={onConfirm ? 'button' : 'submit'}
        className={danger ? 'button danger' : 'button primary'}
        disabled={disabled}
        data-testid={testId}
        onClick={onConfirm}>
        {confirmLabel ?? common.save}
      </button>
    </div>
  )
}

export interface ConfirmProps {
  heading: string
  message: string
  confirmLabel: string
  onConfirm: () => void
  onCancel: () => void
}

/** A yes/no question before something that cannot be undone. */
export function ConfirmDialog({ heading, message, confirmLabel, onConfirm, onCancel }: ConfirmProps) {
  return (
    <Modal heading={heading} onClose={onCancel} testId="confirm-dialog">
      <p className="confirm-message">{message}</p>
      <ModalActions onCancel={onCancel} onConfirm={onConfirm} confirmLabel={confirmLabel} danger testId="confirm" />
    </Modal>
  )
}
