/** The mind map editor's own look (the kit's buttons and inputs come from kitCss). */
export const mindMapCss = `
:host { display: block; height: 100%; }
.mm { display: flex; gap: 12px; height: 100%; min-height: 520px; }
.mm-list { width: 220px; flex: none; border-right: 1px solid var(--zx-border, #e5e6eb); padding-right: 12px; overflow: auto; }
.mm-list-head { display: flex; align-items: center; justify-content: space-between; gap: 8px; }
.mm-list h2 { font-size: 15px; margin: 8px 0; }
.mm-list ul, .mm-documents { list-style: none; margin: 0; padding: 0; }
.mm-list li { display: flex; align-items: center; gap: 4px; }
.mm-list li.current .mm-link:first-child { font-weight: 600; color: var(--zx-primary-strong, #0a6f94); }
.mm-link { border: none; background: none; font: inherit; text-align: left; padding: 6px 4px; cursor: pointer; flex: 1; overflow-wrap: anywhere; min-height: 32px; }
.mm-link + .mm-link { flex: none; }
.mm-documents { max-height: 50vh; overflow: auto; margin-top: 8px; }
.mm-documents .mm-link { width: 100%; border-radius: 6px; }
.mm-documents .mm-link:hover { background: var(--zx-bg-subtle, #f5f6f8); }
.mm-main { flex: 1; min-width: 0; display: flex; flex-direction: column; gap: 8px; }
.mm-bar, .mm-topic, .mm-sources, .mm-actions, .mm-tools, .mm-share { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
.mm-topic { flex: 1 1 320px; min-width: 0; flex-wrap: nowrap; }
.mm-topic .input { flex: 1 1 160px; min-width: 0; }
.mm-share .input { width: min(420px, 70vw); }
.mm-name { flex: 1 1 180px; min-width: 0; }
.mm-spacer { flex: 1; }
.mm-canvas { position: relative; flex: 1; min-height: 380px; border: 1px solid var(--zx-border, #e5e6eb); border-radius: 8px; background: #fff; overflow: hidden; }
.mm-canvas svg { position: absolute; inset: 0; width: 100%; height: 100%; }
.mm-empty { position: absolute; inset: 0; display: grid; place-items: center; padding: 16px; text-align: center; }
.mm-muted { color: var(--zx-text-muted, #636b78); font-size: 13px; }
.mm-notice { margin: 0; padding: 6px 10px; border-radius: 6px; background: #fff7e8; color: #a35a00; font-size: 13px; }
.mm-error { padding: 6px 10px; border-radius: 6px; background: #ffece8; color: #c9302c; font-size: 13px; }
.mm-foot { margin: 0; }
@media (max-width: 639px) {
  .mm { flex-direction: column; }
  .mm-list { width: auto; border-right: none; border-bottom: 1px solid var(--zx-border, #e5e6eb); padding: 0 0 8px; max-height: 160px; }
  .mm-topic { flex-basis: 100%; }
  .mm-canvas { min-height: 320px; }
  .mm-tools .button { padding: 4px 8px; }
}
`
