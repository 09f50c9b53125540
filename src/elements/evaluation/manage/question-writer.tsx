import { useStore } from '@nanostores/react'
import { useEffect, useRef, useState } from 'react'
import { fetchCourse, fetchDatasetOptions } from '../../../api/courses'
import { isCancel } from '../../../api/errors'
import { addToBank, writeQuestions, type Question, type QuestionType, type WriterEvent } from '../../../api/evaluation'
import { $evaluationMessages, $locale } from '../../../i18n'
import { aiLabel } from '../../../i18n/shared/ai-label'
import { showToast } from '../../../stores/toasts'
import { LoadFailure, LoadGate, useLoadable } from '../../shared/load'
import { Select } from '../../shared/select'
import { FormError } from '../../shared/ui'
import { TYPE_WORDS } from '../../shared/course-eval/words'
import { BankQuestionForm, SourcePassage, splitTags } from './bank-question-form'
import { QUESTION_TYPES, questionProblem } from './question-editor'
import { questionBody } from './question-body'
import { QuestionPreview } from './question-preview'
import { PickGroup } from './pick-group'

/**
 * AI question writing (`POST /course/question-bank/generate`, server-sent
 * events): the teacher picks the material (lessons of the course, knowledge
 * datasets, a topic), the types, how many, the difficulty and knowledge
 * points; drafts stream in one by one, each with the passage it came from.
 * Every draft is reviewed here (edited, then taken into the bank or
 * discarded): nothing enters the bank unreviewed. With only the built-in
 * engine the screen says what it can do (true/false and fill-in-the-blank
 * from the text's sentences), which of the types asked for need a language
 * model, and why fewer drafts came when they did.
 */
interface Draft {
  key: number
  question: Question
  builtin: boolean
  state: 'review' | 'editing' | 'saving' | 'accepted'
}

type Run =
  | { status: 'idle' }
  | { status: 'writing' | 'done' | 'stopped'; engine?: 'model' | 'builtin'; needModel?: QuestionType[]; skipped: string[]; notices: string[] }
  | { status: 'failed'; error: unknown; engine?: 'model' | 'builtin'; needModel?: QuestionType[]; skipped: string[]; notices: string[] }

