import type { ReactNode } from 'react'
import { Icon, type IconName } from '../../shared/ui'

/**
 * A toolbar button. It keeps the focus (and so the selection) in the text:
 * mousedown is not allowed to move focus, the click then edits.
 */
export function ToolButton({
  icon,
  label,
  shortcut,
  onClick,
  testId,
}: {
  icon: IconName
  label: string
  shortcut?: string
  onClick: () => void
  testId?: string
}) {
  return (
    <button
      type="button"
      className="tool"
      aria-label={label}
      title={shortcut ? `${label} (${shortcut})` : label}
      data-testid={testId}
      onMouseDown={event => event.preventDefault()}
      onClick={onClick}>
      <Icon name={icon} />
    </button>
  )
}

export function ToolGroup({ children }: { children: ReactNode }) {
  return <span className="tool-group">{children}</span>
}
