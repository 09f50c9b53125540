import { useStore } from '@nanostores/react'
import { createElement, useEffect, useState } from 'react'
import { fetchSubmission, isRubricType, type Submission, type SubmissionQuestion } from '../../api/evaluation'
import { $evaluationMessages } from '../../i18n'
import { LoadFailure } from '../shared/load'
import { MarkdownView } from '../shared/markdown'
import { useLazyElement } from '../shared/use-lazy-element'
import { answerText } from './question-input'
import { AnswerFileList } from './answer-file-list'
import { usePhrasing } from '../shared/use-phrasing'
import { formatDate } from '../shared/format'

/**
 * A submission as its student reads it: nothing before the teacher releases
 * results; then the score, each question with the right answer, the
 * explanation, rubric criteria with the words of the answer they relied on,
 * weak knowledge points, and, on a question not fully right, a way to ask the
 * course AI about it (a chat in the course, opened with the question, the
 * answers and its source passage).
 */
export function EvaluationResult({ submissionId }: { submissionId: string }) {
  const t = useStore($evaluationMessages)
  const [state, setState] = useState<{ data?: Submission; error?: unknown }>({})
  const load = () => {
    setState({})
    fetchSubmission(submissionId, { quiet: true }).then(
      data => setState({ data }),
      error => setState({ error }),
    )
  }
  useEffect(load, [submissionId])
  if (state.error) return <LoadFailure part="base" error={state.error} what={t.submittedTitle} onRetry={load} />
  const submission = state.data
  if (!submission) return <zx-skeleton part="base" variant="lines" count={4} />
  if (!submission.released || submission.questions.length === 0) {
    return (
      <section className="result pending" part="base" data-testid="result-pending">
        <h2>{t.submittedTitle}</h2>
        <HandedIn submission={submission} />
        <p>{t.awaitingRelease}</p>
      </section>
    )
  }
  const max = submission.maxScore ?? 0
  const passed = submission.passMark !== null && submission.passMark !== undefined && submission.score !== null ? submission.score >= submission.passMark : null
  return (
    <section className="result" part="base" data-testid="result">
      <header className="result-head" part="header">
        <h2>{submission.score === null ? t.awaitingGrading : t.yourScore({ score: submission.score, max })}</h2>
        {passed === null ? null : (
          <span className="badge" data-passed={passed}>
            {passed ? t.passed : t.notPassed}
          </span>
        )}
      </header>
      <HandedIn submission={submission} />
      <WeakPoints questions={submission.questions} />
      <ol className="questions" part="body">
        {submission.questions.map((q, index) => (
          <ResultQuestion key={q.questionId} question={q} index={index} courseId={submission.courseId} />
        ))}
      </ol>
    </section>
  )
}

/** When the attempt was handed in, and whether the server did it as time ran out (the student may have closed the page). */
function HandedIn({ submission }: { submission: Submission }) {
  const t = useStore($evaluationMessages)
  const { locale } = usePhrasing()
  if (submission.submittedAt === null) return null
  const time = formatDate(submission.submittedAt, locale)
  return (
    <p className="handed-in" data-testid="handed-in" data-auto={submission.autoSubmitted || undefined}>
      {submission.autoSubmitted ? t.handedInAutomatically({ time }) : t.handedInAt({ time })}
    </p>
  )
}

function WeakPoints({ questions }: { questions: SubmissionQuestion[] }) {
  const t = useStore($evaluationMessages)
  const byTag = new Map<string, { got: number; max: number }>()
  for (const q of questions) {
    for (const tag of q.tags) {
      const entry = byTag.get(tag) ?? { got: 0, max: 0 }
      byTag.set(tag, { got: entry.got + (q.score ?? 0), max: entry.max + q.points })
    }
  }
  const weak = [...byTag.entries()].filter(([, v]) => v.max > 0 && v.got / v.max < 0.6)
  if (!weak.length) return null
  return (
    <div className="weak" data-testid="weak-points">
      <h3>{t.weakPoints}</h3>
      <ul>
        {weak.map(([tag, v]) => (
          <li key={tag}>{t.mastery({ tag, percent: Math.round((v.got / v.max) * 100) })}</li>
        ))}
      </ul>
    </div>
  )
}

function ResultQuestion({ question: q, index, courseId }: { question: SubmissionQuestion; index: number; courseId: string }) {
  const t = useStore($evaluationMessages)
  const say = usePhrasing()
  const [asking, setAsking] = useState(false)
  const words = { judgeTrue: t.judgeTrue, judgeFalse: t.judgeFalse, locale: say.locale }
  const mine = answerText(q.answer, q.options, words) || t.noAnswer
  const right = isRubricType(q.type) ? (typeof q.correctAnswer === 'string' ? q.correctAnswer : '') : answerText(q.correctAnswer, q.options, words)
  const full = q.score !== null && q.score >= q.points
  const extra = [
    q.explanation ? `\n${say.labelled(t.explanation, q.explanation)}` : '',
    q.source ? `\n${say.labelled(say.withAside(t.source, q.source.title), q.source.excerpt)}` : '',
  ].join('')
  return (
    <li className="question" data-full={full || undefined} data-testid="result-question">
      <div className="question-head">
        <span className="number">{t.questionOf({ n: index + 1 })}</span>
        <span className="score">
          {q.score ?? '—'} / {q.points}
        </span>
      </div>
      <MarkdownView className="stem" text={q.stem} />
      <dl className="answers">
        <dt>{t.yourAnswer}</dt>
        <dd className="mine">{q.type === 'practical' ? <AnswerFileList files={q.files ?? []} /> : mine}</dd>
        {right ? (
          <>
            <dt>{t.correctAnswer}</dt>
            <dd className="right">{right}</dd>
          </>
        ) : null}
      </dl>
      {q.criteria?.length ? (
        <table className="criteria">
          <tbody>
            {q.criteria.map(c => (
              <tr key={c.criterion}>
                <th scope="row">{c.criterion}</th>
                <td className="points">
                  {c.points} / {c.max}
                </td>
                <td>
                  {c.comment}
                  {c.evidence.length ? (
                    <ul className="evidence" aria-label={t.evidence}>
                      {c.evidence.map(quote => (
                        <li key={quote}>
                          <q>{quote}</q>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {q.feedback ? <p className="feedback">{q.feedback}</p> : null}
      {q.explanation ? (
        <div className="explanation">
          <strong>{t.explanation}</strong>
          <MarkdownView text={q.explanation} />
        </div>
      ) : null}
      {q.source ? (
        <blockquote className="source">
          <strong>{say.labelled(t.source, q.source.title)}</strong>
          <p>{q.source.excerpt}</p>
        </blockquote>
      ) : null}
      {!full ? (
        <button type="button" className="ask" onClick={() => setAsking(!asking)} aria-expanded={asking}>
          {t.askAi}
        </button>
      ) : null}
      {asking ? <AskCourseAi courseId={courseId} question={t.askAiQuestion({ stem: q.stem, mine, right: right || '—', extra })} /> : null}
    </li>
  )
}

/** The course AI, loaded on first use, opened with this question as its starter. */
function AskCourseAi({ courseId, question }: { courseId: string; question: string }) {
  const t = useStore($evaluationMessages)
  const ready = useLazyElement('zx-dialogue', () => import('../chat/define'))
  if (!ready) return <zx-skeleton variant="lines" count={3} />
  return createElement('zx-dialogue', {
    'course-id': courseId,
    compact: '',
    'welcome-title': t.askAiTitle,
    'starter-questions': JSON.stringify([question]),
    className: 'ask-ai',
    'data-testid': 'ask-ai',
  })
}