export function QuestionWriter({ courseId, onBack }: { courseId: string; onBack: () => void }) {
  const t = useStore($evaluationMessages)
  const [material, materialStore] = useLoadable(
    async signal => {
      const [course, datasets] = await Promise.all([fetchCourse(courseId, { signal, quiet: true }), fetchDatasetOptions()])
      return { chapters: course.chapters, datasets }
    },
    [courseId],
  )
  const [lessonIds, setLessonIds] = useState<string[]>([])
  const [datasetIds, setDatasetIds] = useState<string[]>([])
  const [topic, setTopic] = useState('')
  const [types, setTypes] = useState<QuestionType[]>(['single', 'judge', 'short'])
  const [count, setCount] = useState('5')
  const [difficulty, setDifficulty] = useState('')
  const [tagsText, setTagsText] = useState('')
  const [problem, setProblem] = useState('')
  const [run, setRun] = useState<Run>({ status: 'idle' })
  const [drafts, setDrafts] = useState<Draft[]>([])
  const controller = useRef<AbortController | null>(null)
  const nextKey = useRef(0)
  useEffect(() => () => controller.current?.abort(), [])

  const start = async () => {
    if (!lessonIds.length && !datasetIds.length && !topic.trim()) return setProblem(t.writerNeedsSource)
    if (!types.length) return setProblem(t.writerNeedsType)
    setProblem('')
    controller.current?.abort()
    const abort = (controller.current = new AbortController())
    // Drafts already reviewed stay; the ones waiting for review stay too (the teacher may still want them).
    setRun({ status: 'writing', skipped: [], notices: [] })
    const tags = splitTags(tagsText)
    const body = {
      courseId,
      ...(lessonIds.length ? { lessonIds } : {}),
      ...(datasetIds.length ? { datasetIds } : {}),
      ...(topic.trim() ? { topic: topic.trim() } : {}),
      types,
      count: Math.min(30, Math.max(1, Number(count) || 1)),
      ...(difficulty ? { difficulty: Number(difficulty) } : {}),
      ...(tags.length ? { tags } : {}),
    }
    const apply = (event: WriterEvent) => {
      switch (event.type) {
        case 'start':
          return setRun(r => (r.status === 'writing' ? { ...r, engine: event.engine, needModel: event.needModel ?? [] } : r))
        case 'draft':
          return setDrafts(list => [...list, { key: nextKey.current++, question: event.question, builtin: !!event.note, state: 'review' }])
        case 'skipped':
          return setRun(r => (r.status === 'writing' ? { ...r, skipped: [...r.skipped, event.reason] } : r))
        case 'notice':
          // "These types need a model" is said from `needModel` in the reader's words; every other notice as sent.
          if (event.kind === 'model-needed') return
          return setRun(r => (r.status === 'writing' ? { ...r, notices: [...r.notices, event.message] } : r))
        case 'done':
          return setRun(r => (r.status === 'writing' ? { ...r, status: 'done' } : r))
        case 'error':
          return setRun(r => (r.status === 'writing' ? { ...r, status: 'failed', error: new Error(event.message) } : r))
      }
    }
    try {
      for await (const event of writeQuestions(body, abort.signal)) apply(event)
      setRun(r => (r.status === 'writing' ? { ...r, status: 'done' } : r))
    } catch (error) {
      if (isCancel(error) || abort.signal.aborted) return setRun(r => (r.status === 'writing' ? { ...r, status: 'stopped' } : r))
      setRun(r => ({
        status: 'failed',
        error,
        engine: r.status === 'idle' ? undefined : r.engine,
        skipped: r.status === 'idle' ? [] : r.skipped,
        notices: r.status === 'idle' ? [] : r.notices,
      }))
    }
  }
  const stop = () => controller.current?.abort()

  const update = (key: number, patch: Partial<Draft>) => setDrafts(list => list.map(d => (d.key === key ? { ...d, ...patch } : d)))
  const accept = async (draft: Draft) => {
    update(draft.key, { state: 'saving' })
    try {
      await addToBank(courseId, [questionBody(draft.question)])
      update(draft.key, { state: 'accepted' })
      showToast('success', t.draftAccepted)
    } catch {
      update(draft.key, { state: 'review' }) // request() showed the server's reason
    }
  }

  const writing = run.status === 'writing'
  const waiting = drafts.filter(d => d.state !== 'accepted').length
  return (
    <section className="manage-section writer" data-testid="writer">
      <div className="section-head">
        <h2>{t.writerTitle}</h2>
        <button type="button" className="link" data-testid="writer-back" onClick={onBack}>
          {t.backToBank}
        </button>
      </div>
      <p className="hint">{t.writerHint}</p>
      <LoadGate state={material} what={t.lessonsWhat} onRetry={() => void materialStore.retry()} skeleton="lines">
        {({ chapters, datasets }) => (
          <form className="writer-form" data-testid="writer-form" onSubmit={e => (e.preventDefault(), void start())}>
            <fieldset className="settings">
              <legend>{t.sourceLabel}</legend>
              <PickGroup
                label={t.fromLessons}
                empty={chapters.every(c => c.lessons.length === 0) ? t.noLessons : undefined}
                items={chapters.flatMap(chapter => chapter.lessons.map(lesson => ({ id: lesson.id, label: lesson.title })))}
                picked={lessonIds}
                onPick={setLessonIds}
                testId={() => 'writer-lesson'}
              />
              <PickGroup
                label={t.fromDatasets}
                empty={datasets.length === 0 ? t.noDatasets : undefined}
                items={datasets.map(dataset => ({ id: dataset.id, label: dataset.name }))}
                picked={datasetIds}
                onPick={setDatasetIds}
                testId={() => 'writer-dataset'}
              />
              <label className="stacked wide">
                <span>{t.topicLabel}</span>
                <input
                  value={topic}
                  maxLength={200}
                  placeholder={t.topicPlaceholder}
                  data-testid="writer-topic"
                  onChange={e => setTopic(e.currentTarget.value)}
                />
              </label>
            </fieldset>
            <fieldset className="settings">
              <PickGroup
                label={t.typesLabel}
                items={QUESTION_TYPES.map(type => ({ id: type, label: t[TYPE_WORDS[type]] }))}
                picked={types}
                onPick={setTypes}
                testId={type => `writer-type-${type}`}
              />
              <label className="stacked">
                <span>{t.countLabel}</span>
                <input type="number" min={1} max={30} value={count} data-testid="writer-count" onChange={e => setCount(e.currentTarget.value)} />
              </label>
              <label className="stacked">
                <span>{t.difficulty}</span>
                <Select
                  value={difficulty}
                  data-testid="writer-difficulty"
                  onChange={e => setDifficulty(e.currentTarget.value)}
                  none={t.anyDifficulty}
                  options={[1, 2, 3, 4, 5].map(n => ({ value: n, label: t.difficultyN({ n }) }))}
                />
              </label>
              <label className="stacked">
                <span>{t.tagsLabel}</span>
                <input value={tagsText} data-testid="writer-tags" onChange={e => setTagsText(e.currentTarget.value)} />
              </label>
            </fieldset>
            <FormError message={problem} testId="writer-problem" />
            <div className="builder-actions">
              {writing ? (
                <button type="button" data-testid="writer-stop" onClick={stop}>
                  {t.stopWriting}
                </button>
              ) : null}
              <button type="submit" className="primary" disabled={writing} data-testid="writer-start">
                {writing ? t.writing : t.startWriting}
              </button>
            </div>
          </form>
        )}
      </LoadGate>

      <RunStatus run={run} drafts={drafts.length} onRetry={() => void start()} />

      {drafts.length ? (
        <ol className="editor-list drafts" data-testid="drafts" aria-live="polite">
          {drafts.map((draft, i) => (
            <DraftCard
              key={draft.key}
              draft={draft}
              n={i + 1}
              onChange={question => update(draft.key, { question })}
              onEdit={editing => update(draft.key, { state: editing ? 'editing' : 'review' })}
              onAccept={() => void accept(draft)}
              onDiscard={() => setDrafts(list => list.filter(d => d.key !== draft.key))}
            />
          ))}
        </ol>
      ) : null}
      {waiting === 0 && drafts.length > 0 && run.status !== 'writing' ? (
        <div className="builder-actions">
          <button type="button" className="primary" onClick={onBack}>
            {t.backToBank}
          </button>
        </div>
      ) : null}
    </section>
  )
}

