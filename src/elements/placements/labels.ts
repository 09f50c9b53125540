import type { PlacementState } from '../../api/placements'

export function stateLabel(state: PlacementState, t: Record<`state${PlacementState}`, string>): string {
  return t[`state${state}`] ?? state
}

/** A placement's page CSS: one column at 375 px, two from 720 px. */
export const placementsCss = `
.placement { display: grid; gap: 16px; }
:host { display: block; min-width: 0; max-width: 100%; }
.placement-page { display: grid; gap: 16px; min-width: 0; overflow-wrap: anywhere; }
.placement-page > * { min-width: 0; }
.placement-list { display: grid; gap: 16px; }
.placement-list > * { min-width: 0; }
.placement-page .button { white-space: normal; max-width: 100%; }
.form-row { display: grid; gap: 12px; }
@media (min-width: 720px) { .form-row { grid-template-columns: 1fr 1fr; } }
/* A date field's own width (its picker, a long month format) must not widen a phone's page. */
.placement-page .input { width: 100%; min-width: 0; box-sizing: border-box; }
.placement header h1, .placement header h2 { margin: 0 0 4px; font-size: 1.25rem; }
.log-form { display: grid; gap: 12px; }
.log-form textarea { width: 100%; box-sizing: border-box; }
.ai-help { display: grid; gap: 8px; }
.ai-help .actions, .picker .actions { display: flex; flex-wrap: wrap; gap: 8px; }
.ai-help .button { min-height: 44px; }
.picker { display: grid; gap: 8px; }
.picker ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 4px; max-height: 220px; overflow-y: auto; }
.picker li button { width: 100%; text-align: start; min-height: 44px; }
.check { display: flex; gap: 8px; align-items: center; min-height: 44px; }
.logs { list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; }
.logs li { border: 1px solid var(--zx-border, #d0d5dd); border-radius: 8px; padding: 8px 12px; overflow-wrap: anywhere; }
.logs .meta { display: flex; flex-wrap: wrap; gap: 8px; color: var(--zx-text-muted, #636b78); font-size: 0.875rem; }
.weeks { display: flex; flex-wrap: wrap; gap: 8px; }
.sign-link { display: grid; gap: 8px; justify-items: center; }
.sign-link .url { overflow-wrap: anywhere; font-family: monospace; }
.qr svg { width: 220px; height: 220px; }
@media (min-width: 720px) { .placement.two { grid-template-columns: 1fr 1fr; align-items: start; } }
`
