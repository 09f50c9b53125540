import type { MouseEvent } from 'react'
import { Icon, type IconName } from './icons'

export interface IconButtonProps {
  icon: IconName
  label: string
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void
  /** A toggle's state, announced as pressed. */
  pressed?: boolean
  disabled?: boolean
  className?: string
  testId?: string
}

/** An icon-only button; its label is the accessible name and the tooltip. */
export function IconButton({ icon, label, onClick, pressed, disabled, className, testId }: IconButtonProps) {
  return (
    <button
      type="button"
      className={className ? `icon-button ${className}` : 'icon-button'}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      data-testid={testId}
      onClick={onClick}>
      <Icon name={icon} />
    </button>
  )
}