function RunStatus({ run, drafts, onRetry }: { run: Run; drafts: number; onRetry: () => void }) {
  const t = useStore($evaluationMessages)
  if (run.status === 'idle') return null
  return (
    <div className="writer-status" data-testid="writer-status" data-status={run.status} data-engine={run.engine} role="status" aria-live="polite">
      {run.engine === 'builtin' ? (
        <p className="flag-note" data-testid="builtin-note">
          {t.builtinNote}
        </p>
      ) : null}
      {run.needModel?.length ? (
        <p className="hint warn" data-testid="writer-need-model">
          {t.typesNeedModel({ types: run.needModel.map(type => t[TYPE_WORDS[type]]).join(t.listSeparator) })}
        </p>
      ) : null}
      {run.status === 'writing' ? <p className="hint">{drafts ? t.draftsSoFar({ count: drafts }) : t.writing}</p> : null}
      {run.status === 'done' ? <p className="hint">{drafts ? t.writerDone({ count: drafts }) : t.writerNoDrafts}</p> : null}
      {run.status === 'stopped' ? <p className="hint">{t.writerStopped}</p> : null}
      {run.status === 'failed' ? <LoadFailure error={run.error} what={t.writerTitle} onRetry={onRetry} /> : null}
      {run.skipped.length ? (
        <details className="hint" data-testid="writer-skipped">
          <summary>{t.skippedDrafts({ count: run.skipped.length })}</summary>
          <ul>
            {run.skipped.map((reason, i) => (
              <li key={i}>{reason}</li>
            ))}
          </ul>
        </details>
      ) : null}
      {run.notices.map((notice, i) => (
        <p key={i} className="hint warn" data-testid="writer-notice">
          {notice}
        </p>
      ))}
    </div>
  )
}

function DraftCard({
  draft,
  n,
  onChange,
  onEdit,
  onAccept,
  onDiscard,
}: {
  draft: Draft
  n: number
  onChange: (q: Question) => void
  onEdit: (editing: boolean) => void
  onAccept: () => void
  onDiscard: () => void
}) {
  const t = useStore($evaluationMessages)
  const locale = useStore($locale)
  const q = draft.question
  const problem = questionProblem(q)
  const accepted = draft.state === 'accepted'
  return (
    <li className="question-editor draft" data-testid="draft" data-state={draft.state} data-type={q.type}>
      <div className="editor-head">
        <span className="number">{t.draftLabel({ n })}</span>
        <span className="chip">{t[TYPE_WORDS[q.type]]}</span>
        <span className="row-meta">{t.points({ points: q.points })}</span>
        <span className="chip" data-testid="ai-label">
          {aiLabel(locale)}
        </span>
        {accepted ? (
          <span className="chip" data-status="published">
            {t.draftAccepted}
          </span>
        ) : null}
      </div>
      {draft.builtin ? <p className="hint warn">{t.builtinDraftNote}</p> : null}
      {draft.state === 'editing' ? (
        <BankQuestionForm question={q} onChange={onChange} />
      ) : (
        <>
          <QuestionPreview question={q} />
          {q.rubric?.length ? <span className="row-meta">{q.rubric.map(c => `${c.criterion} ${c.points}`).join(' · ')}</span> : null}
          {q.source ? <SourcePassage source={q.source} /> : null}
        </>
      )}
      {problem && !accepted ? <p className="hint warn">{t[problem]}</p> : null}
      {accepted ? null : (
        <div className="row-actions">
          <button type="button" data-testid="draft-edit" onClick={() => onEdit(draft.state !== 'editing')}>
            {draft.state === 'editing' ? t.doneEditing : t.editDraft}
          </button>
          <button type="button" data-testid="draft-discard" onClick={onDiscard}>
            {t.discardDraft}
          </button>
          <button type="button" className="primary" disabled={!!problem || draft.state === 'saving'} data-testid="draft-accept" onClick={onAccept}>
            {t.acceptDraft}
          </button>
        </div>
      )}
    </li>
  )
}
