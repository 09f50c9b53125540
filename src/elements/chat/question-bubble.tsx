import { useStore } from '@nanostores/react'
import { memo, useState } from 'react'
import type { ChatMessage } from '../../api/chat'
import { $chatMessages, $locale } from '../../i18n'
import { Icon, IconButton, Modal } from '../shared/ui'
import { copyText, safeHref } from './message-actions'
import { questionContent } from '../shared/chat/message-content'
import { DeleteMessageButton } from './delete-message'
import { styles } from '../shared/styles'

/** A question: the user's text as written (plain text, never parsed as HTML), its images and files. */
export const QuestionBubble = memo(function QuestionBubble({ message }: { message: ChatMessage }) {
  const t = useStore($chatMessages)
  const locale = useStore($locale)
  const [enlarged, setEnlarged] = useState<string | null>(null)
  const { text, images } = questionContent(message)
  const local = message.messageId.startsWith('local-')

  return (
    <div className="question" data-message-id={message.messageId} data-testid="question">
      {images.length ? (
        <div className="question-images">
          {images.map((src, index) => (
            <button key={index} type="button" className="question-image" onClick={() => setEnlarged(src)}>
              <img src={src} alt={t.imageAlt} loading="lazy" />
            </button>
          ))}
        </div>
      ) : null}
      {message.files.length ? (
        <ul className="file-chips">
          {message.files.map(file => (
            <li key={file.id} className="file-chip">
              <Icon name="file" />
              <a href={safeHref(file.url)} target="_blank" rel="noopener noreferrer">
                {file.name}
              </a>
              {file.sent && file.sent.chars < file.sent.of ? (
                <small className="file-cut" data-testid="attachment-cut">
                  {t.attachmentCut({ sent: file.sent.chars.toLocaleString(locale), total: file.sent.of.toLocaleString(locale) })}
                </small>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {text ? <div className="bubble">{text}</div> : null}
      <div className="question-actions">
        <IconButton icon="copy" label={t.copy} testId="copy-question" onClick={event => void copyText(text, event.currentTarget)} />
        {local ? null : <DeleteMessageButton messageId={message.messageId} question testId="delete-question" />}
      </div>
      {enlarged ? (
        <Modal heading={t.imageAlt} onClose={() => setEnlarged(null)} wide>
          <img className="enlarged-image" src={enlarged} alt={t.imageAlt} />
        </Modal>
      ) : null}
    </div>
  )
})

export const questionBubbleCss = `
.question { display: flex; flex-direction: column; align-items: flex-end; gap: 6px; min-width: 0; }
.bubble {
  max-width: min(80%, 640px); padding: 10px 16px; border-radius: 18px 18px 4px 18px;
  background: var(--_primary-soft); color: var(--_text); font-size: 15px; line-height: 1.65;
  white-space: pre-wrap; word-break: break-word; overflow-wrap: anywhere;
}
.question-images { display: flex; flex-wrap: wrap; justify-content: flex-end; gap: 6px; max-width: 80%; }
.question-image { padding: 0; border: 1px solid var(--_border); border-radius: 12px; overflow: hidden; background: none; cursor: zoom-in; }
.question-image img { display: block; width: 120px; height: 120px; object-fit: cover; }
.enlarged-image { display: block; max-width: 100%; max-height: 70vh; margin: 0 auto; border-radius: var(--_radius-small); }
.file-chips { display: flex; flex-wrap: wrap; justify-content: flex-end; gap: 6px; margin: 0; padding: 0; list-style: none; max-width: 80%; }
.file-chip {
  display: inline-flex; align-items: center; gap: 6px; max-width: 240px; height: 32px; padding: 0 12px;
  border: 1px solid var(--_border); border-radius: 10px; background: var(--_bg-elevated); font-size: 13px;
}
.file-chip .icon { width: 15px; height: 15px; color: var(--_primary-strong); }
.file-chip a { min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; color: var(--_text); text-decoration: none; }
.file-chip a:hover { text-decoration: underline; }
.file-chip:has(.file-cut) { flex-wrap: wrap; height: auto; max-width: 320px; padding: 6px 12px; }
.file-cut { flex-basis: 100%; font-size: 12px; color: var(--_text-muted); }
.question-actions { display: flex; gap: 2px; opacity: 0; transition: opacity 120ms; }
.question:hover .question-actions, .question:focus-within .question-actions { opacity: 1; }
.question-actions .icon-button { width: 28px; height: 28px; }
.question-actions .icon { width: 15px; height: 15px; }
@media (hover: none) { .question-actions { opacity: 1; } }
`

Object.assign(QuestionBubble, { styles: styles(questionBubbleCss) })
