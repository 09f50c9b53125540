import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { isRubricType, type Question } from '../../../api/evaluation'
import { $evaluationMessages, $locale } from '../../../i18n'
import { MarkdownView } from '../../shared/markdown'
import { Select } from '../../shared/select'
import { QuestionEditor } from './question-editor'
import { joinForEditing } from '../../shared/format'

/**
 * One bank question as a teacher edits it (a new one, a stored one, or an AI
 * draft): the paper editor (type, stem, options, answer, rubric) plus what the
 * bank keeps beside it (knowledge points, difficulty, explanation, a short
 * answer's reference answer), the stem rendered the way students will see it
 * (markdown with math and images, through the sanitizing renderer), and the
 * passage the question came from.
 */
const TAG_SEPARATORS = /[、,，;；]/u

export const splitTags = (text: string) => [
  ...new Set(
    text
      .split(TAG_SEPARATORS)
      .map(s => s.trim())
      .filter(Boolean),
  ),
]

export function BankQuestionForm({ question: q, onChange }: { question: Question; onChange: (q: Question) => void }) {
  const t = useStore($evaluationMessages)
  const locale = useStore($locale)
  // The text as typed, so a trailing separator survives until the next tag is written.
  const [tagsText, setTagsText] = useState(joinForEditing(q.tags ?? [], locale))
  const set = (patch: Partial<Question>) => onChange({ ...q, ...patch })
  // A change of type starts the answer over; what the bank keeps beside it stays.
  const keep = { tags: q.tags, difficulty: q.difficulty, explanation: q.explanation, source: q.source }
  return (
    <div className="bank-form" data-testid="bank-form">
      <ol className="editor-list">
        <QuestionEditor question={q} onChange={next => onChange({ ...keep, ...next })} />
      </ol>
      <p className="hint">{t.stemHint}</p>
      {q.stem.trim() ? (
        <div className="stem-preview" aria-label={t.stemPreview} data-testid="stem-preview">
          <span className="hint">{t.stemPreview}</span>
          <MarkdownView text={q.stem} locale={locale} />
        </div>
      ) : null}
      <div className="bank-meta">
        <label className="stacked">
          <span>{t.tagsLabel}</span>
          <input
            value={tagsText}
            data-testid="tags"
            onChange={e => {
              setTagsText(e.currentTarget.value)
              set({ tags: splitTags(e.currentTarget.value) })
            }}
          />
        </label>
        <label className="stacked">
          <span>{t.difficultyLabel}</span>
          <Select
            value={String(q.difficulty ?? 3)}
            data-testid="difficulty"
            onChange={e => set({ difficulty: Number(e.currentTarget.value) })}
            options={[1, 2, 3, 4, 5].map(n => ({ value: n, label: String(n) }))}
          />
        </label>
        {isRubricType(q.type) ? (
          <label className="stacked wide">
            <span>{t.referenceAnswer}</span>
            <textarea
              rows={2}
              value={typeof q.answer === 'string' ? q.answer : ''}
              data-testid="reference-answer"
              onChange={e => set({ answer: e.currentTarget.value || undefined })}
            />
          </label>
        ) : null}
        <label className="stacked wide">
          <span>{t.explanationLabel}</span>
          <textarea rows={2} value={q.explanation ?? ''} data-testid="explanation" onChange={e => set({ explanation: e.currentTarget.value })} />
        </label>
      </div>
      {q.source ? <SourcePassage source={q.source} /> : null}
    </div>
  )
}

/** The passage a question was written from, as the teacher checks it. */
export function SourcePassage({ source }: { source: NonNullable<Question['source']> }) {
  const t = useStore($evaluationMessages)
  return (
    <blockquote className="source-passage" data-testid="source-passage">
      <strong>{t.fromSource({ title: source.title })}</strong>
      <p>{source.excerpt}</p>
    </blockquote>
  )
}
