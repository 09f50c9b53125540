import type { MouseEvent } from 'react'
import { Icon, type IconName } from './icons'

export interface IconButtonProps {
  icon: IconName
  label: string
  /** What it acts on (a lesson's title, a card's name): read out after the label; the tooltip stays the label. */
  of?: string
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void
  /** A toggle's state, announced as pressed. */
  pressed?: boolean
  disabled?: boolean
  className?: string
  testId?: string
}

/** An icon-only button; its label is the tooltip and (with `of`) the accessible name. */
export function IconButton({ icon, label, of, onClick, pressed, disabled, className, testId }: IconButtonProps) {
  return (
    <button
      type="button"
      className={className ? `icon-button ${className}` : 'icon-button'}
      aria-label={of ? `${label} ${of}` : label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      data-testid={testId}
      onClick={onClick}>
      <Icon name={icon} />
    </button>
  )
}
