import { useStore } from '@nanostores/react'
import { $chatMessages } from '../../i18n'
import { Icon } from '../shared/ui'
import { styles } from '../shared/styles'

/** Follow-up questions offered after the newest answer; a click asks it. */
export function Suggestions({ questions, onAsk }: { questions: readonly string[]; onAsk: (question: string) => void }) {
  const t = useStore($chatMessages)
  return (
    <section className="suggestions" aria-label={t.suggestions} data-testid="suggestions">
      <h4 className="suggestions-title">{t.suggestions}</h4>
      {questions.map(question => (
        <button key={question} type="button" className="suggestion" data-testid="suggestion" onClick={() => onAsk(question)}>
          <span>{question}</span>
          <Icon name="chevronRight" />
        </button>
      ))}
    </section>
  )
}

export const suggestionsCss = `
.suggestions { display: flex; flex-direction: column; align-items: flex-start; gap: 6px; padding-left: 36px; }
.suggestions-title { margin: 0 0 2px; font-size: 12px; font-weight: 600; color: var(--_text-muted); }
.suggestion {
  display: inline-flex; align-items: center; gap: 6px; max-width: 100%; min-height: 34px; padding: 6px 10px 6px 14px;
  border: 1px solid var(--_border); border-radius: 17px; background: var(--_bg); color: var(--_text);
  font: inherit; font-size: 14px; text-align: left; cursor: pointer; transition: border-color 120ms, background 120ms;
}
.suggestion:hover { border-color: var(--_primary); background: var(--_primary-soft); }
.suggestion .icon { width: 14px; height: 14px; color: var(--_text-muted); flex: none; }
`

Suggestions.styles = styles(suggestionsCss)
