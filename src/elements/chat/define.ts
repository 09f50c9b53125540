import '../shared/define'
import { defineZxElement } from '../shared/define-element'
import { Dialogue, type DialogueProps } from './dialogue'

/**
 * The dialogue bundle (/elements/dialogue.js, its published name: scripts/bundle-names.mjs): registers `<zx-dialogue>`.
 * Attributes and events are listed in dialogue.tsx. String attributes are
 * read from the element itself (they may be removed); `compact` is a boolean.
 * Its CSS comes with the components (Dialogue.styles).
 */

/**
 * AI dialogue: a chat list, model picker, streamed answers and a composer
 * (src/elements/chat/README.md).
 * @tag zx-dialogue
 * @attr {string} chat-number - the chat to open (the host app keeps it in its URL)
 * @attr {string} model - the model to pick first, if the server offers it
 * @attr {string} assistant-id - new chats belong to this assistant and the list shows only its chats
 * @attr {string} course-id - new chats belong to this course and the list shows only its chats
 * @attr {string} lesson-id - with course-id: the lesson being read; each question carries it to the course AI
 * @attr {string} welcome-title - what an empty chat greets with (an assistant's name)
 * @attr {string} opening-message - the greeting of an empty chat
 * @attr {string} starter-questions - JSON list of strings offered in an empty chat
 * @prop {boolean} compact - narrow use: the chat list is a drawer, fewer starters
 * @fires zx:chat-change - {chatNumber}: the open chat changed ('' for a new chat)
 * @fires zx:answer-end - {chatNumber, messageIds}: an answer (or a compare group) finished streaming, stopped or failed
 * @fires zx:open-wallet - (no detail) "open my wallet" on a quota refusal; the host app opens the wallet
 * @csspart base - the whole chat: the list and the conversation
 * @csspart header - the chat's title bar
 * @csspart body - the messages
 * @csspart actions - the compare, context and settings buttons
 * @csspart sidebar - the chat list
 * @csspart composer - the question box
 */
defineZxElement<DialogueProps>('zx-dialogue', Dialogue, {
  props: { compact: 'boolean' },
})
