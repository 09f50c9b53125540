import { questionBody } from './question-body'
import type { EvaluationDetail, EvaluationKind, EvaluationSettings, LatePolicy, Question } from '../../../api/evaluation'

/**
 * The builder's form as it is edited (times as `datetime-local` text, numbers
 * as typed) and the body it sends: `POST /course/evaluations` or `PUT …/{id}`
 * (docs/api/evaluation.md).
 */
export interface BuilderForm {
  title: string
  kind: EvaluationKind
  description: string
  timeLimitMinutes: string
  maxAttempts: string
  shuffle: boolean
  passMark: string
  opensAt: string
  closesAt: string
  releaseMode: 'manual' | 'immediate'
  /** Surveys: who answered is not kept. */
  anonymous: boolean
  /** Assignments: what work after the due date gets. */
  latePolicy: LatePolicy
  latePenalty: string
  lateUntil: string
  classIds: string[]
  questions: Question[]
}

export const emptyForm = (): BuilderForm => ({
  title: '',
  kind: 'quiz',
  description: '',
  timeLimitMinutes: '',
  maxAttempts: '1',
  shuffle: false,
  passMark: '',
  opensAt: '',
  closesAt: '',
  releaseMode: 'manual',
  anonymous: false,
  latePolicy: 'refuse',
  latePenalty: '',
  lateUntil: '',
  classIds: [],
  questions: [],
})

export const optionalNumber = (text: string) => (text.trim() === '' ? null : Number(text))
export const toTime = (text: string) => (text ? new Date(text).getTime() : null)
/** A ms timestamp as the local `YYYY-MM-DDTHH:mm` a datetime-local input shows. */
export function fromTime(ms: number | null): string {
  if (!ms) return ''
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000)
  return d.toISOString().slice(0, 16)
}

/** Strips what the server adds to a stored or drawn question (id, position, author, times, nulls) and the blank lines of accepted answers. */
const cleanQuestion = (q: Question): Question => questionBody(q)

export function formToBody(form: BuilderForm): EvaluationSettings & { questions: Question[] } {
  const quiz = form.kind === 'quiz'
  return {
    title: form.title.trim(),
    kind: form.kind,
    description: form.description,
    classIds: form.classIds,
    timeLimitMinutes: quiz ? optionalNumber(form.timeLimitMinutes) : null,
    maxAttempts: Number(form.maxAttempts) || 1,
    shuffle: quiz && form.shuffle,
    passMark: form.kind === 'survey' ? null : optionalNumber(form.passMark),
    opensAt: toTime(form.opensAt),
    closesAt: toTime(form.closesAt),
    releaseMode: form.releaseMode,
    anonymous: form.kind === 'survey' && form.anonymous,
    ...lateBody(form),
    questions: form.questions.map(cleanQuestion),
  }
}

/** Only an assignment takes late work; the penalty only with that policy (the builder's and the Settings dialog's). */
export function lateBody(
  form: Pick<BuilderForm, 'kind' | 'latePolicy' | 'latePenalty' | 'lateUntil'>,
): Pick<EvaluationSettings, 'latePolicy' | 'latePenalty' | 'lateUntil'> {
  const policy = form.kind === 'assignment' ? form.latePolicy : 'refuse'
  if (policy === 'refuse') return { latePolicy: 'refuse' }
  return { latePolicy: policy, ...(policy === 'penalty' ? { latePenalty: Number(form.latePenalty) || 0 } : {}), lateUntil: toTime(form.lateUntil) }
}

export function detailToForm(detail: EvaluationDetail): BuilderForm {
  return {
    title: detail.title,
    kind: detail.kind,
    description: detail.description,
    timeLimitMinutes: detail.timeLimitMinutes ? String(detail.timeLimitMinutes) : '',
    maxAttempts: String(detail.maxAttempts || 1),
    shuffle: detail.shuffle,
    passMark: detail.passMark === null || detail.passMark === undefined ? '' : String(detail.passMark),
    opensAt: fromTime(detail.opensAt),
    closesAt: fromTime(detail.closesAt),
    releaseMode: detail.releaseMode,
    anonymous: detail.anonymous ?? false,
    latePolicy: detail.latePolicy ?? 'refuse',
    latePenalty: detail.latePenalty ? String(detail.latePenalty) : '',
    lateUntil: fromTime(detail.lateUntil ?? null),
    classIds: detail.classIds ?? [],
    questions: detail.questions.map(cleanQuestion),
  }
}
