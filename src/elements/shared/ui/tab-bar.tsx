import type { KeyboardEvent } from 'react'

export interface TabBarProps<K extends string> {
  /** Each tab's label by its key, in the order shown (a key left out or undefined has no tab). */
  tabs: Readonly<Partial<Record<K, string>>>
  active: K
  onSelect: (key: K) => void
  /** Each tab's `data-testid` is this plus its key (`admin-tab-people`); none without it. */
  testIdPrefix?: string
  /** `line` (default): underlined tabs over a rule; `pills`: a compact segmented row (the libraries' scopes). */
  look?: 'line' | 'pills'
  /** The tabs share the row's whole width (the sign-in card's two ways in). */
  fill?: boolean
  /** The row's accessible name, where the heading above does not say it. */
  label?: string
}

/** Arrow keys, Home and End move between tabs (WAI-ARIA tabs pattern, selection follows focus). */
const STEP: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_i, n) => n - 1,
}

/**
 * A row of tabs above one `role="tabpanel"`, everywhere a page switches views
 * in place (managers' pages, libraries, assistants, embed codes, sign-in).
 * Styled by the kit (tab-bar.css.ts); only the selected tab is in the Tab
 * order, the others are reached with the arrow keys.
 */
export function TabBar<K extends string>({ tabs: labels, active, onSelect, testIdPrefix, look = 'line', fill, label }: TabBarProps<K>) {
  const tabs = (Object.entries(labels) as Array<[K, string | undefined]>).filter((tab): tab is [K, string] => tab[1] !== undefined)
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = STEP[event.key]
    const index = step
      ? step(
          Math.max(
            0,
            tabs.findIndex(([key]) => key === active),
          ),
          tabs.length,
        )
      : -1
    const next = tabs[index]
    if (!next) return
    event.preventDefault()
    onSelect(next[0])
    event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]')[index]?.focus()
  }
  const className = ['tabs', look === 'pills' ? 'pills' : '', fill ? 'fill' : ''].filter(Boolean).join(' ')
  return (
    <div className={className} role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {tabs.map(([key, text]) => (
        <button
          key={key}
          type="button"
          role="tab"
          aria-selected={active === key}
          tabIndex={active === key ? 0 : -1}
          className="tab"
          data-testid={testIdPrefix === undefined ? undefined : `${testIdPrefix}${key}`}
          onClick={() => onSelect(key)}>
          {text}
        </button>
      ))}
    </div>
  )
}
