/** The assistant gallery layout (sections, grids, head tools) the apps page and the practice page draw. */
export const galleryCss = `
:host { display: block; min-height: 100%; background: var(--_bg-subtle); font-size: 14px; line-height: 1.5; }
.apps { container: apps / inline-size; display: flex; flex-direction: column; gap: 16px; max-width: 1200px; margin: 0 auto; padding: 28px 32px 40px; }
.apps-head { display: flex; align-items: flex-end; justify-content: space-between; gap: 16px; flex-wrap: wrap; }
.apps-heading h1 { margin: 0; font-size: 24px; letter-spacing: -0.01em; }
.apps-heading p { margin: 4px 0 0; color: var(--_text-muted); }
.head-tools { display: flex; gap: 10px; align-items: center; flex-wrap: wrap; }
.search {
  display: flex; align-items: center; gap: 6px; height: 36px; padding: 0 12px; min-width: 240px;
  border: 1px solid var(--_border); border-radius: 999px; background: var(--_bg-elevated); color: var(--_text-muted);
}
.search:focus-within { border-color: var(--_primary); box-shadow: 0 0 0 3px var(--_primary-soft); }
.search-input { flex: 1; min-width: 0; border: 0; outline: none; background: none; color: var(--_text); font: inherit; }
.chips { display: flex; gap: 8px; flex-wrap: wrap; }
.chip {
  display: inline-flex; align-items: center; gap: 6px; height: 32px; padding: 0 12px; border-radius: 999px;
  border: 1px solid var(--_border); background: var(--_bg-elevated); color: var(--_text); font: inherit; font-size: 13px; cursor: pointer;
}
.chip .icon { width: 15px; height: 15px; color: var(--_text-muted); }
.chip[aria-pressed='true'] { background: var(--_primary-strong); border-color: var(--_primary-strong); color: var(--_on-primary); }
.chip[aria-pressed='true'] .icon { color: inherit; }
.section { display: flex; flex-direction: column; gap: 10px; }
.section + .section { margin-top: 12px; }
.section-title { display: flex; align-items: center; gap: 6px; margin: 0; font-size: 16px; }
.section-title .icon { color: var(--_primary-strong); }
.grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); gap: 14px; }
@container apps (max-width: 640px) {
  .apps { padding: 16px 14px 28px; }
  .apps-heading h1 { font-size: 20px; }
  .head-tools, .search { width: 100%; min-width: 0; }
  .search { flex: 1; }
  .grid { grid-template-columns: minmax(0, 1fr); }
  .chips { flex-wrap: nowrap; overflow-x: auto; padding-bottom: 4px; }
  .chip { flex: none; }
}
@media (prefers-reduced-motion: reduce) { .card { transition: none; } }
`
