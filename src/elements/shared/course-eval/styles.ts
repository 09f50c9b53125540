/**
 * Course evaluation (menu 9): the ranking, the indicator editor, the scoring
 * form and the read-only result. Also put into the courses bundle (the
 * teacher's 课程评价 tab and the manager's list page), so it stands alone:
 * it styles only `.ce-*` classes. Under 640 px the ranking's rows become cards (the kit's
 * `stack-table`).
 */
export const courseEvaluationCss = `
.ce { display: grid; gap: 14px; min-width: 0; }
.ce * { box-sizing: border-box; }
.ce-head { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; justify-content: space-between; }
.ce-head h2 { margin: 0; font-size: 1.2rem; }
.ce-muted { color: var(--_text-muted); font-size: .9rem; }
.ce-actions { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
.ce button { font: inherit; min-height: 36px; padding: 0 14px; border-radius: var(--_radius); border: 1px solid var(--_border); background: var(--_bg-elevated); color: inherit; cursor: pointer; }
.ce button.primary { background: var(--_primary-strong); border-color: var(--_primary-strong); color: var(--_on-primary, #fff); }
.ce button.link { border: none; background: none; color: var(--_primary-strong, var(--_primary)); padding: 0 6px; }
.ce button:disabled { opacity: .6; cursor: default; }
.ce input, .ce textarea { font: inherit; color: inherit; background: var(--_bg); border: 1px solid var(--_border); border-radius: var(--_radius); padding: 6px 10px; min-height: 36px; min-width: 0; max-width: 100%; }
.ce textarea { resize: vertical; width: 100%; }
.ce input.ce-num { width: 84px; }
.ce-problem { margin: 0; color: var(--_danger); }
.ce-warn { margin: 0; color: var(--_warning); }
.ce-table-wrap { min-width: 0; overflow-x: auto; border: 1px solid var(--_border); border-radius: var(--_radius); background: var(--_bg-elevated); }
table.ce-ranking { border-collapse: collapse; width: 100%; font-size: .92rem; }
.ce-ranking th, .ce-ranking td { padding: 8px 10px; text-align: left; border-bottom: 1px solid var(--_border); vertical-align: middle; }
.ce-ranking th { font-weight: 600; color: var(--_text-muted); white-space: nowrap; }
.ce-ranking td.num, .ce-ranking th.num { text-align: right; font-variant-numeric: tabular-nums; }
.ce-ranking tr:last-child td { border-bottom: none; }
.ce-rank { display: inline-grid; place-items: center; min-width: 28px; height: 28px; border-radius: 14px; font-weight: 700; background: var(--_bg-subtle, var(--_border)); }
.ce-rank[data-top] { background: var(--_primary-soft, var(--_bg-subtle)); color: var(--_primary-strong, inherit); }
.ce-title { display: grid; gap: 2px; min-width: 0; }
.ce-title strong { overflow-wrap: anywhere; }
.ce-total-cell { font-weight: 700; }
.ce-figures { display: grid; grid-template-columns: repeat(auto-fill, minmax(132px, 1fr)); gap: 8px; margin: 0; }
.ce-figures div { padding: 8px 12px; border-radius: var(--_radius); background: var(--_bg-subtle, var(--_bg-elevated)); border: 1px solid var(--_border); }
.ce-figures dt { font-size: .82rem; color: var(--_text-muted); }
.ce-figures dd { margin: 2px 0 0; font-size: 1.3rem; font-weight: 700; font-variant-numeric: tabular-nums; }
.ce-card { padding: 14px; border: 1px solid var(--_border); border-radius: var(--_radius); background: var(--_bg-elevated); display: grid; gap: 8px; min-width: 0; }
.ce-list { list-style: none; margin: 0; padding: 0; display: grid; gap: 10px; }
.ce-row { display: flex; flex-wrap: wrap; gap: 8px 12px; align-items: center; }
.ce-row .grow { flex: 1 1 200px; }
.ce-field { display: grid; gap: 4px; min-width: 0; }
.ce-field > span { color: var(--_text-muted); font-size: .85rem; }
.ce-levels { margin: 0; padding-left: 20px; color: var(--_text-muted); font-size: .88rem; }
.ce-suggest { font-size: .88rem; color: var(--_primary-strong, var(--_primary)); }
.ce-sum[data-wrong] { color: var(--_danger); font-weight: 600; }
.ce-foot { display: flex; flex-wrap: wrap; gap: 8px 12px; align-items: center; justify-content: flex-end; }
.ce-result { display: grid; gap: 12px; }
.ce-total { display: flex; flex-wrap: wrap; gap: 6px 16px; align-items: baseline; }
.ce-total strong { font-size: 1.5rem; color: var(--_primary-strong, inherit); }
.ce-indicators { list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; }
.ce-indicators li { padding: 10px 12px; border: 1px solid var(--_border); border-radius: var(--_radius); background: var(--_bg-elevated); }
.ce-indicator-head { display: flex; flex-wrap: wrap; gap: 4px 12px; align-items: baseline; }
.ce-score { margin-left: auto; font-size: 1.2rem; font-weight: 700; font-variant-numeric: tabular-nums; }
.ce-comment { margin: 6px 0 0; white-space: pre-wrap; overflow-wrap: anywhere; }
.ce-subtitle { margin: 4px 0 0; font-size: 1rem; }
@media (max-width: 640px) {
  .ce-table-wrap { border: none; background: none; overflow: visible; }
  .ce-figures { grid-template-columns: repeat(2, minmax(0, 1fr)); }
}
`
