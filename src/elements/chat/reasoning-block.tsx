import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import type { ChatMessage } from '../../api/chat'
import { $chatMessages } from '../../i18n'
import { streamReasoningOf } from '../../stores/chat-send'
import { styles } from '../shared/styles'

/**
 * A thinking model's reasoning above its answer: open while the model
 * thinks, with the seconds counting; folded once the answer begins (the
 * reader may open it again), saying how long it thought. Plain text: it is
 * the model's working, not a formatted answer.
 */
export function ReasoningBlock({ message }: { message: ChatMessage }) {
  const t = useStore($chatMessages)
  const live = useStore(streamReasoningOf(message.messageId))
  const streaming = message.status === 'streaming'
  const text = streaming ? (live?.text ?? '') : (message.reasoning ?? '')
  const thinking = streaming && !!live && live.ms === null
  const [chosen, setChosen] = useState<boolean | null>(null)
  const now = useTicker(thinking)
  if (!text) return null
  const ms = streaming ? (live?.ms ?? now - (live?.startedAt ?? now)) : (message.reasoningMs ?? 0)
  const seconds = Math.max(1, Math.round(ms / 1000))
  const open = chosen ?? thinking
  return (
    <details className="reasoning" open={open} data-testid="reasoning">
      <summary
        data-testid="reasoning-summary"
        onClick={event => {
          event.preventDefault()
          setChosen(!open)
        }}>
        {thinking ? t.reasoningLive({ seconds }) : t.reasoningDone({ seconds })}
      </summary>
      <div className="reasoning-text" aria-label={t.reasoningShown}>
        {text}
      </div>
    </details>
  )
}

/** The time now, renewed each second while `running`. */
function useTicker(running: boolean): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!running) return
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), 1_000)
    return () => clearInterval(timer)
  }, [running])
  return now
}

export const reasoningBlockCss = `
.reasoning { margin: 0 0 8px; border-left: 3px solid var(--_border); padding: 2px 0 2px 12px; color: var(--_text-muted); font-size: 14px; }
.reasoning summary { cursor: pointer; font-weight: 500; width: fit-content; }
.reasoning-text { margin-top: 6px; white-space: pre-wrap; word-break: break-word; line-height: 1.65; }
`

ReasoningBlock.styles = styles(reasoningBlockCss)
