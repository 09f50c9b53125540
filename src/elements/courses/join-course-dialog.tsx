import { useStore } from '@nanostores/react'
import { useState, type FormEvent } from 'react'
import { joinCourse } from '../../api/courses'
import { ApiError } from '../../api/errors'
import { $common, $courseMessages } from '../../i18n'
import { showToast } from '../../stores/toasts'
import { Modal } from '../dialogue/ui'

/** A student types the join code the teacher gave; the server's reason shows under the field. */
export function JoinCourseDialog({ onClose, onJoined }: { onClose: () => void; onJoined: () => void }) {
  const t = useStore($courseMessages)
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
        <label className="field">
          <span className="field-label">{t.joinCodeLabel}</span>
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
          <span className="field-hint" role={problem ? 'alert' : undefined} style={problem ? { color: 'var(--_danger)' } : undefined}>
            {problem || `${t.joinCodeHint} ${t.joinCodeEither}`}
          </span>
        </label>
        <div className="modal-actions">
          <button type="button" className="button" onClick={onClose}>
            {common.cancel}
          </button>
          <button type="submit" className="button primary" disabled={busy || !code.trim()}>
            {t.join}
          </button>
        </div>
      </form>
    </Modal>
  )
}
