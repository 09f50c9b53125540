import { useStore } from '@nanostores/react'
import { useMemo } from 'react'
import type { ChatMessage } from '../../api/chat'
import { $chatMessages, $locale } from '../../i18n'
import { $modelCatalogue, isImageModel } from '../../stores/chat'
import { streamReasoningOf, streamTextOf } from '../../stores/chat-send'
import { questionContent } from '../shared/chat/message-content'
import { MarkdownView, type MarkdownLabels } from '../shared/markdown/index'
import { useFollowStream } from './follow-stream'
import { styles } from '../shared/styles'

/**
 * An answer's text. While it streams, the text comes from the answer's own
 * atom (a delta re-renders this component alone) and MarkdownView renders
 * only the block the delta landed in. When it is done the saved content
 * takes over in the same MarkdownView, which sees the text extended (or
 * equal) and keeps its rendered blocks.
 */
export function AnswerBody({ message }: { message: ChatMessage }) {
  const streaming = message.status === 'streaming'
  const live = useStore(streamTextOf(message.messageId))
  const reasoning = useStore(streamReasoningOf(message.messageId))
  const locale = useStore($locale)
  const t = useStore($chatMessages)
  // Stable per language, as MarkdownView asks: its stream restarts when labels change.
  const labels = useMemo<Partial<MarkdownLabels>>(() => ({ copy: t.copy, copied: t.copied, copyFailed: t.copyFailed }), [t])
  const catalogue = useStore($modelCatalogue)
  const drawing = !!catalogue?.models.some(m => m.name === message.model && isImageModel(m))
  const text = streaming ? live : message.content
  useFollowStream(streaming, text)

  if (streaming && !text) {
    // A model that thinks first shows its thoughts (ReasoningBlock) rather than a "thinking" placeholder.
    if (reasoning) return null
    return (
      <div className="thinking" role="status" data-testid="thinking">
        <span className="dots" aria-hidden="true">
          <i />
          <i />
          <i />
        </span>
        <span>{drawing ? t.drawing : t.thinking}</span>
      </div>
    )
  }
  // An image model's answer (SPEC §3 image message): its pictures, each a link the server signed for this sign-in.
  if (message.contentType === 'image') return <AnswerImages message={message} />
  return <MarkdownView text={text} streaming={streaming} locale={locale} labels={labels} className="answer-markdown" />
}

/** The pictures of an image answer; each opens full size in a new tab (the file keeps its burned-in AI mark). */
function AnswerImages({ message }: { message: ChatMessage }) {
  const t = useStore($chatMessages)
  const { images } = questionContent(message)
  return (
    <div className="answer-images" data-testid="answer-images">
      {images.map(src => (
        <a key={src} className="answer-image" href={src} target="_blank" rel="noreferrer">
          <img src={src} alt={t.imageAnswerAlt} loading="lazy" />
        </a>
      ))}
    </div>
  )
}

export const answerBodyCss = `
.answer-images { display: flex; flex-wrap: wrap; gap: 8px; }
.answer-image { display: block; border: 1px solid var(--_border); border-radius: var(--_radius-small); overflow: hidden; max-width: min(100%, 420px); }
.answer-image img { display: block; width: 100%; height: auto; }
/* The answer being written is where the reader is: its blocks are laid out as they come, not
   held at a placeholder height that would jump when they scroll into view mid-stream. */
.answer[data-status='streaming'] .zx-md-block { content-visibility: visible; }
.thinking { display: inline-flex; align-items: center; gap: 10px; height: 28px; color: var(--_text-muted); font-size: 14px; }
.dots { display: inline-flex; gap: 4px; }
.dots i { width: 6px; height: 6px; border-radius: 50%; background: var(--_primary); animation: blink 1.2s infinite ease-in-out; }
.dots i:nth-child(2) { animation-delay: 0.15s; }
.dots i:nth-child(3) { animation-delay: 0.3s; }
@keyframes blink { 0%, 80%, 100% { opacity: 0.25; transform: scale(0.8); } 40% { opacity: 1; transform: scale(1); } }
.answer-markdown[aria-busy='true'] > .zx-md-block:last-child > :last-child::after {
  content: ''; display: inline-block; width: 8px; height: 1.1em; margin-left: 2px; vertical-align: text-bottom;
  background: var(--_primary); border-radius: 2px; animation: caret 1s steps(2, start) infinite;
}
@keyframes caret { to { visibility: hidden; } }
@media (prefers-reduced-motion: reduce) { .dots i, .answer-markdown[aria-busy='true'] > .zx-md-block:last-child > :last-child::after { animation: none; } }
`

AnswerBody.styles = styles(answerBodyCss)
