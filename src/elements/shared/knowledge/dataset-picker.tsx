import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { selectDatasets, type SelectableDataset } from '../../../api/knowledge'
import { $common, $knowledgeMessages } from '../../../i18n'
import { Icon, Modal, ModalActions } from '../ui'
import { fill } from '../format'
import { usePhrasing } from '../use-phrasing'
import { styles } from '../styles'

/**
 * Picks the knowledge datasets a chat answers from (GET /course/ragDataset/ragDsSelect).
 * Used by the dialogue's composer; `onChange` receives the new list of ids.
 */
export function DatasetPicker({ value, onChange }: { value: readonly string[]; onChange: (ids: string[]) => void }) {
  const t = useStore($knowledgeMessages)
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        className={value.length ? 'dataset-chip active' : 'dataset-chip'}
        data-testid="dataset-picker"
        title={t.pickDatasetsHint}
        onClick={() => setOpen(true)}>
        <Icon name="book" />
        {value.length ? fill(t.selectedCount, { count: value.length }) : t.pickDatasets}
      </button>
      {open ? <PickerDialog value={value} onChange={onChange} onClose={() => setOpen(false)} /> : null}
    </>
  )
}

function PickerDialog({ value, onChange, onClose }: { value: readonly string[]; onChange: (ids: string[]) => void; onClose: () => void }) {
  const t = useStore($knowledgeMessages)
  const say = usePhrasing()
  const common = useStore($common)
  const [options, setOptions] = useState<SelectableDataset[] | null>(null)
  const [picked, setPicked] = useState(new Set(value))
  useEffect(() => {
    selectDatasets().then(setOptions, () => setOptions([]))
  }, [])
  return (
    <Modal heading={t.pickDatasets} onClose={onClose} testId="dataset-picker-dialog">
      <p className="field-hint">{t.pickDatasetsHint}</p>
      {options?.length === 0 ? <p className="field-hint">{t.noSelectable}</p> : null}
      <ul className="picker-list">
        {(options ?? []).map(d => (
          <li key={d.id}>
            <label className="picker-option">
              <input
                type="checkbox"
                checked={picked.has(d.id)}
                data-testid="dataset-option"
                onChange={() =>
                  setPicked(current => {
                    const next = new Set(current)
                    if (next.has(d.id)) next.delete(d.id)
                    else next.add(d.id)
                    return next
                  })
                }
              />
              <span className="picker-text">
                <strong>{d.name}</strong>
                <span className="field-hint">
                  {say.count(t.documentsCount, { count: d.documentCount })} · {fill(t.owner, { name: d.owner })}
                </span>
              </span>
            </label>
          </li>
        ))}
      </ul>
      <ModalActions
        onCancel={onClose}
        onConfirm={() => {
          onChange([...picked])
          onClose()
        }}
        confirmLabel={common.ok}
        testId="dataset-picker-save"
      />
    </Modal>
  )
}

export const datasetPickerCss = `
.dataset-chip { display: inline-flex; align-items: center; gap: 6px; height: 30px; padding: 0 10px; border: 1px solid var(--_border); border-radius: 15px; background: var(--_bg); color: var(--_text-muted); font: inherit; font-size: 13px; cursor: pointer; white-space: nowrap; }
.dataset-chip .icon { width: 15px; height: 15px; }
.dataset-chip:hover { border-color: var(--_primary); color: var(--_text); }
.dataset-chip.active { border-color: transparent; background: var(--_primary-soft); color: var(--_primary-strong); font-weight: 500; }
.picker-list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 6px; max-height: 50vh; overflow: auto; }
.picker-option { display: flex; gap: 10px; align-items: flex-start; padding: 8px 10px; border: 1px solid var(--_border); border-radius: var(--_radius-small); cursor: pointer; color: var(--_text); }
.picker-option:has(input:checked) { border-color: var(--_primary); background: var(--_primary-soft); }
.picker-text { display: flex; flex-direction: column; gap: 2px; min-width: 0; }
`

DatasetPicker.styles = styles(datasetPickerCss)
