import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { fetchInquiryRecord, type InquiryRecord } from '../../api/practice'
import type { ChatMessage } from '../../api/chat'
import { $chatMessages, $practiceMessages, $locale } from '../../i18n'
import { useRatingReasonWords } from '../shared/chat/rating-reason-words'
import { Modal } from '../shared/ui'
import { MarkdownView } from '../shared/markdown'
import { usePhrasing } from '../shared/use-phrasing'

/** One inquiry session, read-only: the student's questions and the guide's replies, with the student's thumbs-down and why. */
export function RecordDialog({ record, onClose }: { record: InquiryRecord; onClose: () => void }) {
  const t = useStore($practiceMessages)
  const say = usePhrasing()
  const locale = useStore($locale)
  const chat = useStore($chatMessages)
  const reasons = useRatingReasonWords()
  const [messages, setMessages] = useState<ChatMessage[] | null>(null)

  useEffect(() => {
    fetchInquiryRecord(record.chatNumber).then(r => setMessages(r.messages), onClose)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loads once per record; onClose is a fresh closure on every render
  }, [record.chatNumber])

  /** The student's reason and words, one line. */
  const ratedDownWhy = (m: ChatMessage) =>
    [m.ratingReason?.reason ? reasons[m.ratingReason.reason] : '', m.ratingReason?.note ?? ''].filter(Boolean).join(' · ')

  return (
    <Modal heading={`${t.recordTitle} · ${record.assistantTitle}`} onClose={onClose} testId="record-dialog" wide>
      <p className="record-meta">
        {say.labelled(t.recordStudent, record.student.name)} · {new Date(record.updateTime).toLocaleString(locale)}
      </p>
      <div className="record-messages" aria-busy={!messages}>
        {(messages ?? []).map(m =>
          m.role === 'user' ? (
            <p key={m.messageId} className="record-question">
              {m.contentType === 'text' ? m.content : '🖼'}
            </p>
          ) : (
            <div key={m.messageId} className="record-answer">
              <MarkdownView text={m.content} locale={locale} />
              {m.rating === -1 ? (
                <p className="record-rating" data-testid="record-rating-down">
                  {ratedDownWhy(m) ? say.labelled(chat.dislike, ratedDownWhy(m)) : chat.dislike}
                </p>
              ) : null}
            </div>
          ),
        )}
      </div>
    </Modal>
  )
}

export const recordDialogCss = `
.record-meta { margin: 0; color: var(--_text-muted); font-size: 13px; }
.record-messages { display: flex; flex-direction: column; gap: 12px; max-height: 60vh; overflow-y: auto; }
.record-question { align-self: flex-end; max-width: 85%; margin: 0; padding: 8px 12px; border-radius: 12px 12px 2px 12px; background: var(--_primary-soft); white-space: pre-wrap; }
.record-rating { margin: 8px 0 0; padding-top: 6px; border-top: 1px solid var(--_border); color: var(--_text-muted); font-size: 13px; white-space: pre-wrap; }
.record-answer { max-width: 92%; padding: 8px 12px; border-radius: 12px 12px 12px 2px; background: var(--_bg-subtle); }
`
