/**
 * The look every control shares, in every element's shadow root (added by
 * defineZxElement after the tokens) and on the host page (global.css.ts):
 * one focus ring, sliders in the theme colour, one select. Written once
 * against a token reader, since elements read `--_*` aliases and the page
 * reads `--zx-*` directly.
 */
type Token = (name: string) => string

const CHEVRON =
  "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='%236b7280' stroke-width='2' stroke-linecap='round'%3E%3Cpath d='M6 9l6 6 6-6'/%3E%3C/svg%3E\")"

export function controlsCss(token: Token): string {
  return `
:focus-visible { outline: 2px solid ${token('focus')}; outline-offset: 2px; }
input[type='range'] { accent-color: ${token('primary')}; }
.zx-slider {
  appearance: none; width: 100%; height: 6px; margin: 10px 0; border-radius: 3px; cursor: pointer;
  background: linear-gradient(to right, ${token('primary')} 0 var(--zx-fill, 50%), ${token('border')} var(--zx-fill, 50%) 100%);
}
.zx-slider::-webkit-slider-thumb {
  appearance: none; width: 18px; height: 18px; border-radius: 50%;
  background: ${token('bg-elevated')}; border: 2px solid ${token('primary')}; box-shadow: 0 1px 3px rgba(15, 23, 42, 0.2);
}
.zx-slider::-moz-range-thumb {
  width: 14px; height: 14px; border-radius: 50%;
  background: ${token('bg-elevated')}; border: 2px solid ${token('primary')}; box-shadow: 0 1px 3px rgba(15, 23, 42, 0.2);
}
.zx-slider:disabled { opacity: 0.55; cursor: not-allowed; }
.zx-select {
  height: 36px; min-width: 0; max-width: 100%; padding: 0 32px 0 12px; border-radius: ${token('radius-small')};
  border: 1px solid ${token('border')}; background: ${token('bg')} ${CHEVRON} no-repeat right 10px center / 16px;
  color: ${token('text')}; font: inherit; font-size: 14px; line-height: 1.5; appearance: none; cursor: pointer;
  transition: border-color 120ms, box-shadow 120ms;
}
.zx-select:hover:not(:disabled) { border-color: color-mix(in srgb, ${token('primary')} 45%, ${token('border')}); }
.zx-select:focus { border-color: ${token('primary')}; }
.zx-select:disabled { opacity: 0.55; cursor: not-allowed; }
.zx-select.small { height: 32px; font-size: 13px; }
`
}

/** For shadow roots (after hostTokensCss, which declares the `--_*` aliases). */
export const elementControlsCss = controlsCss(name => `var(--_${name})`)
/** For the host page's light DOM. */
export const pageControlsCss = controlsCss(name => `var(--zx-${name})`)
