import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { fetchQuestionAnswers, gradeQuestion, isRubricType, type GradeBody, type QuestionAnswers } from '../../../api/evaluation'
import { $evaluationMessages } from '../../../i18n'
import { loadable } from '../../../stores/loadable'
import { LoadGate } from '../../shared/load'
import { MarkdownView } from '../../shared/markdown'
import { usePhrasing } from '../../shared/use-phrasing'
import { AnswerFileList } from '../answer-file-list'
import { answerText } from '../question-input'
import { HighlightedAnswer } from './highlight'
import { ScoreInput } from './score-input'
import { startingDraft, type Draft } from './submission-grading'

/**
 * One question across the class (`view=grade&questionId=…`): every handed-in
 * answer to it under the question, each with its score (per criterion for a
 * rubric) and a comment, and one Save for them all. The server takes all the
 * grades or none and says why (naming the student), which is shown as written.
 */
export const $questionAnswers = loadable((signal, evaluationId: string, questionId: string) =>
  fetchQuestionAnswers(evaluationId, questionId, { signal, quiet: true }),
)

type Row = QuestionAnswers['answers'][number]

interface RowDraft {
  score: string
  feedback: string
  criteria: Draft[]
}

const startingRow = (row: Row, rubric: QuestionAnswers['question']['rubric']): RowDraft => ({
  score: row.score === null ? '' : String(row.score),
  feedback: row.feedback,
  criteria: startingDraft({ rubric, criteria: row.criteria, aiSuggestion: row.aiSuggestion }),
})

const filled = (value: string) => value.trim() !== '' && !Number.isNaN(Number(value))
const within = (value: string, max: number) => filled(value) && Number(value) >= 0 && Number(value) <= max

export function QuestionGrading({ evaluationId, questionId, onBack }: { evaluationId: string; questionId: string; onBack: () => void }) {
  const t = useStore($evaluationMessages)
  const state = useStore($questionAnswers)
  useEffect(() => {
    void $questionAnswers.load(evaluationId, questionId)
  }, [evaluationId, questionId])
  return (
    <section className="manage-section grading" data-testid="question-grading">
      <div className="section-head">
        <h2>{state.data ? t.questionGradingTitle({ n: state.data.question.number }) : t.gradeByQuestion}</h2>
        <button type="button" className="link" onClick={onBack}>
          {t.backToQueue}
        </button>
      </div>
      <LoadGate state={state} what={t.gradeByQuestion} onRetry={() => void $questionAnswers.retry()} skeleton="lines">
        {data => <QuestionBody key={`${evaluationId}:${questionId}`} evaluationId={evaluationId} data={data} />}
      </LoadGate>
    </section>
  )
}

