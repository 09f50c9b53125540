/**
 * The live classroom's look. The projector is read from the back of a room
 * at 1920×1080: the code, counts, names and the question are large, every
 * colour from the theme (text on its background ≥ 4.5:1). The phone view
 * fits 375 px with thumb-sized answer buttons.
 */
export const liveCss = `
:host { display: block; color: var(--_text); font-family: var(--_font); }
h1, h2 { margin: 0; color: var(--_text); }
.muted { color: var(--_text-muted); margin: 0; }
.notice { margin: 0; padding: 8px 12px; border-radius: var(--_radius-small); background: var(--_bg-subtle); color: var(--_text); }
.check { display: inline-flex; align-items: center; gap: 8px; font-size: 16px; color: var(--_text); }
.button[aria-pressed='true'] { background: var(--_primary-soft); border-color: var(--_primary-strong); color: var(--_primary-strong); }

.projector { display: flex; flex-direction: column; gap: 16px; min-height: 100%; padding: 24px; box-sizing: border-box; font-size: 22px; }
.projector .button { height: 48px; font-size: 20px; padding: 0 20px; }
.projector-head { display: flex; align-items: center; gap: 24px; }
.projector-title { flex: 1; min-width: 0; display: flex; flex-direction: column; gap: 4px; }
.projector-head h1 { font-size: 36px; }
.projector .class-title { font-size: 26px; }
.projector-grid { display: grid; grid-template-columns: minmax(280px, 1fr) minmax(0, 2.2fr) minmax(280px, 1fr); gap: 24px; align-items: start; }
.side { display: flex; flex-direction: column; gap: 20px; }
.join { display: flex; flex-direction: column; align-items: center; gap: 8px; padding: 20px; border: 1px solid var(--_border); border-radius: var(--_radius); background: var(--_bg-elevated); }
.join p { margin: 0; text-align: center; }
.join-hint { font-size: 20px; color: var(--_text-muted); }
.code-label { font-size: 20px; color: var(--_text-muted); margin: 0; }
.code { font-size: 88px; font-weight: 700; letter-spacing: 0.12em; font-variant-numeric: tabular-nums; line-height: 1.1; color: var(--_text); }
.join-qr { width: 260px; height: 260px; background: #fff; padding: 8px; border-radius: 8px; }
.join-qr svg { width: 100%; height: 100%; }
.present { display: flex; flex-direction: column; gap: 8px; align-items: flex-start; }
.present-count { font-size: 72px; font-weight: 700; margin: 0; line-height: 1; }
.names { margin: 0; padding: 0; list-style: none; columns: 2; font-size: 22px; line-height: 1.6; }
.stage { display: flex; flex-direction: column; gap: 24px; min-width: 0; }
.call { padding: 20px; border-radius: var(--_radius); background: var(--_bg-elevated); border: 1px solid var(--_border); display: flex; flex-direction: column; gap: 12px; }
.call-name { font-size: 64px; font-weight: 700; margin: 0; }
.marks, .actions, .wall-controls { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; }
.question { display: flex; flex-direction: column; gap: 16px; }
.question-card { display: flex; flex-direction: column; gap: 12px; }
.countdown { margin: 0; font-weight: 700; font-variant-numeric: tabular-nums; color: var(--_primary-strong); }
.countdown.closed { color: var(--_text-muted); }
.stem { margin: 0; font-size: 1.4em; line-height: 1.4; word-break: break-word; }
.options { margin: 0; padding: 0; list-style: none; display: grid; gap: 6px; }
.answer-key, .revealed, .answered { margin: 0; font-weight: 600; }
.chart { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 10px; }
.bar { display: grid; grid-template-columns: 5em 1fr 3em; gap: 12px; align-items: center; }
.bar-label { font-weight: 600; }
.bar-track { height: 36px; background: var(--_bg-subtle); border-radius: 6px; overflow: hidden; }
.bar-fill { display: block; height: 100%; background: var(--_primary-strong); transition: width 300ms; }
.bar.right .bar-fill { background: var(--_success, #15803d); }
.bar.right .bar-label::after { content: ' \\2713'; }
.bar-count { text-align: end; font-variant-numeric: tabular-nums; font-weight: 600; }
.question-form { display: flex; flex-direction: column; gap: 12px; padding: 20px; border: 1px solid var(--_border); border-radius: var(--_radius); background: var(--_bg-elevated); font-size: 16px; }
.projector .question-form .button { height: 40px; font-size: 16px; }
.segmented { display: flex; gap: 8px; }
.option-row { display: grid; grid-template-columns: 1fr auto; gap: 12px; align-items: end; }
.bank-list { list-style: none; margin: 0; padding: 0; max-height: 320px; overflow: auto; display: flex; flex-direction: column; gap: 6px; }
.wall { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 10px; }
.wall-message { display: flex; flex-wrap: wrap; gap: 6px 10px; align-items: baseline; padding: 10px 12px; border-radius: var(--_radius-small); background: var(--_bg-subtle); }
.wall-name { font-weight: 600; }
.wall-text { word-break: break-word; flex: 1 1 auto; }
.wall-actions { display: flex; gap: 4px; }
.projector .wall-actions .button { height: 32px; font-size: 14px; padding: 0 8px; }
.projector .stem { font-size: 44px; font-weight: 600; }
.projector .options { font-size: 30px; }
.projector .countdown { font-size: 32px; }
.projector .wall-message { font-size: 26px; }

.student { display: flex; flex-direction: column; gap: 16px; max-width: 480px; margin: 0 auto; padding: 16px; box-sizing: border-box; font-size: 16px; }
.student h1 { font-size: 22px; }
.student h2 { font-size: 18px; }
.join-form, .blank-form, .wall-form { display: flex; flex-direction: column; gap: 12px; }
.wall-form { flex-direction: row; }
.wall-form .input { flex: 1; min-width: 0; }
.code-input { font-size: 28px; height: 56px; letter-spacing: 0.12em; text-transform: uppercase; }
.student .button { min-height: 44px; }
.choices { display: flex; flex-direction: column; gap: 10px; }
.choice { display: flex; gap: 12px; align-items: center; width: 100%; min-height: 56px; padding: 10px 14px; text-align: start; white-space: normal; font-size: 17px; justify-content: flex-start; height: auto; }
.letter { font-weight: 700; }
.verdict { margin: 0; font-weight: 700; }
.verdict.right { color: var(--_success, #15803d); }
.verdict.wrong { color: var(--_danger); }
.called-me { font-weight: 700; }
`
