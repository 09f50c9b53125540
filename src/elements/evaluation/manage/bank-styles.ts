/** Styles of the question bank screens (tabs, filters, rows, import preview, AI drafts): they wrap at 375 px rather than scroll sideways. */
export const bankCss = `
.manage > .tabs { margin: 0 0 12px; }
.bank-filters { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin: 0 0 10px; min-width: 0; }
.bank-filters input[type='search'] { flex: 1 1 160px; }
.bank-row .row-main { flex: 1 1 260px; }
.bank-stem { overflow-wrap: anywhere; min-width: 0; }
.bank-stem .zx-md-block > :first-child { margin-top: 0; }
.bank-stem .zx-md-block > :last-child { margin-bottom: 0; }
.bank-options { margin: 0; padding-left: 1.6em; overflow-wrap: anywhere; }
.pager { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; justify-content: center; margin: 12px 0; }
.question-edit { display: grid; gap: 10px; width: 100%; min-width: 0; }
.question-edit h3 { margin: 0; }
.bank-form { display: grid; gap: 8px; min-width: 0; }
.bank-meta { display: grid; grid-template-columns: repeat(auto-fill, minmax(200px, 1fr)); gap: 8px 16px; }
.bank-meta .wide { grid-column: 1 / -1; }
.stem-preview { padding: 8px 12px; border: 1px dashed var(--_border); border-radius: var(--_radius); overflow-wrap: anywhere; min-width: 0; }
.source-passage { margin: 0; padding: 8px 12px; border-left: 3px solid var(--_primary); background: var(--_bg-subtle, transparent); overflow-wrap: anywhere; }
.source-passage p { margin: 4px 0 0; white-space: pre-wrap; color: var(--_text-muted); }
.settings legend { padding: 0 4px; color: var(--_text-muted); }
.writer { display: grid; gap: 12px; min-width: 0; }
.writer-form { display: grid; gap: 12px; min-width: 0; }
.writer-status { display: grid; gap: 6px; }
.writer-status p { margin: 0; }
.draft[data-state='accepted'] { border-color: var(--_primary); opacity: .85; }
.file-pick { position: relative; display: inline-flex; align-items: center; gap: 8px; flex-wrap: wrap; max-width: 100%; }
.file-pick input[type='file'] { min-height: 0; border: none; padding: 0; max-width: 100%; }
.file-pick .button-like { font-weight: 600; }
.import-preview { display: grid; gap: 8px; min-width: 0; }
table.data td.import-stem { white-space: normal; min-width: 180px; overflow-wrap: anywhere; }
table.data td.import-error { color: var(--_danger); white-space: normal; min-width: 160px; }
table.data td.import-ok { color: var(--_text-muted); }
table.data td.analysis-stem { white-space: normal; min-width: 160px; max-width: 360px; }
table.data td.import-skipped { color: var(--_text); font-style: italic; white-space: normal; min-width: 160px; }
table.data .import-notes { margin: 4px 0 0; padding-left: 1.2em; color: var(--_text); white-space: normal; font-size: 12px; }
tr[data-error] th { color: var(--_danger); }
@media (max-width: 640px) { .bank-filters > * { flex: 1 1 40%; } .bank-filters input[type='search'] { flex: 1 1 100%; } }
`
