/** Styles of the teachers' evaluation screens: wrap rather than scroll sideways at 375 px. */
export const evaluationManageCss = `
.manage { max-width: 1080px; margin: 0 auto; padding: 16px; box-sizing: border-box; min-width: 0; }
.manage * { box-sizing: border-box; }
.manage-head { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; justify-content: space-between; margin-bottom: 12px; }
.no-courses { display: flex; flex-direction: column; align-items: center; gap: 8px; }
/* The kit's buttons keep to one line; this one is a sentence, which a long language must be able to wrap. */
.no-courses .button { white-space: normal; height: auto; min-height: 34px; padding-block: 6px; max-width: 100%; text-align: center; text-decoration: none; }
.course-picker { display: flex; gap: 8px; align-items: center; min-width: 0; max-width: 100%; }
.course-picker select { min-width: 0; max-width: 100%; }
.section-head { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; justify-content: space-between; margin: 8px 0; }
.manage-list { list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; }
.manage-row { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 12px; padding: 12px; border: 1px solid var(--_border); border-radius: var(--_radius); background: var(--_bg-elevated); }
.row-main { flex: 1 1 200px; min-width: 0; display: grid; gap: 2px; }
.row-title { overflow-wrap: anywhere; }
.row-meta { color: var(--_text-muted); font-size: .88rem; }
.chip { padding: 2px 10px; border-radius: 999px; background: var(--_bg-subtle, var(--_border)); font-size: .85rem; white-space: nowrap; }
.chip[data-status='published'] { background: var(--_primary-soft); }
.row-actions { display: flex; flex-wrap: wrap; gap: 6px; }
button.danger { border-color: var(--_danger); color: var(--_danger); }
button.link { border: none; background: none; color: var(--_primary-strong); padding: 0 6px; min-height: 32px; }
.builder { display: grid; gap: 12px; min-width: 0; }
.settings { display: grid; grid-template-columns: repeat(auto-fill, minmax(180px, 1fr)); gap: 10px 16px; border: 1px solid var(--_border); border-radius: var(--_radius); padding: 12px; margin: 0; min-width: 0; }
.settings .wide { grid-column: 1 / -1; }
.stacked { display: grid; gap: 4px; min-width: 0; }
.stacked > span { color: var(--_text-muted); font-size: .88rem; }
.inline { display: inline-flex; gap: 6px; align-items: center; }
.pick-group { display: flex; flex-wrap: wrap; gap: 6px 14px; align-items: center; min-width: 0; }
.pick-group > span:first-child { color: var(--_text-muted); font-size: .88rem; flex: 0 0 100%; }
input, textarea { font: inherit; color: inherit; background: var(--_bg); border: 1px solid var(--_border); border-radius: var(--_radius); padding: 6px 10px; min-height: 36px; min-width: 0; max-width: 100%; }
input[type='checkbox'], input[type='radio'] { min-height: 0; width: 18px; height: 18px; padding: 0; accent-color: var(--_primary); }
input.num { width: 80px; }
.grow { flex: 1 1 auto; }
.editor-list { list-style: none; margin: 0; padding: 0; display: grid; gap: 10px; }
.question-editor { display: grid; gap: 8px; padding: 12px; border: 1px solid var(--_border); border-radius: var(--_radius); background: var(--_bg-elevated); min-width: 0; }
.editor-head, .option-row, .add-row, .draw-row, .builder-actions { display: flex; flex-wrap: wrap; gap: 6px 10px; align-items: center; min-width: 0; }
.stem-input { width: 100%; resize: vertical; }
.options-editor, .rubric-editor { display: grid; gap: 6px; }
.option-row .grow { flex: 1 1 160px; }
.correct { display: inline-flex; gap: 4px; align-items: center; }
.hint { color: var(--_text-muted); font-size: .88rem; margin: 0; }
.hint.warn { color: var(--_warning); }
.tag-input { width: 140px; }
.builder-actions { justify-content: flex-end; }
.manage-row[data-flagged], .question-editor[data-flagged] { border-color: var(--_warning); }
.question-editor[data-invalid] { border-color: var(--_danger); }
.chip.late { background: color-mix(in srgb, var(--_warning) 16%, transparent); margin-left: 8px; }
.chip.flag, .flag-note { background: color-mix(in srgb, var(--_warning) 16%, transparent); }
.flag-note { margin: 0; padding: 8px 12px; border-radius: var(--_radius); }
.student-answer { margin: 0; padding: 10px 12px; border-left: 3px solid var(--_border); white-space: pre-wrap; overflow-wrap: anywhere; }
.student-answer mark { background: color-mix(in srgb, var(--_primary) 22%, transparent); color: inherit; border-radius: 2px; }
.criteria-grid { display: grid; gap: 8px; }
.criterion-row { display: flex; flex-wrap: wrap; gap: 6px 10px; align-items: center; padding-top: 8px; border-top: 1px solid var(--_border); }
.criterion-name { flex: 1 1 220px; display: grid; gap: 2px; min-width: 0; overflow-wrap: anywhere; }
.criterion-row .grow { flex: 1 1 180px; }
.table-wrap { max-width: 100%; overflow-x: auto; margin: 8px 0 16px; }
table.data { border-collapse: collapse; min-width: 100%; font-size: .92rem; }
table.data caption { text-align: left; font-weight: 600; padding: 4px 0; }
table.data th, table.data td { text-align: left; padding: 6px 10px; border-bottom: 1px solid var(--_border); white-space: nowrap; }
.bank-draw { display: grid; gap: 6px; border: 1px dashed var(--_border); border-radius: var(--_radius); padding: 10px 12px; margin: 0; min-width: 0; }
.bank-draw legend { padding: 0 4px; color: var(--_text-muted); }
.draw-rules { list-style: none; margin: 0; padding: 0; display: grid; gap: 6px; }
.grade-history { font-size: .88rem; color: var(--_text-muted); }
.grade-history summary { cursor: pointer; width: fit-content; }
.grade-history ol { margin: 4px 0 0; padding-left: 20px; }
@media (max-width: 640px) { .manage { padding: 8px; } .settings { grid-template-columns: 1fr; } }
`
