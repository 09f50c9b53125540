import { useStore } from '@nanostores/react'
import { useState, type FormEvent } from 'react'
import { joinCourse } from '../../api/courses'
import { ApiError } from '../../api/errors'
import { $common, $coursesMessages } from '../../i18n'
import { showToast } from '../../stores/toasts'
import { Field, Modal, ModalActions } from '../shared/ui'

/** A student types the join code the teacher gave; the server's reason shows under the field. */
export function JoinCourseDialog({ onClose, onJoined }: { onClose: () => void; onJoined: () => void }) {
  const t = useStore($coursesMessages)
  const common = useStore($common)
  const [code, setCode] = useState('')
  const [problem, setProblem] = useState('')
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!code.trim() || busy) return
    setBusy(true)
    setProblem('')
    try {
      const joined = await joinCourse(code)
      showToast('success', 'class' in joined ? t.joinedClass({ name: joined.class.name }) : t.joined({ title: joined.title }))
      onJoined()
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : common.operationFailed)
      setBusy(false)
    }
  }

  return (
    <Modal heading={t.joinCourse} onClose={onClose} testId="join-dialog">
      <form className="form" onSubmit={submit}>
        <Field label={t.joinCodeLabel} hint={problem ? undefined : `${t.joinCodeHint} ${t.joinCodeEither}`} error={problem}>
          <input
            className="input join-input"
            name="code"
            autoFocus
            autoComplete="off"
            maxLength={20}
            value={code}
            placeholder="ABC234"
            aria-invalid={problem ? true : undefined}
            onChange={e => setCode(e.target.value.toUpperCase())}
          />
        </Field>
        <ModalActions onCancel={onClose} confirmLabel={t.join} disabled={busy || !code.trim()} />
      </form>
    </Modal>
  )
}
