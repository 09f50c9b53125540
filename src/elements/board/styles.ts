/** The board's and the records' styles: a grid that is one column on phones and fills 1920×1080 in big-screen mode. */
export const boardCss = `
:host { display: block; }
.board, .records { display: flex; flex-direction: column; gap: 16px; color: var(--zx-text, #1f2937); }
.board-bar { display: flex; flex-direction: column; gap: 8px; }
.board-title { font-size: 20px; margin: 0; }
.controls { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
.controls label { display: inline-flex; gap: 4px; align-items: center; font-size: 13px; }
.controls input[type=date], .controls input[type=search] { padding: 4px 8px; border: 1px solid var(--zx-border, #e5e7eb); border-radius: 6px; font: inherit; }
.segmented { display: inline-flex; border: 1px solid var(--zx-border, #e5e7eb); border-radius: 6px; overflow: hidden; }
.segmented button { border: 0; background: none; padding: 4px 10px; cursor: pointer; font: inherit; white-space: nowrap; }
.segmented button[aria-pressed=true] { background: var(--zx-primary-strong, #0A6F94); color: var(--zx-on-primary, #fff); }
.btn { border: 1px solid var(--zx-border, #e5e7eb); background: var(--zx-bg-elevated, #fff); border-radius: 6px; padding: 4px 12px; cursor: pointer; font: inherit; color: inherit; text-decoration: none; }
.btn[aria-pressed=true] { border-color: var(--zx-primary, #32C5FF); color: var(--zx-primary-strong, #0A6F94); }
.btn.small { padding: 2px 8px; font-size: 12px; }
.error { color: var(--zx-danger, #dc2626); margin: 0; }
.board-computing { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin: 0 0 12px; padding: 8px 12px; border-radius: 6px; background: #fffbeb; color: #78350f; font-size: 13px; }
.kpis { display: grid; grid-template-columns: repeat(auto-fit, minmax(150px, 1fr)); gap: 12px; }
.kpi { display: flex; flex-direction: column; gap: 2px; padding: 12px 16px; border-radius: 8px; background: var(--zx-bg-subtle, #f8fafc); }
.kpi-label, .kpi-note { font-size: 12px; color: var(--zx-text-muted, #6b7280); }
.kpi-value { font-size: 26px; }
.grid { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 12px; }
.panel { padding: 12px 16px; border: 1px solid var(--zx-border, #e5e7eb); border-radius: 8px; min-width: 0; }
.panel.wide { grid-column: span 3; }
.panel h2 { font-size: 15px; margin: 0 0 8px; }
.panel h3 { font-size: 13px; margin: 12px 0 4px; }
.facts { display: grid; grid-template-columns: 1fr auto; gap: 4px 12px; margin: 0; }
.facts dd { margin: 0; font-weight: 600; text-align: right; }
.muted { margin: 0; font-size: 13px; color: var(--zx-text-muted, #6b7280); }
.bars { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 4px; font-size: 13px; }
.bars li { display: grid; grid-template-columns: minmax(60px, 35%) 1fr auto; gap: 8px; align-items: center; }
.bar-label { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.bar-track { height: 8px; background: var(--zx-bg-subtle, #f1f5f9); border-radius: 4px; }
.bar-fill { display: block; height: 100%; background: var(--zx-primary, #32C5FF); border-radius: 4px; }
.figure-table summary { cursor: pointer; font-size: 12px; color: var(--zx-text-muted, #6b7280); margin-top: 8px; }
.table-scroll { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; font-size: 13px; }
th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--zx-border, #e5e7eb); white-space: nowrap; }
td.summary { white-space: normal; max-width: 320px; }
tr.failed td { color: var(--zx-danger, #dc2626); }
.chain { display: flex; gap: 8px; align-items: center; margin: 0; color: var(--zx-success, #15803d); font-size: 13px; }
.chain.broken { color: #dc2626; font-weight: 600; }
.pager { display: flex; gap: 8px; align-items: center; justify-content: flex-end; font-size: 13px; }
/* Big screen: the board fills a 1920×1080 wall display, larger type, four columns. */
.board.big-screen { position: fixed; inset: 0; z-index: 1000; overflow: auto; padding: 24px 32px; background: #0b1220; color: #e5e7eb; --zx-border: #1f2a44; --zx-bg-subtle: #111a2e; --zx-bg-elevated: #16213a; --zx-text-muted: #94a3b8; --_text-muted: #94a3b8; --_border: #1f2a44; }
.board.big-screen .btn { background: #111a2e; color: #e5e7eb; }
.board.big-screen .kpi-value { font-size: 40px; }
.board.big-screen .grid { grid-template-columns: repeat(4, minmax(0, 1fr)); }
.board.big-screen .panel.wide { grid-column: span 2; }
@media (max-width: 640px) {
  .grid { grid-template-columns: 1fr; }
  .panel.wide { grid-column: auto; }
  .kpis { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  .controls > * { flex: 1 1 45%; }
  /* The range presets take a row of their own, each label on one line. */
  .controls > .segmented { flex: 1 1 100%; }
  .segmented button { flex: 1 1 0; padding: 4px 6px; }
}
`
