/**
 * One turn of the conversation: the visitor's question as plain text, or an
 * answer rendered by the shared markdown renderer (sanitized, incremental while
 * it streams; code highlighting and math load only when an answer has them),
 * with its sources, copy and feedback.
 */
import { memo, useState } from 'react'
import { writeClipboard } from '../../elements/shared/markdown/copy-code'
import type { EmbedMessage } from './api'
import { AnswerMarkdown } from './answer-markdown'
import { Icon } from './icons'
import { RatingReasonForm, type RatingWhy } from './rating-reason'
import { fill, type Words } from './strings'

interface Source {
  documentName?: string
  passage?: string
}

function sourcesOf(reference: string | null): Source[] {
  if (!reference) return []
  try {
    const list: unknown = JSON.parse(reference)
    return Array.isArray(list) ? (list as Source[]) : []
  } catch {
    return []
  }
}

export interface MessageProps {
  row: EmbedMessage
  words: Words
  onRate(messageId: string, rating: number): void
  /** Sends why a thumbs-down was given; false when the server refused it. */
  onExplain(messageId: string, why: RatingWhy): Promise<boolean>
  /** Asks a failed answer's question again; absent while another answer is being written. */
  onRetry?(messageId: string): void
}

export const Message = memo(function Message({ row, words, onRate, onExplain, onRetry }: MessageProps) {
  const [copied, setCopied] = useState(false)
  const [asking, setAsking] = useState(false)
  if (row.role === 'user') {
    return (
      <div className="q" data-role="user">
        <span className="sr">{words.you}: </span>
        {row.content}
      </div>
    )
  }
  const streaming = row.status === 'streaming'
  const sources = sourcesOf(row.reference)
  // A refused or failed answer is not an answer: nothing to copy or rate.
  const finished = !streaming && row.content && row.status !== 'error' && row.status !== 'blocked'
  const rate = (value: number) => onRate(row.messageId, row.rating === value ? 0 : value)
  return (
    <div className="a" data-role="assistant" data-status={row.status}>
      {row.reasoning && (
        <details className="th" open={streaming && !row.content}>
          <summary>
            {streaming && !row.content ? words.thinking : fill(words.thoughtFor, { n: Math.max(1, Math.round((row.reasoningMs ?? 0) / 1000)) }, words.counted)}
          </summary>
          {row.reasoning}
        </details>
      )}
      <AnswerMarkdown text={row.content} streaming={streaming} labels={words.markdown} />
      {streaming && !row.content && !row.reasoning && <div className="st dots">{words.thinking}</div>}
      {row.status === 'stopped' && <div className="st">{words.stopped}</div>}
      {row.status === 'error' && (
        <div className="st er" role="alert">
          {row.error || words.errorGeneric}{' '}
          {onRetry && (
            <button type="button" className="ab" onClick={() => onRetry(row.messageId)}>
              {words.retry}
            </button>
          )}
        </div>
      )}
      {sources.length > 0 && !streaming && (
        <details>
          <summary>{fill(words.references, { n: sources.length })}</summary>
          <ol>
            {sources.map((s, i) => (
              <li key={i}>
                <strong>{s.documentName}</strong> {s.passage?.slice(0, 160)}
              </li>
            ))}
          </ol>
        </details>
      )}
      {finished && (
        <div className="acts">
          <button
            type="button"
            className="ab"
            onClick={event =>
              void writeClipboard(row.content, event.currentTarget.parentElement!).then(ok => {
                setCopied(ok)
                if (ok) setTimeout(() => setCopied(false), 1500)
              })
            }>
            <Icon name={copied ? 'check' : 'copy'} />
            {copied ? words.copied : words.copy}
          </button>
          <button type="button" className="ab" aria-label={words.helpful} title={words.helpful} aria-pressed={row.rating === 1} onClick={() => rate(1)}>
            <Icon name="up" />
          </button>
          <button
            type="button"
            className="ab"
            aria-label={words.notHelpful}
            title={words.notHelpful}
            aria-pressed={row.rating === -1}
            onClick={() => {
              rate(-1)
              setAsking(row.rating !== -1)
            }}>
            <Icon name="down" />
          </button>
        </div>
      )}
      {finished && asking && (
        <RatingReasonForm id={row.messageId} words={words} onSend={why => onExplain(row.messageId, why)} onClose={() => setAsking(false)} />
      )}
    </div>
  )
})
