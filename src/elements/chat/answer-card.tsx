import { useStore } from '@nanostores/react'
import { memo, useState } from 'react'
import type { ChatMessage } from '../../api/chat'
import { $chatMessages, $locale } from '../../i18n'
import { $modelCatalogue } from '../../stores/chat'
import { $sending, regenerate } from '../../stores/chat-send'
import { chooseBranch, rateAnswer } from '../../stores/chat-thread'
import { AnswerBody } from './answer-body'
import { ReasoningBlock } from './reasoning-block'
import { Icon, IconButton } from '../shared/ui'
import { copyText, shareAndCopy } from './message-actions'
import { parseReferences } from '../shared/chat/message-content'
import { messageText } from '../../../shared/message-text'
import { labelledText } from '../shared/ai-label'
import { References } from '../shared/chat/references'
import { DeleteMessageButton } from './delete-message'
import { RatingReasonDialog } from './rating-reason-dialog'
import { go } from '../shared/links'
import { styles } from '../shared/styles'

export interface AnswerCardProps {
  message: ChatMessage
  /** Answers of the same question, oldest first (v1); one id when never regenerated. */
  alternatives: readonly string[]
  /** Compare answers get "this one is better" instead of regenerate and the pager. */
  compare?: boolean
}

function sameProps(a: AnswerCardProps, b: AnswerCardProps): boolean {
  return a.message === b.message && a.compare === b.compare && a.alternatives.join() === b.alternatives.join()
}

/** One answer: who wrote it, the text, its state, its sources and what can be done with it. */
export const AnswerCard = memo(function AnswerCard({ message, alternatives, compare = false }: AnswerCardProps) {
  const t = useStore($chatMessages)
  const catalogue = useStore($modelCatalogue)
  const info = catalogue?.models.find(m => m.name === message.model)
  const label = info?.label ?? message.model ?? t.assistant
  const references = parseReferences(message.reference)

  return (
    <article
      className="answer"
      data-message-id={message.messageId}
      data-status={message.status}
      data-model={message.model ?? undefined}
      data-testid="answer"
      aria-label={label}>
      <header className="answer-head">
        <span className="answer-avatar" aria-hidden="true">
          <Icon name="sparkles" />
        </span>
        <span className="answer-model">{label}</span>
        {message.modelVersion && (info?.versions.length ?? 0) > 1 ? <span className="answer-version">{message.modelVersion}</span> : null}
        {compare && message.rating === 1 ? <span className="badge primary">{t.preferred}</span> : null}
      </header>
      <div className="answer-body">
        <ReasoningBlock message={message} />
        <AnswerBody message={message} />
        {message.status === 'stopped' ? (
          <p className="answer-note" data-testid="stopped">
            {t.stopped}
          </p>
        ) : null}
        {message.status === 'error' ? <AnswerError message={message} canRetry={!compare} /> : null}
        {references.length ? <References references={references} /> : null}
      </div>
      {message.status === 'streaming' ? null : <AnswerActions message={message} alternatives={alternatives} compare={compare} />}
    </article>
  )
}, sameProps)

function AnswerError({ message, canRetry }: { message: ChatMessage; canRetry: boolean }) {
  const t = useStore($chatMessages)
  const sending = useStore($sending)
  return (
    <div className="answer-error" role="alert" data-testid="answer-error">
      <Icon name="alert" />
      <span className="answer-error-text">{message.error || t.answerFailed}</span>
      {canRetry && message.parentMessageId ? (
        <button type="button" className="button" disabled={!!sending} data-testid="retry" onClick={() => void regenerate(message.parentMessageId!)}>
          <Icon name="refresh" />
          {t.retry}
        </button>
      ) : null}
    </div>
  )
}

