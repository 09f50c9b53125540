/**
 * The tab row's look, written once against a token reader like the shared
 * controls (controls.css.ts): elements read `--_*` aliases (kitCss), the host
 * page reads `--zx-*` (the sign-in card). The row never wraps: on a narrow
 * screen it scrolls sideways, so a long English label ("Classes and majors")
 * cannot push the last tab onto a second row.
 */
type Token = (name: string) => string

export function tabBarCss(token: Token): string {
  return `
.tabs { display: flex; flex-wrap: nowrap; gap: 4px; max-width: 100%; overflow-x: auto; overflow-y: hidden; scrollbar-width: none; border-bottom: 1px solid ${token('border')}; }
.tabs::-webkit-scrollbar { display: none; }
.tab {
  flex: none; border: 0; border-bottom: 2px solid transparent; background: none; padding: 8px 14px;
  font: inherit; font-size: 14px; color: ${token('text-muted')}; cursor: pointer; white-space: nowrap;
}
.tab:hover { color: ${token('text')}; }
.tab[aria-selected='true'] { color: ${token('primary-strong')}; border-bottom-color: ${token('primary')}; font-weight: 600; }
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
