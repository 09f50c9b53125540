import { stackTableCss } from './stack-table.css'
import { elementTabBarCss } from './tab-bar'

/**
 * The kit's look, put into the shadow root of every element that uses the kit
 * (list it first in the element's css): icons, buttons, fields, modal rows,
 * badges, tab rows. Colours come from the `--_…` variables of `shared/theme.css.ts`.
 */
export const kitCss = `
.icon { width: 18px; height: 18px; flex: none; fill: none; stroke: currentColor; stroke-width: 1.8; stroke-linecap: round; stroke-linejoin: round; }
.icon-button {
  display: inline-grid; place-items: center; width: 32px; height: 32px; padding: 0; flex: none;
  border: 0; border-radius: 8px; background: none; color: var(--_text-muted); cursor: pointer;
  transition: background 120ms, color 120ms;
}
.icon-button:hover:not(:disabled) { background: var(--_bg-hover); color: var(--_text); }
.icon-button:disabled { opacity: 0.4; cursor: not-allowed; }
.icon-button[aria-pressed='true'] { color: var(--_primary-strong); background: var(--_primary-soft); }
.button {
  display: inline-flex; align-items: center; justify-content: center; gap: 6px;
  height: 34px; padding: 0 14px; border-radius: var(--_radius-small);
  border: 1px solid var(--_border); background: var(--_bg-elevated); color: var(--_text);
  font: inherit; font-size: 14px; font-weight: 500; cursor: pointer; white-space: nowrap;
  transition: background 120ms, border-color 120ms;
}
.button:hover:not(:disabled) { background: var(--_bg-hover); }
.button:disabled { opacity: 0.5; cursor: not-allowed; }
.button.primary { background: var(--_primary-strong); border-color: var(--_primary-strong); color: var(--_on-primary); }
.button.primary:hover:not(:disabled) { background: var(--_primary-hover); border-color: var(--_primary-hover); }
.button.danger { background: var(--_danger); border-color: var(--_danger); color: #fff; }
.button.danger:hover:not(:disabled) { filter: brightness(0.95); background: var(--_danger); }
.button.ghost { border-color: transparent; background: none; }
.button .icon { width: 16px; height: 16px; }
.field { display: flex; flex-direction: column; gap: 6px; font-size: 13px; color: var(--_text-muted); }
.field-label { display: flex; align-items: baseline; justify-content: space-between; gap: 8px; color: var(--_text); font-weight: 500; font-size: 14px; }
.field-hint { font-size: 12px; color: var(--_text-muted); }
.field-error { color: var(--_danger); font-size: 12px; }
.form-error { margin: 0; color: var(--_danger); font-size: 13px; line-height: 1.5; }
.field.invalid .input, .field.invalid .textarea { border-color: var(--_danger); }
.required { color: var(--_danger); }
.input, .textarea {
  width: 100%; padding: 8px 12px; border-radius: var(--_radius-small);
  border: 1px solid var(--_border); background: var(--_bg); color: var(--_text);
  font: inherit; font-size: 14px; line-height: 1.5; transition: border-color 120ms, box-shadow 120ms;
}
.input { height: 36px; padding: 0 12px; }
.textarea { resize: vertical; min-height: 96px; }
.input:focus, .textarea:focus { outline: none; border-color: var(--_primary); box-shadow: 0 0 0 3px var(--_primary-soft); }
.modal.wide::part(panel) { width: min(720px, 100%); }
.modal-body { display: flex; flex-direction: column; gap: 16px; }
.modal-actions { display: flex; justify-content: flex-end; gap: 8px; flex-wrap: wrap; }
.confirm-message { margin: 0; line-height: 1.6; word-break: break-word; }
.badge {
  display: inline-flex; align-items: center; height: 18px; padding: 0 6px; border-radius: 9px;
  font-size: 11px; font-weight: 600; line-height: 1; background: var(--_bg-subtle); color: var(--_text-muted);
  border: 1px solid var(--_border); flex: none;
}
.badge.primary { background: var(--_primary-soft); color: var(--_primary-strong); border-color: transparent; }
.visually-hidden {
  position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px;
  overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0;
}
${stackTableCss}
${elementTabBarCss}
`