function AnswerActions({ message, alternatives, compare }: AnswerCardProps) {
  const [askingWhy, setAskingWhy] = useState(false)
  const t = useStore($chatMessages)
  const sending = useStore($sending)
  const index = alternatives.indexOf(message.messageId)
  const questionId = message.parentMessageId
  const local = message.messageId.startsWith('local-')
  // A failed answer offers its retry (AnswerError) and nothing that treats it as an answer: no copy, rating, share or mind map.
  const failed = message.status === 'error' || message.status === 'blocked'
  const switchTo = (offset: number) => {
    const target = alternatives[index + offset]
    if (questionId && target) chooseBranch(questionId, target)
  }

  return (
    <div className="answer-actions" data-testid="answer-actions">
      {!compare && alternatives.length > 1 ? (
        <span className="pager" data-testid="alternatives">
          <IconButton icon="chevronLeft" label={t.previousAnswer} disabled={index <= 0 || !!sending} testId="previous-answer" onClick={() => switchTo(-1)} />
          <span className="pager-position" data-testid="alternative-position">
            {index + 1}/{alternatives.length}
          </span>
          <IconButton
            icon="chevronRight"
            label={t.nextAnswer}
            disabled={index >= alternatives.length - 1 || !!sending}
            testId="next-answer"
            onClick={() => switchTo(1)}
          />
        </span>
      ) : null}
      {failed ? null : (
        <IconButton
          icon="copy"
          label={t.copy}
          testId="copy-answer"
          onClick={event => void copyText(labelledText(messageText(message.content, message.contentType), $locale.get()), event.currentTarget)}
        />
      )}
      {local ? null : failed ? (
        <DeleteMessageButton messageId={message.messageId} question={false} testId="delete-answer" />
      ) : (
        <>
          <IconButton icon="thumbUp" label={t.like} pressed={message.rating === 1} testId="like" onClick={() => void rateAnswer(message, 1).catch(() => {})} />
          <IconButton
            icon="thumbDown"
            label={t.dislike}
            pressed={message.rating === -1}
            testId="dislike"
            onClick={() =>
              void rateAnswer(message, -1).then(
                () => setAskingWhy(message.rating !== -1),
                () => {},
              )
            }
          />
          {askingWhy ? <RatingReasonDialog message={message} onClose={() => setAskingWhy(false)} /> : null}
          <IconButton
            icon="shareNodes"
            label={t.toMindMap}
            testId="to-mind-map"
            onClick={event => go(event.currentTarget, `/mindMap?messageId=${encodeURIComponent(message.messageId)}`)}
          />
          <IconButton
            icon="share"
            label={t.share}
            testId="share"
            onClick={event => void shareAndCopy(message.messageId, event.currentTarget).catch(() => {})}
          />
          {!compare && questionId ? (
            <IconButton icon="refresh" label={t.regenerate} disabled={!!sending} testId="regenerate" onClick={() => void regenerate(questionId)} />
          ) : null}
          <DeleteMessageButton messageId={message.messageId} question={false} testId="delete-answer" />
        </>
      )}
      {compare && !local && message.status === 'done' ? (
        <button
          type="button"
          className="prefer"
          aria-pressed={message.rating === 1}
          data-testid="prefer"
          onClick={() => void rateAnswer(message, 1).catch(() => {})}>
          <Icon name="check" />
          {message.rating === 1 ? t.preferred : t.preferThis}
        </button>
      ) : null}
    </div>
  )
}

export const answerCardCss = `
.answer { display: flex; flex-direction: column; gap: 6px; min-width: 0; }
.answer-head { display: flex; align-items: center; gap: 8px; min-width: 0; }
.answer-avatar {
  display: grid; place-items: center; width: 28px; height: 28px; flex: none; border-radius: 50%;
  background: linear-gradient(135deg, var(--_primary-strong), var(--_primary-hover)); color: var(--_on-primary);
}
.answer-avatar .icon { width: 16px; height: 16px; }
.answer-model { font-weight: 600; font-size: 14px; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.answer-version { font-size: 12px; color: var(--_text-muted); }
.answer-body { padding-left: 36px; min-width: 0; font-size: 15px; line-height: 1.75; }
.answer-note { margin: 6px 0 0; font-size: 13px; color: var(--_text-muted); display: inline-flex; align-items: center; gap: 6px; }
.answer-note::before { content: ''; width: 8px; height: 8px; border-radius: 2px; background: var(--_text-muted); }
.answer-error {
  display: flex; align-items: center; gap: 10px; flex-wrap: wrap; margin-top: 8px; padding: 10px 12px;
  border-radius: var(--_radius-small); font-size: 14px;
  background: color-mix(in srgb, var(--_danger) 9%, transparent); color: var(--_danger);
  border: 1px solid color-mix(in srgb, var(--_danger) 25%, transparent);
}
.answer-error-text { flex: 1; min-width: 160px; word-break: break-word; }
.answer-error .button { height: 30px; }
.answer-actions { display: flex; align-items: center; flex-wrap: wrap; gap: 2px; padding-left: 32px; min-height: 32px; }
.answer-actions .icon-button { width: 30px; height: 30px; }
.answer-actions .icon { width: 16px; height: 16px; }
.pager { display: inline-flex; align-items: center; margin-right: 4px; font-size: 13px; color: var(--_text-muted); font-variant-numeric: tabular-nums; }
.pager .icon-button { width: 26px; }
.pager-position { min-width: 28px; text-align: center; }
.prefer {
  display: inline-flex; align-items: center; gap: 5px; height: 28px; margin-left: auto; padding: 0 12px;
  border: 1px solid var(--_border); border-radius: 14px; background: var(--_bg); color: var(--_text);
  font: inherit; font-size: 13px; cursor: pointer;
}
.prefer .icon { width: 14px; height: 14px; }
.prefer:hover { border-color: var(--_primary); color: var(--_primary-strong); }
.prefer[aria-pressed='true'] { background: var(--_primary-strong); border-color: var(--_primary-strong); color: var(--_on-primary); }
`

Object.assign(AnswerCard, { styles: styles(AnswerBody, answerCardCss, RatingReasonDialog, ReasoningBlock, References) })
