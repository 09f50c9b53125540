/** The panel's line icons (24×24, stroke = currentColor), hidden from screen readers: buttons carry labels. */
const PATHS = {
  history: 'M12 7v5l3 2M3 12a9 9 0 1 0 3-6.7M3 4v4h4',
  plus: 'M12 5v14M5 12h14',
  close: 'M6 6l12 12M18 6 6 18',
  back: 'M15 6l-6 6 6 6',
  trash: 'M4 7h16M10 11v6M14 11v6M6 7l1 12h10l1-12M9 7V4h6v3',
  copy: 'M9 9h10v10H9zM5 15V5h10',
  check: 'M5 12l5 5L20 7',
  up: 'M7 10v10H4V10zM7 10l4-7a2 2 0 0 1 3 2l-1 5h6a2 2 0 0 1 2 2l-2 7a2 2 0 0 1-2 1H7',
  down: 'M7 14V4H4v10zM7 14l4 7a2 2 0 0 0 3-2l-1-5h6a2 2 0 0 0 2-2l-2-7a2 2 0 0 0-2-1H7',
}

export type IconName = keyof typeof PATHS

export function Icon({ name }: { name: IconName }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path d={PATHS[name]} />
    </svg>
  )
}

/** Filled glyphs of the send button: an arrow, or a square while an answer can be stopped. */
export function SendGlyph({ stop }: { stop: boolean }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      {stop ? <rect x="6" y="6" width="12" height="12" rx="2" /> : <path d="M3 20l18-8L3 4v6l12 2-12 2z" />}
    </svg>
  )
}
