import { useStore } from '@nanostores/react'
import { isRubricType, type Question } from '../../../api/evaluation'
import { $evaluationMessages, $locale } from '../../../i18n'
import { MarkdownView } from '../../shared/markdown'
import { answerText } from '../question-input'
import { usePhrasing } from '../../shared/use-phrasing'

/** A question as read, not edited (a bank row, an AI draft): its stem, lettered options and the right answer (a rubric's text for short and practical ones). */
export function QuestionPreview({ question: q, answerTestId }: { question: Question; answerTestId?: string }) {
  const t = useStore($evaluationMessages)
  const say = usePhrasing()
  const locale = useStore($locale)
  const right = isRubricType(q.type)
    ? typeof q.answer === 'string'
      ? q.answer
      : ''
    : answerText(q.answer, q.options ?? undefined, { judgeTrue: t.judgeTrue, judgeFalse: t.judgeFalse, locale })
  return (
    <>
      <MarkdownView className="bank-stem" text={q.stem} locale={locale} />
      {q.options?.length ? (
        <ol className="bank-options" type="A">
          {q.options.map((option, i) => (
            <li key={i}>{option}</li>
          ))}
        </ol>
      ) : null}
      {right ? (
        <span className="row-meta" data-testid={answerTestId}>
          {say.labelled(t.correctAnswer, right)}
        </span>
      ) : null}
    </>
  )
}
