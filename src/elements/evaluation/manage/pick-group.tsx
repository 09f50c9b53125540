/** A row of checkboxes picking some of `items` (lessons, datasets, question types, classes), worded by `label`. */
export function PickGroup<Id extends string>({
  label,
  empty,
  hint,
  items,
  picked,
  onPick,
  testId,
}: {
  label: string
  /** Said instead of the checkboxes when there is nothing to pick. */
  empty?: string
  /** Said after the checkboxes. */
  hint?: string
  items: ReadonlyArray<{ id: Id; label: string }>
  picked: Id[]
  onPick: (ids: Id[]) => void
  testId: (id: Id) => string
}) {
  return (
    <div className="wide pick-group" role="group" aria-label={label}>
      <span>{label}</span>
      {empty ? <span className="hint">{empty}</span> : null}
      {items.map(item => (
        <label key={item.id} className="inline">
          <input
            type="checkbox"
            checked={picked.includes(item.id)}
            data-testid={testId(item.id)}
            onChange={e => onPick(e.currentTarget.checked ? [...picked, item.id] : picked.filter(id => id !== item.id))}
          />
          <span>{item.label}</span>
        </label>
      ))}
      {hint ? <span className="hint">{hint}</span> : null}
    </div>
  )
}
