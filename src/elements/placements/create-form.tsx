import { useStore } from '@nanostores/react'
import { useState, type FormEvent } from 'react'
import { createPlacement } from '../../api/placements'
import { $common, $placementsMessages } from '../../i18n'
import { $userId } from '../../stores/user-scope'
import { showToast } from '../../stores/toasts'
import { failureDetail } from '../shared/load'
import { Field, FormError } from '../shared/ui'

const FIELDS = ['studentId', 'company', 'companyAddress', 'post', 'startDate', 'endDate', 'supervisorId', 'mentorName', 'mentorPhone'] as const
type FieldName = (typeof FIELDS)[number]

/** A new placement (managers and teachers; a teacher is the supervisor unless they name another). */
export function PlacementCreateForm({ onCreated }: { onCreated: () => void }) {
  const t = useStore($placementsMessages)
  const common = useStore($common)
  const userId = useStore($userId)
  const [values, setValues] = useState<Record<FieldName, string>>(
    () => ({ ...Object.fromEntries(FIELDS.map(f => [f, ''])), supervisorId: userId }) as Record<FieldName, string>,
  )
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function create(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      const v = Object.fromEntries(FIELDS.map(f => [f, values[f].trim()])) as Record<FieldName, string>
      await createPlacement({
        studentId: v.studentId,
        company: { name: v.company, ...(v.companyAddress ? { address: v.companyAddress } : {}) },
        post: v.post,
        startDate: v.startDate,
        endDate: v.endDate,
        supervisorId: v.supervisorId,
        mentor: { name: v.mentorName, phone: v.mentorPhone },
      })
      showToast('success', t.created)
      onCreated()
    } catch (failure) {
      setError(failureDetail(failure, common))
    } finally {
      setBusy(false)
    }
  }

  const dateField = (name: FieldName) => name === 'startDate' || name === 'endDate'
  return (
    <form className="card" onSubmit={create} noValidate data-testid="placement-create">
      <h2>{t.createTitle}</h2>
      <div className="form-row">
        {FIELDS.map(name => (
          <Field key={name} label={name === 'company' ? t.company : t[name]}>
            <input
              className="input"
              type={dateField(name) ? 'date' : name === 'mentorPhone' ? 'tel' : 'text'}
              value={values[name]}
              maxLength={200}
              onChange={e => setValues(old => ({ ...old, [name]: e.target.value }))}
              data-testid={`create-${name}`}
            />
          </Field>
        ))}
      </div>
      <FormError message={error} />
      <button type="submit" className="button primary" disabled={busy} data-testid="create-submit">
        {t.create}
      </button>
    </form>
  )
}
