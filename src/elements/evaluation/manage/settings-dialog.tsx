import { useStore } from '@nanostores/react'
import { useEffect, useState, type FormEvent } from 'react'
import type { ClassRef } from '../../../api/courses'
import { ApiError } from '../../../api/errors'
import { fetchEvaluation, updateEvaluation, type EvaluationDetail, type LatePolicy } from '../../../api/evaluation'
import { $common, $evaluationMessages } from '../../../i18n'
import { showToast } from '../../../stores/toasts'
import { failureDetail, LoadFailure } from '../../shared/load'
import { Select } from '../../shared/select'
import { Field, FormError, Modal, ModalActions } from '../../shared/ui'
import { fromTime, lateBody, optionalNumber, toTime } from './builder-body'
import { ClassPick, MomentInput, NumberInput } from './setting-inputs'

/**
 * The settings a teacher may still change once an evaluation is published:
 * its window, time limit, attempts, classes and (assignments) late work. The edit sends only these,
 * so the paper (fixed once students have answered) and the rest stay as they
 * are; the server's refusal is shown in the dialog.
 */
export interface SettingsDialogProps {
  evaluationId: string
  classes: ClassRef[]
  onClose: () => void
  onSaved: () => void
}

interface WindowForm {
  opensAt: string
  closesAt: string
  timeLimitMinutes: string
  maxAttempts: string
  classIds: string[]
  latePolicy: LatePolicy
  latePenalty: string
  lateUntil: string
}

const formOf = (d: EvaluationDetail): WindowForm => ({
  opensAt: fromTime(d.opensAt),
  closesAt: fromTime(d.closesAt),
  timeLimitMinutes: d.timeLimitMinutes ? String(d.timeLimitMinutes) : '',
  maxAttempts: String(d.maxAttempts || 1),
  classIds: d.classIds ?? [],
  latePolicy: d.latePolicy ?? 'refuse',
  latePenalty: d.latePenalty ? String(d.latePenalty) : '',
  lateUntil: fromTime(d.lateUntil ?? null),
})

export function SettingsDialog({ evaluationId, classes, onClose, onSaved }: SettingsDialogProps) {
  const t = useStore($evaluationMessages)
  const common = useStore($common)
  const [detail, setDetail] = useState<EvaluationDetail | null>(null)
  const [form, setForm] = useState<WindowForm | null>(null)
  const [loadError, setLoadError] = useState<unknown>(null)
  const [problem, setProblem] = useState('')
  const [busy, setBusy] = useState(false)

  const load = () => {
    setLoadError(null)
    fetchEvaluation(evaluationId, { quiet: true }).then(d => {
      setDetail(d)
      setForm(formOf(d))
    }, setLoadError)
  }
  useEffect(load, [evaluationId])

  const set = (patch: Partial<WindowForm>) => setForm(f => (f ? { ...f, ...patch } : f))
  const save = async (event: FormEvent) => {
    event.preventDefault()
    if (!form || !detail) return
    setProblem('')
    setBusy(true)
    try {
      await updateEvaluation(
        evaluationId,
        {
          opensAt: toTime(form.opensAt),
          closesAt: toTime(form.closesAt),
          ...(detail.kind === 'quiz' ? { timeLimitMinutes: optionalNumber(form.timeLimitMinutes) } : {}),
          maxAttempts: Number(form.maxAttempts) || 1,
          classIds: form.classIds,
          ...(detail.kind === 'assignment' ? lateBody({ ...form, kind: detail.kind }) : {}),
        },
        { quiet: true },
      )
      showToast('success', t.evaluationSettingsSaved)
      onSaved()
    } catch (caught) {
      // The server says what it refused and why (a close time before the start, too many attempts…).
      setProblem(caught instanceof ApiError ? caught.message : failureDetail(caught, common))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal heading={detail ? `${t.evaluationSettingsHeading} · ${detail.title}` : t.evaluationSettingsHeading} onClose={onClose} testId="evaluation-settings">
      {loadError ? (
        <LoadFailure error={loadError} what={t.evaluationWhat} onRetry={load} />
      ) : !form || !detail ? (
        <zx-skeleton variant="lines" count={4} />
      ) : (
        <form className="modal-body" noValidate onSubmit={e => void save(e)}>
          <p className="field-hint">{t.evaluationSettingsHint}</p>
          <Field label={t.opensAtLabel}>
            <MomentInput value={form.opensAt} testId="settings-opens-at" onChange={opensAt => set({ opensAt })} />
          </Field>
          <Field label={t.closesAtLabel}>
            <MomentInput value={form.closesAt} testId="settings-closes-at" onChange={closesAt => set({ closesAt })} />
          </Field>
          {detail.kind === 'quiz' ? (
            <Field label={t.timeLimitLabel}>
              <NumberInput
                min={1}
                max={600}
                value={form.timeLimitMinutes}
                testId="settings-time-limit"
                onChange={timeLimitMinutes => set({ timeLimitMinutes })}
              />
            </Field>
          ) : null}
          <Field label={t.attemptsLabel}>
            <NumberInput min={1} max={20} value={form.maxAttempts} testId="settings-attempts" onChange={maxAttempts => set({ maxAttempts })} />
          </Field>
          <ClassPick classes={classes} picked={form.classIds} testId="settings-class" onPick={classIds => set({ classIds })} />
          {detail.kind === 'assignment' ? (
            <Field label={t.latePolicyLabel}>
              <Select value={form.latePolicy} data-testid="settings-late-policy" onChange={e => set({ latePolicy: e.currentTarget.value as LatePolicy })}>
                <option value="refuse">{t.lateRefuse}</option>
                <option value="accept">{t.lateAccept}</option>
                <option value="penalty">{t.lateWithPenalty}</option>
              </Select>
            </Field>
          ) : null}
          {detail.kind === 'assignment' && form.latePolicy === 'penalty' ? (
            <Field label={t.latePenaltyLabel}>
              <NumberInput min={1} max={100} value={form.latePenalty} testId="settings-late-penalty" onChange={latePenalty => set({ latePenalty })} />
            </Field>
          ) : null}
          {detail.kind === 'assignment' && form.latePolicy !== 'refuse' ? (
            <Field label={t.lateUntilLabel}>
              <MomentInput value={form.lateUntil} testId="settings-late-until" onChange={lateUntil => set({ lateUntil })} />
            </Field>
          ) : null}
          <FormError message={problem} testId="settings-problem" />
          <ModalActions onCancel={onClose} disabled={busy} testId="settings-save" />
        </form>
      )}
    </Modal>
  )
}
