/**
 * A labelled list of checkboxes: the kit's multi-select (courses to publish
 * to, knowledge datasets to answer from, a portal's featured assistants).
 * Few options each, so all stay visible rather than hiding behind a dropdown.
 * Its look is `checkListCss` (list it after `kitCss`).
 */
export interface CheckOption {
  id: string
  label: string
  note?: string
}

export interface CheckListProps {
  label: string
  hint?: string
  /** Shown instead of the list when there is nothing to pick. */
  empty?: string
  options: readonly CheckOption[]
  value: readonly string[]
  onChange: (ids: string[]) => void
  testId?: string
  className?: string
}

export function CheckList({ label, hint, empty, options, value, onChange, testId, className }: CheckListProps) {
  const toggle = (id: string) => onChange(value.includes(id) ? value.filter(v => v !== id) : [...value, id])
  return (
    <fieldset className={className ? `field check-list ${className}` : 'field check-list'} data-testid={testId}>
      <legend className="field-label">{label}</legend>
      {hint ? <span className="field-hint">{hint}</span> : null}
      {options.length === 0 && empty ? <span className="field-hint">{empty}</span> : null}
      {options.length > 0 ? (
        <div className="check-options">
          {options.map(option => (
            <label key={option.id} className="check-option">
              <input type="checkbox" checked={value.includes(option.id)} onChange={() => toggle(option.id)} data-id={option.id} />
              <span className="check-text">
                <span>{option.label}</span>
                {option.note ? <span className="field-hint">{option.note}</span> : null}
              </span>
            </label>
          ))}
        </div>
      ) : null}
    </fieldset>
  )
}

/** Ids still on offer once the options are known (a course no longer taught, a dataset no longer shared); all of them before. */
export function keepOffered(ids: readonly string[], options: readonly CheckOption[] | null): string[] {
  return options ? ids.filter(id => options.some(o => o.id === id)) : [...ids]
}

export const checkListCss = `
.check-list { border: 0; padding: 0; margin: 0; gap: 6px; min-width: 0; }
.check-list legend { padding: 0; margin-bottom: 6px; }
.check-options { display: grid; grid-template-columns: repeat(auto-fill, minmax(200px, 1fr)); gap: 6px; max-height: 220px; overflow: auto; }
.check-option { display: flex; gap: 8px; align-items: flex-start; padding: 8px 10px; border: 1px solid var(--_border); border-radius: var(--_radius-small); cursor: pointer; color: var(--_text); font-size: 14px; line-height: 1.4; }
.check-option input { margin-top: 2px; accent-color: var(--_primary); }
.check-option:has(input:checked) { border-color: var(--_primary); background: var(--_primary-soft); }
.check-text { display: flex; flex-direction: column; gap: 2px; min-width: 0; overflow-wrap: anywhere; }
`
