import { useStore } from '@nanostores/react'
import { useEffect, useRef } from 'react'
import { $chatMessages } from '../../i18n'
import { $promptTemplates, $prompts, loadPromptTemplates } from '../../stores/prompts'
import { styles } from '../shared/styles'

/** One choice of the `/` picker: a local prompt or a server template. */
export interface PromptOption {
  id: string
  source: 'local' | 'template'
  title: string
  description?: string
  content: string
}

/** Local prompts first (the user's own), then the server's templates, both matching `query`. */
export function usePromptOptions(query: string, enabled: boolean): PromptOption[] {
  const prompts = useStore($prompts)
  const templates = useStore($promptTemplates)
  useEffect(() => {
    if (enabled) void loadPromptTemplates()
  }, [enabled])
  if (!enabled) return []
  const needle = query.trim().toLowerCase()
  const matches = (...fields: (string | undefined)[]) => !needle || fields.some(field => field?.toLowerCase().includes(needle))
  return [
    ...prompts
      .filter(p => matches(p.key, p.value))
      .map((p, index): PromptOption => ({ id: `local-${index}`, source: 'local', title: p.key, content: p.value })),
    ...(templates ?? [])
      .filter(tpl => matches(tpl.title, tpl.description, tpl.category))
      .map((tpl): PromptOption => ({ id: `template-${tpl.id}`, source: 'template', title: tpl.title, description: tpl.description, content: tpl.content })),
  ]
}

/**
 * The list that opens above the composer when a message starts with `/`.
 * Keyboard handling stays in the composer (focus never leaves the
 * textarea); this shows the options and the highlighted one.
 */
export function PromptPicker({
  options,
  highlighted,
  onPick,
  listId,
}: {
  options: readonly PromptOption[]
  highlighted: number
  onPick: (option: PromptOption) => void
  listId: string
}) {
  const t = useStore($chatMessages)
  const list = useRef<HTMLUListElement>(null)
  useEffect(() => {
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' })
  }, [highlighted])

  let lastSource: PromptOption['source'] | undefined
  return (
    <div className="prompt-picker" data-testid="prompt-picker">
      {options.length === 0 ? <p className="prompt-empty">{t.noMatchingPrompts}</p> : null}
      <ul className="prompt-options" role="listbox" id={listId} ref={list} aria-label={t.promptStore}>
        {options.map((option, index) => {
          const heading = option.source !== lastSource ? (option.source === 'local' ? t.myPrompts : t.promptTemplates) : null
          lastSource = option.source
          return (
            <li key={option.id} role="presentation">
              {heading ? (
                <div className="prompt-group" role="presentation">
                  {heading}
                </div>
              ) : null}
              <div
                id={`${listId}-${index}`}
                role="option"
                className="prompt-option"
                aria-selected={index === highlighted}
                data-testid="prompt-option"
                data-source={option.source}
                // Keeps focus in the textarea: a mousedown default would blur it.
                onMouseDown={event => event.preventDefault()}
                onClick={() => onPick(option)}>
                <span className="prompt-option-title">{option.title}</span>
                <span className="prompt-option-text">{option.description || option.content}</span>
              </div>
            </li>
          )
        })}
      </ul>
      <p className="prompt-hint">{t.promptPickerHint}</p>
    </div>
  )
}

export const promptPickerCss = `
.prompt-picker {
  position: absolute; left: 0; right: 0; bottom: calc(100% + 8px); z-index: 40;
  display: flex; flex-direction: column; max-height: min(360px, 50vh);
  background: var(--_bg-elevated); border: 1px solid var(--_border); border-radius: var(--_radius); box-shadow: var(--_shadow);
  overflow: hidden;
}
.prompt-options { flex: 1; min-height: 0; overflow-y: auto; margin: 0; padding: 6px; list-style: none; }
.prompt-group { padding: 8px 10px 4px; font-size: 12px; font-weight: 600; color: var(--_text-muted); }
.prompt-option { display: flex; flex-direction: column; gap: 2px; padding: 8px 10px; border-radius: 8px; cursor: pointer; }
.prompt-option[aria-selected='true'] { background: var(--_primary-soft); }
.prompt-option-title { font-weight: 600; font-size: 14px; }
.prompt-option-text { font-size: 12px; color: var(--_text-muted); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.prompt-empty { margin: 0; padding: 16px; text-align: center; color: var(--_text-muted); font-size: 13px; }
.prompt-hint { margin: 0; padding: 6px 12px; border-top: 1px solid var(--_border); font-size: 12px; color: var(--_text-muted); background: var(--_bg-subtle); }
`

PromptPicker.styles = styles(promptPickerCss)
