/**
 * The question box: grows with its text, Enter sends (not while an input
 * method is composing, so Chinese and Korean input work), Shift+Enter adds a
 * line; the button sends, or stops the answer while one streams.
 */
import { forwardRef, type KeyboardEvent } from 'react'
import { SendGlyph } from './icons'
import type { Words } from './strings'

/** The server refuses longer questions (server/modules/embed/schemas.ts). */
export const MAX_PROMPT_CHARS = 4000

export interface ComposerProps {
  value: string
  busy: boolean
  words: Words
  onChange(value: string): void
  onSend(): void
  onStop(): void
}

export const Composer = forwardRef<HTMLTextAreaElement, ComposerProps>(function Composer({ value, busy, words, onChange, onSend, onStop }, ref) {
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing || event.keyCode === 229) return
    event.preventDefault()
    if (!busy) onSend()
  }
  return (
    <form
      className="c"
      onSubmit={event => {
        event.preventDefault()
        if (busy) onStop()
        else onSend()
      }}>
      <textarea
        ref={ref}
        rows={1}
        value={value}
        maxLength={MAX_PROMPT_CHARS}
        aria-label={words.inputLabel}
        placeholder={words.placeholder}
        data-testid="embed-input"
        onChange={event => {
          const area = event.currentTarget
          onChange(area.value)
          area.style.height = 'auto'
          area.style.height = `${area.scrollHeight}px`
        }}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="sb" aria-label={busy ? words.stop : words.send} title={busy ? words.stop : words.send} disabled={!busy && !value.trim()}>
        <SendGlyph stop={busy} />
      </button>
    </form>
  )
})
