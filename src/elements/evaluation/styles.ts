/** Styles of the evaluation elements: one column that reads on a 375 px phone and a PC alike. */
export const evaluationCss = `
:host { display: block; color: var(--_text); }
.paper, .result { max-width: 860px; margin: 0 auto; padding: 16px; box-sizing: border-box; }
h1 { font-size: 1.35rem; margin: 0 0 4px; overflow-wrap: anywhere; }
h2 { font-size: 1.15rem; margin: 0; }
.meta { color: var(--_text-muted); margin: 0 0 8px; }
.status-bar { position: sticky; top: var(--zx-inset-top, 0px); z-index: 2; display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; justify-content: space-between;
  padding: 8px 12px; margin: 8px -4px; background: var(--_bg-elevated); border: 1px solid var(--_border); border-radius: var(--_radius); }
.countdown { font-variant-numeric: tabular-nums; font-weight: 600; }
.countdown[data-urgent] { color: var(--_danger); }
.save { color: var(--_text-muted); font-size: .9rem; }
.save[data-state='unsaved'], .save[data-state='offline'] { color: var(--_warning); }
.save[data-state='invalid'] { color: var(--_danger); }
.handed-in { color: var(--_text-muted); margin: 4px 0 8px; }
.questions { list-style: none; padding: 0; margin: 0; display: grid; gap: 12px; }
.question { border: 1px solid var(--_border); border-radius: var(--_radius); padding: 14px; background: var(--_bg-elevated); min-width: 0; }
.question-head { display: flex; gap: 8px; align-items: baseline; flex-wrap: wrap; margin-bottom: 6px; }
.number { font-weight: 600; }
.type, .points { color: var(--_text-muted); font-size: .88rem; }
.score { margin-left: auto; font-weight: 600; }
.stem { overflow-wrap: anywhere; }
.choices { display: grid; gap: 8px; margin-top: 8px; }
.choice { display: flex; gap: 10px; align-items: center; min-height: 44px; padding: 8px 12px; border: 1px solid var(--_border); border-radius: var(--_radius); cursor: pointer; }
.choice[data-checked] { border-color: var(--_primary); background: var(--_primary-soft); }
.choice input { width: 18px; height: 18px; margin: 0; accent-color: var(--_primary); }
.letter { font-weight: 600; min-width: 1.2em; }
.option-text { overflow-wrap: anywhere; }
.judge { grid-template-columns: 1fr 1fr; }
.blank, .short { width: 100%; box-sizing: border-box; margin-top: 8px; padding: 10px 12px; font: inherit; border: 1px solid var(--_border); border-radius: var(--_radius);
  background: var(--_bg); color: inherit; min-height: 44px; }
.short { resize: vertical; }
.practical { margin-top: 8px; }
.answer-files { list-style: none; margin: 6px 0; padding: 0; display: grid; gap: 6px; }
.answer-files li { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; min-width: 0; }
.answer-files .file-name, .answer-files a { overflow-wrap: anywhere; min-width: 0; }
.answer-files .file-size { opacity: .7; font-size: .85rem; }
.answer-files progress { flex: 1 1 120px; }
.upload-pick { display: inline-flex; align-items: center; gap: 8px; min-height: 44px; }
.upload-pick input[type='file'] { max-width: 100%; }
.paper-foot { position: sticky; bottom: var(--zx-inset-bottom, 0px); z-index: 2; display: flex; gap: 12px; align-items: center; justify-content: space-between; padding: 12px 0; margin-top: 12px;
  background: var(--_bg); border-top: 1px solid var(--_border); }
button { font: inherit; min-height: 40px; padding: 0 16px; border-radius: var(--_radius); border: 1px solid var(--_border); background: var(--_bg-elevated); color: inherit; cursor: pointer; }
button.primary { background: var(--_primary-strong); border-color: var(--_primary-strong); color: var(--_on-primary); }
button:disabled { opacity: .6; cursor: default; }
.dialog-actions { display: flex; justify-content: flex-end; gap: 8px; margin-top: 12px; }
.notice { padding: 10px 12px; border-radius: var(--_radius); background: color-mix(in srgb, var(--_warning) 12%, transparent); }
.error { color: var(--_danger); }
.result-head { display: flex; gap: 12px; align-items: center; margin-bottom: 12px; }
.badge { padding: 2px 10px; border-radius: 999px; font-size: .85rem; background: var(--_border); }
.badge[data-passed='true'] { background: color-mix(in srgb, var(--_success) 18%, transparent); }
.answers { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; margin: 8px 0; }
.answers dt { color: var(--_text-muted); }
.answers dd { margin: 0; overflow-wrap: anywhere; }
.question:not([data-full]) .mine { color: var(--_danger); }
.criteria { width: 100%; border-collapse: collapse; margin: 8px 0; font-size: .92rem; }
.criteria th, .criteria td { text-align: left; vertical-align: top; padding: 6px; border-top: 1px solid var(--_border); }
.criteria .points { white-space: nowrap; }
.evidence { margin: 4px 0 0; padding-left: 18px; color: var(--_text-muted); }
.explanation, .source { margin: 8px 0 0; padding: 8px 12px; border-left: 3px solid var(--_border); }
.source p { margin: 4px 0 0; color: var(--_text-muted); }
.weak { margin-bottom: 12px; padding: 10px 12px; border: 1px dashed var(--_border); border-radius: var(--_radius); }
.weak h3 { margin: 0 0 4px; font-size: 1rem; }
.ask { margin-top: 8px; }
.ask-ai { display: block; height: 480px; margin-top: 8px; border: 1px solid var(--_border); border-radius: var(--_radius); overflow: hidden; }
@media (max-width: 640px) { .paper, .result { padding: 8px; } .question { padding: 12px; } }
`
