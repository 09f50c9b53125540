/**
 * Asked under an answer after a thumbs-down, as the app's dialogue asks:
 * why (the app's reasons and words) and, if the visitor likes, in their own
 * words. Sent with the rating; a note the server's safety module refuses
 * shows its reason in the panel's notice and keeps the form open.
 */
import { useState } from 'react'
import { RATING_NOTE_MAX, RATING_REASONS, type RatingReason } from '../../../shared/rating-reasons'
import { ratingReasonNames } from '../../elements/shared/chat/rating-reason-names'
import type { Words } from './strings'

export interface RatingWhy {
  reason?: RatingReason
  note?: string
}

export function RatingReasonForm({ id, words, onSend, onClose }: { id: string; words: Words; onSend(why: RatingWhy): Promise<boolean>; onClose(): void }) {
  const names = ratingReasonNames(words)
  const [reason, setReason] = useState<RatingReason>()
  const [note, setNote] = useState('')
  const [busy, setBusy] = useState(false)
  return (
    <form
      className="rr"
      data-testid="embed-rating-reason"
      onSubmit={event => {
        event.preventDefault()
        setBusy(true)
        void onSend({ reason, note: note.trim() || undefined }).then(sent => (sent ? onClose() : setBusy(false)))
      }}>
      <fieldset>
        <legend>{words.ratingReasonTitle}</legend>
        {RATING_REASONS.map(value => (
          <label key={value}>
            <input type="radio" name={`rr-${id}`} checked={reason === value} onChange={() => setReason(value)} />
            {names[value]}
          </label>
        ))}
      </fieldset>
      <textarea
        rows={2}
        maxLength={RATING_NOTE_MAX}
        aria-label={words.ratingNote}
        placeholder={words.ratingNote}
        value={note}
        onInput={event => setNote(event.currentTarget.value)}
      />
      <div className="acts">
        <button type="submit" className="ab" disabled={busy || (!reason && !note.trim())}>
          {words.ratingReasonSend}
        </button>
        <button type="button" className="ab" onClick={onClose}>
          {words.close}
        </button>
      </div>
    </form>
  )
}
