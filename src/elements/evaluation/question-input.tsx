import { useStore } from '@nanostores/react'
import type { AnswerFile, AnswerValue, PaperQuestion } from '../../api/evaluation'
import { $evaluationMessages } from '../../i18n'
import { PracticalAnswer } from './practical-answer'
import { joinClauses } from '../shared/format'

/**
 * The answer control for one question of a paper, by type: radio buttons
 * (single, true/false), checkboxes (multiple), a line (blank) or a growing
 * text area (short), or uploaded files (practical). Big touch targets:
 * papers are taken on phones.
 */
export interface QuestionInputProps {
  question: PaperQuestion
  value: AnswerValue | undefined
  disabled?: boolean
  /** Files the paper already holds (practical tasks list them by name). */
  files?: AnswerFile[]
  onChange(value: AnswerValue): void
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'

export function QuestionInput({ question, value, disabled, files, onChange }: QuestionInputProps) {
  const t = useStore($evaluationMessages)
  const name = `q-${question.id}`
  switch (question.type) {
    case 'single':
    case 'multiple': {
      const multiple = question.type === 'multiple'
      const chosen = new Set<number>(Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : typeof value === 'number' ? [value] : [])
      return (
        <div className="choices" role={multiple ? 'group' : 'radiogroup'}>
          {(question.options ?? []).map((option, index) => (
            <label key={index} className="choice" data-checked={chosen.has(index) || undefined}>
              <input
                type={multiple ? 'checkbox' : 'radio'}
                name={name}
                checked={chosen.has(index)}
                disabled={disabled}
                onChange={event => {
                  if (!multiple) return onChange(index)
                  const next = new Set(chosen)
                  if (event.target.checked) next.add(index)
                  else next.delete(index)
                  onChange([...next].sort((a, b) => a - b))
                }}
              />
              <span className="letter">{LETTERS[index]}</span>
              <span className="option-text">{option}</span>
            </label>
          ))}
        </div>
      )
    }
    case 'judge':
      return (
        <div className="choices judge" role="radiogroup">
          {[true, false].map(answer => (
            <label key={String(answer)} className="choice" data-checked={value === answer || undefined}>
              <input type="radio" name={name} checked={value === answer} disabled={disabled} onChange={() => onChange(answer)} />
              <span className="option-text">{answer ? t.judgeTrue : t.judgeFalse}</span>
            </label>
          ))}
        </div>
      )
    case 'blank':
      return (
        <input
          className="blank"
          type="text"
          name={name}
          value={typeof value === 'string' ? value : ''}
          placeholder={t.blankPlaceholder}
          disabled={disabled}
          maxLength={500}
          onChange={event => onChange(event.target.value)}
        />
      )
    case 'short':
      return (
        <textarea
          className="short"
          name={name}
          value={typeof value === 'string' ? value : ''}
          placeholder={t.shortPlaceholder}
          disabled={disabled}
          rows={6}
          maxLength={20_000}
          onChange={event => onChange(event.target.value)}
        />
      )
    case 'practical':
      return (
        <PracticalAnswer
          questionId={question.id}
          value={Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []}
          known={files ?? []}
          disabled={disabled}
          onChange={onChange}
        />
      )
  }
}

export function isAnswered(value: AnswerValue | undefined): boolean {
  if (value === undefined || value === null) return false
  if (typeof value === 'string') return value.trim().length > 0
  if (Array.isArray(value)) return value.length > 0
  return true
}

/** An answer as text: a judgement in words, chosen options as "A. …", several of them joined as the language does (`locale`). */
export function answerText(value: unknown, options: string[] | undefined, words: { judgeTrue: string; judgeFalse: string; locale: string }): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'boolean') return value ? words.judgeTrue : words.judgeFalse
  if (typeof value === 'number') return options?.[value] !== undefined ? `${LETTERS[value]}. ${options[value]}` : String(value)
  if (Array.isArray(value)) {
    const items = value.map(v => (typeof v === 'number' && options ? `${LETTERS[v]}. ${options[v]}` : String(v)))
    return options ? joinClauses(items, words.locale) : items.join(' / ')
  }
  return String(value)
}
