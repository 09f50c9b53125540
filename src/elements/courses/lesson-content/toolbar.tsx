import type { ReactNode } from 'react'

/** The lesson editor's toolbar icons: 24×24 strokes in currentColor, like the course icons. */
const PATHS = {
  h2: 'M4 6v12M12 6v12M4 12h8M16 10.5a2.2 2.2 0 0 1 4.2.9c0 1.8-4.2 3.6-4.2 6.6h4.4',
  h3: 'M4 6v12M12 6v12M4 12h8M16 9.5h4l-2.3 3a2.4 2.4 0 1 1-1.9 3.9',
  bold: 'M7 5h6a3.5 3.5 0 0 1 0 7H7zM7 12h7a3.5 3.5 0 0 1 0 7H7z',
  italic: 'M10 5h8M6 19h8M14 5l-4 14',
  bulletList: 'M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01',
  orderedList: 'M10 6h10M10 12h10M10 18h10M4 5l1.5-1v5M3.8 14.2a1.3 1.3 0 0 1 2.4.7c0 .9-2.4 1.8-2.4 3.1h2.5',
  quote: 'M5 6v12M9 8h10M9 12h10M9 16h6',
  code: 'M9 8l-4 4 4 4M15 8l4 4-4 4',
  link: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
  table: 'M4 5h16v14H4zM4 10h16M4 15h16M10 5v14M15 5v14',
  image: 'M4 5h16v14H4zM4 16l5-5 4 4 3-3 4 4M15.5 8.5h.01',
  math: 'M5 6h10M5 6l5 6-5 6h10M16 13l4 5M20 13l-4 5',
  tip: 'M9 18h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9.4-1.6 1-2.1A6 6 0 0 0 12 3z',
} as const

export type ToolIconName = keyof typeof PATHS

export function ToolIcon({ name }: { name: ToolIconName }) {
  return (
    <svg className="c-icon" width={18} height={18} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} />
    </svg>
  )
}

/**
 * A toolbar button. It keeps the focus (and so the selection) in the text:
 * mousedown is not allowed to move focus, the click then edits.
 */
export function ToolButton({ icon, label, shortcut, onClick, testId }: { icon: ToolIconName; label: string; shortcut?: string; onClick: () => void; testId?: string }) {
  return (
    <button
      type="button"
      className="tool"
      aria-label={label}
      title={shortcut ? `${label} (${shortcut})` : label}
      data-testid={testId}
      onMouseDown={event => event.preventDefault()}
      onClick={onClick}>
      <ToolIcon name={icon} />
    </button>
  )
}

export function ToolGroup({ children }: { children: ReactNode }) {
  return <span className="tool-group">{children}</span>
}
