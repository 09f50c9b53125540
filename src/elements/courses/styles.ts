import { kitCss } from '../shared/ui'

/**
 * Layout shared by the course elements. Buttons, fields, badges and modals
 * come from the dialogue's building blocks (kitCss), so both areas look alike.
 */
export const courseBaseCss = `${kitCss}
:host { display: block; font-size: 14px; line-height: 1.55; }
a { color: inherit; text-decoration: none; }
.icon { flex: none; fill: none; stroke: currentColor; stroke-width: 1.9; stroke-linecap: round; stroke-linejoin: round; }
.button .icon { width: 16px; height: 16px; }
.page { max-width: 1240px; margin: 0 auto; }
.page-head { display: flex; align-items: flex-end; justify-content: space-between; gap: 16px; flex-wrap: wrap; margin-bottom: 18px; }
.page-title { margin: 0; font-size: 22px; font-weight: 700; letter-spacing: 0.01em; }
.page-hint { margin: 4px 0 0; color: var(--_text-muted); }
.toolbar { display: flex; gap: 10px; flex-wrap: wrap; align-items: center; margin-bottom: 18px; }
.search { position: relative; flex: 1 1 240px; max-width: 360px; }
.search .icon { position: absolute; left: 10px; top: 9px; color: var(--_text-muted); }
.search .input { padding-left: 34px; }
.grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); gap: 18px; }
.card { display: flex; flex-direction: column; overflow: hidden; border-radius: var(--_radius); background: var(--_bg-elevated);
  border: 1px solid var(--_border); box-shadow: 0 1px 2px rgba(15, 23, 42, 0.04); transition: box-shadow 160ms, transform 160ms, border-color 160ms; }
.card:hover { box-shadow: var(--_shadow); transform: translateY(-2px); border-color: transparent; }
.card:focus-within { outline: 2px solid var(--_focus); outline-offset: 2px; }
.card-link { display: flex; flex-direction: column; flex: 1; }
.card-link:focus-visible { outline: none; }
.cover { position: relative; aspect-ratio: 16 / 9; background: var(--_bg-subtle); overflow: hidden; }
.cover img { width: 100%; height: 100%; object-fit: cover; display: block; }
.cover-art { width: 100%; height: 100%; display: grid; place-items: center; color: #fff; font-size: 40px; font-weight: 700; letter-spacing: 0.04em;
  text-shadow: 0 2px 12px rgba(0, 0, 0, 0.18); }
.cover .status { position: absolute; top: 10px; left: 10px; }
.card-body { display: flex; flex-direction: column; gap: 8px; padding: 14px 16px 16px; flex: 1; }
.card-title { margin: 0; font-size: 16px; font-weight: 600; line-height: 1.4; display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden; }
.card-meta { display: flex; flex-wrap: wrap; gap: 4px 12px; color: var(--_text-muted); font-size: 12.5px; }
.card-meta span { display: inline-flex; align-items: center; gap: 4px; }
.card-meta .icon { width: 14px; height: 14px; }
.card-desc { margin: 0; color: var(--_text-muted); font-size: 13px; display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden; }
.card-foot { margin-top: auto; display: flex; align-items: center; justify-content: space-between; gap: 8px; padding-top: 6px; font-size: 12.5px; color: var(--_text-muted); }
.status { display: inline-flex; align-items: center; height: 22px; padding: 0 8px; border-radius: 11px; font-size: 12px; font-weight: 600;
  background: rgba(15, 23, 42, 0.62); color: #fff; backdrop-filter: blur(4px); }
.status[data-status='published'] { background: var(--_success); }
.status[data-status='archived'] { background: #64748b; }
.status.inline { background: var(--_bg-subtle); color: var(--_text-muted); border: 1px solid var(--_border); backdrop-filter: none; }
.status.inline[data-status='published'] { background: color-mix(in srgb, var(--_success) 12%, transparent); color: var(--_success-strong); border-color: transparent; }
.bar { height: 6px; border-radius: 3px; background: var(--_bg-subtle); overflow: hidden; }
.bar > span { display: block; height: 100%; border-radius: inherit; background: linear-gradient(90deg, var(--_primary), var(--_primary-strong)); }
.panel { background: var(--_bg-elevated); border: 1px solid var(--_border); border-radius: var(--_radius); padding: 20px; }
.panel + .panel { margin-top: 16px; }
.panel-title { margin: 0 0 4px; font-size: 16px; font-weight: 600; }
.panel-hint { margin: 0 0 16px; color: var(--_text-muted); font-size: 13px; }
.form { display: grid; gap: 16px; }
.form-row { display: grid; grid-template-columns: repeat(auto-fit, minmax(200px, 1fr)); gap: 16px; }
.actions { display: flex; gap: 8px; flex-wrap: wrap; align-items: center; }
.muted { color: var(--_text-muted); }
.loading { padding: 48px 0; text-align: center; color: var(--_text-muted); }
.more { display: flex; justify-content: center; margin-top: 20px; }
@media (max-width: 640px) {
  .grid { grid-template-columns: 1fr; gap: 14px; }
  .page-title { font-size: 19px; }
  .panel { padding: 16px; }
  .search { max-width: none; }
}
`

/** Deterministic colours for a course without a cover, from its title. */
export function coverGradient(seed: string): string {
  let hash = 0
  for (const ch of seed) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0
  const hue = hash % 360
  return `linear-gradient(135deg, hsl(${hue} 72% 58%), hsl(${(hue + 40) % 360} 78% 46%))`
}
