import { useStore } from '@nanostores/react'
import { useState, type FormEvent } from 'react'
import type { ChatMessage } from '../../api/chat'
import { $chatMessages } from '../../i18n'
import { explainRatingDown } from '../../stores/chat-thread'
import { Field, FieldSet, Modal, ModalActions } from '../shared/ui'
import { RATING_NOTE_MAX, RATING_REASONS, type RatingReason } from '../../../shared/rating-reasons'
import { useRatingReasonWords } from '../shared/chat/rating-reason-words'
import { styles } from '../shared/styles'

/**
 * Asked after a thumbs-down: why (a few choices) and, if the reader likes,
 * in their own words. Saved with the rating for the chat's teacher to read;
 * the note passes the safety module on the server, whose refusal is shown
 * as any refusal and keeps the dialog open.
 */
export function RatingReasonDialog({ message, onClose }: { message: ChatMessage; onClose: () => void }) {
  const t = useStore($chatMessages)
  const words = useRatingReasonWords()
  const [reason, setReason] = useState<RatingReason | undefined>(message.ratingReason?.reason ?? undefined)
  const [note, setNote] = useState(message.ratingReason?.note ?? '')
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    setBusy(true)
    try {
      await explainRatingDown(message, reason, note)
      onClose()
    } catch {
      // The client showed why (a refused note says so); the reader may change it.
      setBusy(false)
    }
  }

  return (
    <Modal heading={t.ratingReasonTitle} onClose={onClose} testId="rating-reason-dialog">
      <form onSubmit={event => void submit(event)}>
        <FieldSet legend={t.ratingReasonLegend} className="rating-reasons">
          {RATING_REASONS.map(value => (
            <label key={value} className="rating-reason">
              <input type="radio" name="reason" checked={reason === value} onChange={() => setReason(value)} data-testid={`rating-reason-${value}`} />
              {words[value]}
            </label>
          ))}
        </FieldSet>
        <Field label={t.ratingNote}>
          <textarea rows={3} maxLength={RATING_NOTE_MAX} value={note} onChange={event => setNote(event.target.value)} data-testid="rating-note" />
        </Field>
        <ModalActions onCancel={onClose} confirmLabel={t.ratingReasonSend} disabled={busy || (!reason && !note.trim())} testId="rating-reason-send" />
      </form>
    </Modal>
  )
}

export const ratingReasonCss = `
.rating-reasons { display: flex; flex-direction: column; gap: 6px; border: 0; padding: 0; margin: 0 0 12px; }
.rating-reason { display: flex; align-items: center; gap: 8px; cursor: pointer; }
`

RatingReasonDialog.styles = styles(ratingReasonCss)
