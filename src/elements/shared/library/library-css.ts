/** The file-library layout (toolbar, table, pager) both libraries draw: resources and knowledge. */
export const libraryCss = `
:host { display: block; }
.library { position: relative; display: flex; flex-direction: column; gap: 14px; min-height: 320px; }
.library.dragging { outline: 2px dashed var(--_primary); outline-offset: 6px; border-radius: var(--_radius); }
.library-head { display: flex; align-items: center; gap: 12px; flex-wrap: wrap; }
.library-title { margin: 0; font-size: 20px; font-weight: 600; }
.library-actions { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; }
.library-body { display: flex; flex-direction: column; gap: 14px; }
.spacer { flex: 1; }
.toolbar { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; }
.search { position: relative; display: flex; align-items: center; }
.search .icon { position: absolute; left: 10px; width: 16px; height: 16px; color: var(--_text-muted); pointer-events: none; }
.search .input { padding-left: 32px; width: 220px; }
.view-toggle { display: inline-flex; gap: 2px; }
.table { width: 100%; border-collapse: collapse; font-size: 14px; }
.table th { text-align: left; font-weight: 500; font-size: 12px; color: var(--_text-muted); padding: 8px 10px; border-bottom: 1px solid var(--_border); }
.table td { padding: 6px 10px; border-bottom: 1px solid var(--_border); vertical-align: middle; }
.table tbody tr:hover { background: var(--_bg-hover); }
.num { text-align: right; white-space: nowrap; }
.actions-col { text-align: right; white-space: nowrap; width: 1%; }
.name-button { display: inline-flex; align-items: center; gap: 10px; max-width: 100%; border: 0; background: none; padding: 4px 0; color: var(--_text); font: inherit; cursor: pointer; text-align: left; min-width: 0; }
.name-button .name { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.name-button:hover .name { color: var(--_primary-strong); }
.row-actions { display: inline-flex; gap: 2px; }
.row-actions .icon-button { width: 30px; height: 30px; }
a.icon-button { color: var(--_text-muted); }
.kind { color: var(--_text-muted); }
.kind.video { color: #8b5cf6; } .kind.audio { color: #ec4899; } .kind.image { color: #10b981; } .kind.pdf { color: #ef4444; } .kind.document { color: #3b82f6; } .kind.text { color: #64748b; }
.icon.big { width: 40px; height: 40px; stroke-width: 1.4; }
.tags { display: inline-flex; flex-wrap: wrap; gap: 4px; }
.tag { border: 0; padding: 1px 8px; border-radius: 10px; background: var(--_primary-soft); color: var(--_primary-strong); font: inherit; font-size: 12px; cursor: pointer; }
.grid { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(160px, 1fr)); gap: 12px; }
.card { position: relative; border: 1px solid var(--_border); border-radius: var(--_radius); background: var(--_bg-elevated); overflow: hidden; transition: box-shadow 120ms, border-color 120ms; }
.card:hover { border-color: var(--_primary); box-shadow: var(--_shadow); }
.card-main { display: flex; flex-direction: column; gap: 4px; width: 100%; padding: 0 0 10px; border: 0; background: none; color: var(--_text); font: inherit; cursor: pointer; text-align: left; }
.card-main .name, .card-main .muted { padding: 0 10px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.card-main .name { font-size: 14px; font-weight: 500; }
.thumb { display: grid; place-items: center; height: 110px; background: var(--_bg-subtle); margin-bottom: 6px; }
.thumb img { width: 100%; height: 100%; object-fit: cover; }
.card-actions { display: flex; justify-content: flex-end; padding: 0 4px 4px; border-top: 1px solid var(--_border); }
/* Six actions are wider than the narrowest card: they wrap onto a second row rather than being cut off. */
.card-actions .row-actions { display: flex; flex-wrap: wrap; justify-content: flex-end; width: 100%; }
.drop-hint { position: absolute; inset: 0; display: flex; align-items: center; justify-content: center; gap: 10px; background: color-mix(in srgb, var(--_primary) 8%, var(--_bg)); border-radius: var(--_radius); font-size: 16px; color: var(--_primary-strong); pointer-events: none; }
.undo-bar { position: sticky; bottom: 16px; align-self: center; display: flex; align-items: center; gap: 16px; padding: 10px 16px; border-radius: 10px; background: #1f2329; color: #fff; box-shadow: var(--_shadow); font-size: 14px; z-index: 5; }
.undo-bar .link-button { color: #7dd8ff; font-weight: 600; }
@media (max-width: 640px) {
  .narrow-hide { display: none; }
  .search .input { width: 100%; }
  .search { flex: 1 1 100%; }
  .row-actions .icon-button:not(:first-child):not([data-testid='delete-resource']) { display: none; }
  .library-head .button { flex: 1; }
  .library-actions { flex: 1 1 100%; }
}
`
