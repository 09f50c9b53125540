import { useStore } from '@nanostores/react'
import { useState, type FormEvent } from 'react'
import { createPlacement, type PickablePerson } from '../../api/placements'
import { $common, $placementsMessages } from '../../i18n'
import { $userId } from '../../stores/user-scope'
import { showToast } from '../../stores/toasts'
import { failureDetail } from '../shared/load'
import { Field, FormError } from '../shared/ui'
import { PersonPicker } from './person-picker'

const FIELDS = ['company', 'companyAddress', 'post', 'startDate', 'endDate', 'mentorName', 'mentorPhone'] as const
type FieldName = (typeof FIELDS)[number]

/**
 * A new placement. The student is picked from the school's student accounts;
 * a manager picks the supervisor from its teachers, a teacher is the
 * supervisor of what they create.
 */
export function PlacementCreateForm({ teacher, onCreated }: { teacher: boolean; onCreated: () => void }) {
  const t = useStore($placementsMessages)
  const common = useStore($common)
  const userId = useStore($userId)
  const [values, setValues] = useState<Record<FieldName, string>>(() => Object.fromEntries(FIELDS.map(f => [f, ''])) as Record<FieldName, string>)
  const [student, setStudent] = useState<PickablePerson | null>(null)
  const [supervisor, setSupervisor] = useState<PickablePerson | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function create(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      const v = Object.fromEntries(FIELDS.map(f => [f, values[f].trim()])) as Record<FieldName, string>
      await createPlacement({
        studentId: student?.id ?? '',
        company: { name: v.company, ...(v.companyAddress ? { address: v.companyAddress } : {}) },
        post: v.post,
        startDate: v.startDate,
        endDate: v.endDate,
        supervisorId: teacher ? userId : (supervisor?.id ?? ''),
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
      <PersonPicker role="student" legend={t.student} chosen={student} onChoose={setStudent} testId="create-student" />
      {teacher ? null : <PersonPicker role="teacher" legend={t.supervisor} chosen={supervisor} onChoose={setSupervisor} testId="create-supervisor" />}
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
