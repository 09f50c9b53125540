import type { KeyboardEvent } from 'react'

/**
 * The tab row's look, written once against a token reader like the shared
 * controls (controls.css.ts): elements read `--_*` aliases (kitCss), the host
 * page reads `--zx-*` (the sign-in card). The row never wraps: on a narrow
 * screen it scrolls sideways, so a long English label ("Classes and majors")
 * cannot push the last tab onto a second row.
 */
type Token = (name: string) => string

/* One module with the component, so the sign-in page and the elements share one chunk for both. */
export function tabBarCss(token: Token): string {
  return `
.tabs { display: flex; flex-wrap: nowrap; gap: 4px; max-width: 100%; overflow-x: auto; overflow-y: hidden; scrollbar-width: none; border-bottom: 1px solid ${token('border')}; }
.tabs::-webkit-scrollbar { display: none; }
.tab {
  flex: none; border: 0; border-bottom: 2px solid transparent; border-radius: 0; background: none; padding: 8px 14px;
  font: inherit; font-size: 14px; color: ${token('text-muted')}; cursor: pointer; white-space: nowrap;
}
.tab:hover { color: ${token('text')}; text-decoration: none; }
a.tab { display: inline-block; text-decoration: none; }
.tab[aria-selected='true'], .tab[aria-current='page'] { color: ${token('primary-strong')}; border-bottom-color: ${token('primary')}; font-weight: 600; }
.tabs.fill .tab { flex: 1 0 auto; padding: 8px 4px; }
.tabs.pills { width: fit-content; gap: 2px; padding: 3px; border: 0; border-radius: 10px; background: ${token('bg-subtle')}; }
.tabs.pills .tab { border: 0; border-radius: 8px; padding: 6px 12px; font-size: 13px; }
.tabs.pills .tab[aria-selected='true'] { background: ${token('bg-elevated')}; color: ${token('text')}; box-shadow: 0 1px 2px rgba(15, 23, 42, 0.08); }
`
}

/** In every shadow root that uses the kit (part of kitCss). */
export const elementTabBarCss = tabBarCss(name => `var(--_${name})`)
/** On the host page (global.css.ts). */
export const pageTabBarCss = tabBarCss(name => `var(--zx-${name})`)

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
 * Styled by tabBarCss above; only the selected tab is in the Tab
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

export interface NavTabsProps<K extends string> {
  /** [key, address, label] in order; each link's `data-tab` is its key. */
  tabs: ReadonlyArray<readonly [K, string, string]>
  current: K
  /** The row's accessible name (a page may hold more than one navigation). */
  label?: string
  testId?: string
  className?: string
}

/**
 * The same row as links (`aria-current="page"`), where each tab is its own
 * address so the URL, Back and opening in a new tab follow (a course's parts,
 * the course list's views).
 */
export function NavTabs<K extends string>({ tabs, current, label, testId, className }: NavTabsProps<K>) {
  return (
    <nav className={className ? `tabs ${className}` : 'tabs'} aria-label={label} data-testid={testId}>
      {tabs.map(([key, href, text]) => (
        <a key={key} className="tab" href={href} aria-current={key === current ? 'page' : undefined} data-tab={key}>
          {text}
        </a>
      ))}
    </nav>
  )
}
