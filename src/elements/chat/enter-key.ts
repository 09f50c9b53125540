/**
 * When Enter sends. People typing Chinese press Enter to confirm a word in
 * their input method; that Enter must never send. Browsers report it
 * differently: `isComposing` on the keydown (Chrome, Firefox), keyCode 229
 * (Chrome on some platforms, Android keyboards), or a keydown that arrives
 * just after `compositionend` (Safari). The composer tracks composition and
 * asks here.
 */

export interface EnterKeyEvent {
  key: string
  shiftKey: boolean
  altKey?: boolean
  isComposing?: boolean
  keyCode?: number
}

/** keyCode browsers give keys swallowed by an input method. */
const IME_KEY_CODE = 229

export function isImeEnter(event: EnterKeyEvent, composing: boolean): boolean {
  return composing || event.isComposing === true || event.keyCode === IME_KEY_CODE
}

/** Enter (or Ctrl/Cmd+Enter) sends; Shift+Enter and Alt+Enter break the line; an IME's Enter does neither. */
export function shouldSend(event: EnterKeyEvent, composing: boolean): boolean {
  if (event.key !== 'Enter') return false
  if (isImeEnter(event, composing)) return false
  return !(event.shiftKey || event.altKey)
}