function QuestionBody({ evaluationId, data }: { evaluationId: string; data: QuestionAnswers }) {
  const t = useStore($evaluationMessages)
  const say = usePhrasing()
  const { question } = data
  const rubric = question.rubric ?? null
  const [drafts, setDrafts] = useState(() => new Map(data.answers.map(a => [a.submissionId, startingRow(a, rubric)])))
  const [state, setState] = useState<{ kind: 'idle' | 'saving' | 'saved' | 'invalid' | 'empty' | 'failed'; count?: number; message?: string }>({ kind: 'idle' })
  const words = { judgeTrue: t.judgeTrue, judgeFalse: t.judgeFalse, locale: say.locale }
  const right = isRubricType(question.type) ? '' : answerText(question.correctAnswer as never, question.options, words)

  const edit = (id: string, change: (d: RowDraft) => RowDraft) => {
    setState({ kind: 'idle' })
    setDrafts(all => new Map(all).set(id, change(all.get(id)!)))
  }
  /** A row with nothing typed is left as it is; a row half or wrongly filled stops the save. */
  const rowState = (d: RowDraft): 'empty' | 'ok' | 'invalid' => {
    if (rubric) {
      if (d.criteria.every(c => c.points.trim() === '')) return 'empty'
      return d.criteria.every(c => within(c.points, rubric.find(r => r.criterion === c.criterion)?.points ?? 0)) ? 'ok' : 'invalid'
    }
    if (d.score.trim() === '') return 'empty'
    return within(d.score, question.points) ? 'ok' : 'invalid'
  }
  const save = async () => {
    const rows = [...drafts].map(([submissionId, d]) => ({ submissionId, d, state: rowState(d) }))
    if (rows.some(r => r.state === 'invalid')) return setState({ kind: 'invalid' })
    const grades = rows
      .filter(r => r.state === 'ok')
      .map(({ submissionId, d }): GradeBody & { submissionId: string } =>
        rubric
          ? { submissionId, feedback: d.feedback, criteria: d.criteria.map(c => ({ criterion: c.criterion, points: Number(c.points), comment: c.comment })) }
          : { submissionId, feedback: d.feedback, score: Number(d.score) },
      )
    if (grades.length === 0) return setState({ kind: 'empty' })
    setState({ kind: 'saving' })
    try {
      const { graded } = await gradeQuestion(evaluationId, question.questionId, grades)
      setState({ kind: 'saved', count: graded })
    } catch (error) {
      setState({ kind: 'failed', message: error instanceof Error ? error.message : '' })
    }
  }

  const status =
    state.kind === 'saved'
      ? t.allGradesSaved({ count: state.count ?? 0 })
      : state.kind === 'invalid'
        ? t.rowsInvalid
        : state.kind === 'empty'
          ? t.nothingToSave
          : state.kind === 'failed'
            ? state.message || t.gradeError
            : state.kind === 'saving'
              ? t.saving
              : ''
  return (
    <>
      <div className="question-editor">
        <div className="editor-head">
          <span className="number">{t.questionOf({ n: question.number })}</span>
          <span className="hint">{t.points({ points: question.points })}</span>
        </div>
        <MarkdownView className="stem" text={question.stem} />
        {right ? (
          <p className="hint" data-testid="right-answer">
            {say.labelled(t.correctAnswer, right)}
          </p>
        ) : null}
      </div>
      {data.answers.length === 0 ? (
        <zx-empty-state message={t.noSubmissions} />
      ) : (
        <ol className="editor-list">
          {data.answers.map(row => {
            const d = drafts.get(row.submissionId)!
            const name = row.student ? row.student.name || row.student.username : t.anonymous
            return (
              <li
                key={row.submissionId}
                className="question-editor"
                data-testid="answer-row"
                data-invalid={rowState(d) === 'invalid' || undefined}
                data-flagged={row.flagged ? true : undefined}>
                <div className="editor-head">
                  <strong>{name}</strong>
                  {row.score !== null ? <span className="hint">{t.scoreIs({ score: row.score })}</span> : null}
                  {row.gradedBy ? <span className="chip">{row.gradedBy === 'ai' ? t.gradedByAi : t.gradedByTeacher}</span> : null}
                </div>
                {row.flagged ? (
                  <p className="flag-note" role="note">
                    {t.flaggedAnswer}: {row.flagged}
                  </p>
                ) : null}
                {question.type === 'practical' ? (
                  <AnswerFileList files={row.files ?? []} />
                ) : row.answer === null || row.answer === '' ? (
                  <p className="hint">{t.noAnswer}</p>
                ) : (
                  <HighlightedAnswer
                    text={answerText(row.answer, question.options, words)}
                    quotes={(row.aiSuggestion?.criteria ?? []).flatMap(c => c.evidence ?? [])}
                  />
                )}
                <div className="criterion-row">
                  {rubric ? (
                    d.criteria.map((c, k) => (
                      <label className="inline" key={c.criterion}>
                        <span>{c.criterion}</span>
                        <ScoreInput
                          max={rubric.find(r => r.criterion === c.criterion)?.points}
                          label={t.pointsOfStudent({ name, criterion: c.criterion })}
                          value={c.points}
                          onValue={points => edit(row.submissionId, x => ({ ...x, criteria: x.criteria.map((y, j) => (j === k ? { ...y, points } : y)) }))}
                        />
                      </label>
                    ))
                  ) : (
                    <label className="inline">
                      <span>{t.itemScore}</span>
                      <ScoreInput
                        max={question.points}
                        label={t.scoreOfStudent({ name, points: question.points })}
                        value={d.score}
                        onValue={score => edit(row.submissionId, x => ({ ...x, score }))}
                      />
                    </label>
                  )}
                  <input
                    className="grow"
                    aria-label={t.commentOfStudent({ name })}
                    placeholder={t.feedback}
                    value={d.feedback}
                    onChange={e => {
                      const feedback = e.currentTarget.value
                      edit(row.submissionId, x => ({ ...x, feedback }))
                    }}
                  />
                </div>
              </li>
            )
          })}
        </ol>
      )}
      <div className="builder-actions">
        <span className="hint" role="status" data-testid="question-grade-state">
          {status}
        </span>
        <button
          type="button"
          className="primary"
          disabled={state.kind === 'saving' || data.answers.length === 0}
          data-testid="save-question-grades"
          onClick={() => void save()}>
          {t.saveAllGrades}
        </button>
      </div>
    </>
  )
}
