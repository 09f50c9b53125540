import { useStore } from '@nanostores/react'
import { createElement, useEffect, useState } from 'react'
import { fetchAssistant } from '../../api/assistants'
import { fetchModels } from '../../api/chat'
import { isNotFound } from '../../api/errors'
import { $assistantsMessages } from '../../i18n'
import { toggleFavorite } from '../../stores/assistants'
import { showToast } from '../../stores/toasts'
import { Avatar } from '../shared/assistants/avatar'
import { FavoriteStar } from '../shared/assistants/favorite-star'
import { Icon } from '../shared/ui'
import { useHostAttribute } from '../shared/host-hooks'
import { hostOf, type ElementProps } from '../shared/define-element'
import { LoadFailure, useLoadable } from '../shared/load'

/**
 * `<zx-assistant-chat assistant-id="…" chat-number="…">`: the full-screen
 * assistant chat (SPEC `/course/chat`). A bar with the way back, the
 * assistant's picture, name and a favourite star above `<zx-dialogue>`
 * scoped to the assistant, which greets with the assistant's opening message
 * and starter questions. Guided-inquiry assistants say so, and say plainly
 * when only the offline engine is configured (it cannot lead an inquiry).
 * Without `assistant-id` it is the plain dialogue. `zx:chat-change` from the
 * dialogue bubbles out unchanged.
 */
export type AssistantChatProps = ElementProps

export function AssistantChat({ container }: AssistantChatProps) {
  const t = useStore($assistantsMessages)
  const host = hostOf(container)
  const assistantId = useHostAttribute(host, 'assistant-id')
  const chatNumber = useHostAttribute(host, 'chat-number')
  const [load, store] = useLoadable(() => (assistantId ? fetchAssistant(assistantId, { quiet: true }) : Promise.resolve(null)), [assistantId])
  const [builtinOnly, setBuiltinOnly] = useState(false)

  useEffect(() => {
    fetchModels({ quiet: true }).then(
      c => setBuiltinOnly(c.models.length > 0 && c.models.every(m => m.builtin)),
      () => {},
    )
  }, [])

  // zx-dialogue comes from its own bundle; createElement keeps its attributes as written (kebab-case).
  if (!assistantId) return createElement('zx-dialogue', { part: 'base body', 'chat-number': chatNumber ?? undefined })
  if (load.status === 'failed' && !isNotFound(load.error)) {
    return (
      <div className="assistant-chat missing" part="base">
        <LoadFailure error={load.error} what={t.appsTitle} onRetry={() => void store.retry()} />
      </div>
    )
  }
  if (load.status === 'failed' || load.data === null) {
    return (
      <div className="assistant-chat missing" part="base" data-testid="assistant-missing">
        <zx-empty-state message={t.assistantMissing} />
        <a className="button primary" href="/course/apps">
          <Icon name="back" />
          {t.backToApps}
        </a>
      </div>
    )
  }

  if (load.data === undefined) {
    return (
      <div className="assistant-chat loading" part="base">
        <zx-skeleton variant="lines" count={5} />
      </div>
    )
  }
  const assistant = load.data
  const inquiry = assistant.kind === 'inquiry'
  const favorite = () => {
    const before = assistant.favorite
    store.put({ ...assistant, favorite: !before })
    toggleFavorite(assistant).then(
      now => showToast('success', now ? t.favorited : t.unfavorited),
      () => store.put({ ...assistant, favorite: before }),
    )
  }
  return (
    <div className="assistant-chat" part="base" data-testid="assistant-chat">
      <header className="bar" part="header">
        <a
          className="icon-button back"
          href={inquiry ? '/course/appsExternal' : '/course/apps'}
          aria-label={inquiry ? t.frameBack : t.backToApps}
          title={inquiry ? t.frameBack : t.backToApps}>
          <Icon name="back" />
        </a>
        <Avatar id={assistant.id} title={assistant.title} src={assistant.avatar} size={34} />
        <div className="bar-text">
          <h1 className="bar-title">
            {assistant.title}
            {inquiry ? <span className="badge kind-inquiry">{t.inquiryBadge}</span> : null}
          </h1>
          <p className="bar-description">{assistant.description}</p>
        </div>
        <FavoriteStar favorite={assistant.favorite} onToggle={favorite} testId="chat-favorite" part="actions" />
      </header>
      {inquiry ? (
        <p className={builtinOnly ? 'notice warning' : 'notice'} role="note" data-testid="inquiry-notice">
          <Icon name="info" />
          <span>{builtinOnly ? t.builtinInquiry : t.inquiryNotice}</span>
        </p>
      ) : null}
      {createElement('zx-dialogue', {
        className: 'dialogue',
        part: 'body',
        'assistant-id': assistant.id,
        'chat-number': chatNumber ?? undefined,
        model: assistant.model ?? undefined,
        'welcome-title': assistant.title,
        'opening-message': assistant.openingMessage || t.welcomeFallback,
        'starter-questions': JSON.stringify(assistant.starterQuestions),
      })}
    </div>
  )
}

export const assistantChatCss = `
:host { display: block; height: 100%; min-height: 420px; background: var(--_bg); font-size: 14px; line-height: 1.5; }
.assistant-chat { display: flex; flex-direction: column; height: 100%; min-height: inherit; }
.assistant-chat.missing { align-items: center; justify-content: center; gap: 16px; padding: 24px; }
a.button { text-decoration: none; }
.bar { display: flex; align-items: center; gap: 10px; padding: 10px 14px; border-bottom: 1px solid var(--_border); background: var(--_bg-elevated); }
.back { color: var(--_text); text-decoration: none; }
.bar-text { min-width: 0; flex: 1; }
.bar-title { display: flex; align-items: center; gap: 6px; margin: 0; font-size: 16px; font-weight: 600; }
.bar-description { margin: 0; color: var(--_text-muted); font-size: 12px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.notice { display: flex; gap: 8px; align-items: flex-start; margin: 0; padding: 10px 16px; font-size: 13px; line-height: 1.6; background: rgba(139, 92, 246, 0.08); color: var(--_text); border-bottom: 1px solid var(--_border); }
.notice .icon { color: #7c3aed; margin-top: 2px; }
.notice.warning { background: color-mix(in srgb, var(--_warning) 12%, transparent); }
.notice.warning .icon { color: var(--_warning); }
.dialogue { flex: 1; min-height: 0; display: block; }
`
