/**
 * Design tokens, one table for both themes. The host app writes them on
 * `:root` as `--zx-*` (light, dark, and auto following the system); every
 * element reads them through private `--_*` aliases declared on `:host`, with
 * the light value as fallback so an element dropped into any page still looks
 * right. Custom properties inherit into shadow roots: this is the one channel
 * through which the page themes our elements.
 */

const FONT =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Source Han Sans SC', 'Helvetica Neue', Arial, sans-serif"

/** name → [light, dark] */
const TOKENS: Record<string, readonly [string, string]> = {
  // The brand accent: bars, rings, borders, decoration. Never under or as text (white on it is 1.99:1).
  primary: ['#32C5FF', '#32C5FF'],
  // Its readable shade, wherever text sits on it or it is text: 5.65:1 with white (light),
  // 10.9:1 with on-primary (dark); primary-hover is its hover and pressed state.
  'primary-strong': ['#0A6F94', '#5CD3FF'],
  'primary-hover': ['#085A79', '#8BE0FF'],
  'primary-soft': ['rgba(50, 197, 255, 0.12)', 'rgba(50, 197, 255, 0.16)'],
  // The focus ring: the primary is too light on white (1.9:1); this one keeps 3:1 and more in both themes (the embed's too).
  focus: ['#0A6F94', '#5CD3FF'],
  'on-primary': ['#ffffff', '#08131c'],
  bg: ['#ffffff', '#111318'],
  'bg-subtle': ['#f5f7fa', '#181b21'],
  'bg-elevated': ['#ffffff', '#1e222a'],
  'bg-hover': ['rgba(15, 23, 42, 0.05)', 'rgba(255, 255, 255, 0.06)'],
  text: ['#1f2329', '#e8eaed'],
  'text-muted': ['#636b78', '#9aa3ae'],
  border: ['#e5e7eb', '#2b3039'],
  success: ['#15803d', '#4ade80'],
  warning: ['#b45309', '#fbbf24'],
  danger: ['#dc2626', '#f87171'],
  // Text on a success or danger tint (a badge's 10–14 % of the colour): the plain colours fall to about
  // 4.1:1 on their own tint in the light theme; these keep 5:1 and more on it in both.
  'success-strong': ['#166534', '#4ade80'],
  'danger-strong': ['#b91c1c', '#f87171'],
  overlay: ['rgba(15, 23, 42, 0.38)', 'rgba(0, 0, 0, 0.6)'],
  shadow: ['0 10px 30px rgba(15, 23, 42, 0.10)', '0 10px 30px rgba(0, 0, 0, 0.45)'],
  radius: ['12px', '12px'],
  'radius-small': ['8px', '8px'],
  font: [FONT, FONT],
}

function declarations(pick: (pair: readonly [string, string], name: string) => string): string {
  return Object.entries(TOKENS)
    .map(([name, pair]) => `${pick(pair, name)};`)
    .join(' ')
}

const light = declarations(([value], name) => `--zx-${name}: ${value}`)
const dark = declarations(([, value], name) => `--zx-${name}: ${value}`)

/** For the page (`:root[data-theme]`, set by the host app from the theme setting). */
export const rootTokensCss = `
:root { ${light} color-scheme: light; }
:root[data-theme='dark'] { ${dark} color-scheme: dark; }
@media (prefers-color-scheme: dark) {
  :root[data-theme='auto'] { ${dark} color-scheme: dark; }
}
`

/** For every shadow root: private aliases plus the base the elements share. */
export const hostTokensCss = `
:host {
  ${declarations(([value], name) => `--_${name}: var(--zx-${name}, ${value})`)}
  font-family: var(--_font);
  color: var(--_text);
}
:host([hidden]) { display: none !important; }
*, *::before, *::after { box-sizing: border-box; }
`
