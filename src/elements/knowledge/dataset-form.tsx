import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import type { Dataset, DatasetInput, DatasetVisibility } from '../../api/knowledge'
import { fetchMyCourses } from '../../api/resources'
import { $knowledgeMessages } from '../../i18n'
import { Field, FieldSet, Modal, ModalActions } from '../shared/ui'
import { styles } from '../shared/styles'

/** Create or edit a dataset: name, description, who may use it, and for course visibility which courses. */
export function DatasetForm({
  dataset,
  onSave,
  onClose,
}: {
  dataset?: Dataset
  onSave: (input: DatasetInput & { name: string }) => Promise<void>
  onClose: () => void
}) {
  const t = useStore($knowledgeMessages)
  const [name, setName] = useState(dataset?.name ?? '')
  const [description, setDescription] = useState(dataset?.description ?? '')
  const [visibility, setVisibility] = useState<DatasetVisibility>(dataset?.visibility ?? 'private')
  const [courseIds, setCourseIds] = useState(new Set(dataset?.courseIds ?? []))
  const [courses, setCourses] = useState<Array<{ id: string; title: string }> | null>(null)
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (visibility === 'course' && courses === null) void fetchMyCourses().then(setCourses)
  }, [visibility, courses])

  const options: Array<[DatasetVisibility, string, string]> = [
    ['private', t.visibilityPrivate, t.visibilityPrivateHint],
    ['course', t.visibilityCourse, t.visibilityCourseHint],
    ['school', t.visibilitySchool, t.visibilitySchoolHint],
  ]
  const submit = async () => {
    setBusy(true)
    try {
      await onSave({ name: name.trim(), description: description.trim(), visibility, courseIds: visibility === 'course' ? [...courseIds] : [] })
      onClose()
    } catch {
      // the API catalogue showed why
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal heading={dataset ? t.editDataset : t.newDataset} onClose={onClose} testId="dataset-form">
      <form className="modal-body" onSubmit={event => (event.preventDefault(), void submit())}>
        <Field label={t.name}>
          <input className="input" value={name} maxLength={60} autoFocus data-testid="dataset-name" onChange={event => setName(event.target.value)} />
        </Field>
        <Field label={t.description}>
          <textarea className="textarea" rows={3} maxLength={500} value={description} onChange={event => setDescription(event.target.value)} />
        </Field>
        <FieldSet legend={t.visibility} className="choices">
          {options.map(([value, label, hint]) => (
            <label key={value} className={visibility === value ? 'choice selected' : 'choice'}>
              <input type="radio" name="visibility" value={value} checked={visibility === value} onChange={() => setVisibility(value)} />
              <span>
                <strong>{label}</strong>
                <span className="field-hint">{hint}</span>
              </span>
            </label>
          ))}
        </FieldSet>
        {visibility === 'course' ? (
          <FieldSet legend={t.courses}>
            {courses?.length === 0 ? <span className="field-hint">{t.noCourses}</span> : null}
            {(courses ?? []).map(c => (
              <label key={c.id} className="check">
                <input
                  type="checkbox"
                  checked={courseIds.has(c.id)}
                  onChange={() =>
                    setCourseIds(current => {
                      const next = new Set(current)
                      if (next.has(c.id)) next.delete(c.id)
                      else next.add(c.id)
                      return next
                    })
                  }
                />
                {c.title}
              </label>
            ))}
          </FieldSet>
        ) : null}
        <ModalActions onCancel={onClose} disabled={busy || !name.trim()} testId="dataset-save" />
      </form>
    </Modal>
  )
}

export const datasetFormCss = `
.choices { border: 0; margin: 0; padding: 0; gap: 8px; }
.choice { display: flex; gap: 10px; align-items: flex-start; padding: 10px 12px; border: 1px solid var(--_border); border-radius: var(--_radius-small); cursor: pointer; color: var(--_text); }
.choice.selected { border-color: var(--_primary); background: var(--_primary-soft); }
.choice span { display: flex; flex-direction: column; gap: 2px; }
fieldset.field { border: 0; margin: 0; padding: 0; }
`

DatasetForm.styles = styles(datasetFormCss)
