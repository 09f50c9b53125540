import '../chat/define'
import { kitCss } from '../shared/ui'
import '../shared/define'
import { assistantCardCss } from '../shared/assistants/assistant-card'
import { avatarCss } from '../shared/assistants/avatar'
import { defineZxElement } from '../shared/define-element'
import { AssistantChat, assistantChatCss, type AssistantChatProps } from './assistant-chat'

/**
 * The assistant chat bundle (/elements/assistant-chat.js): registers
 * `<zx-assistant-chat>` (attributes `assistant-id`, `chat-number`; see
 * assistant-chat.tsx) and, through the dialogue bundle, `<zx-dialogue>`.
 */
/**
 * The full-screen assistant chat (`/course/chat`): the assistant's bar above
 * `<zx-dialogue>` scoped to it. Without `assistant-id`, the plain dialogue.
 * @tag zx-assistant-chat
 * @attr {string} assistant-id - the assistant to chat with
 * @attr {string} chat-number - the chat to open (the host app keeps it in its URL)
 * @fires zx:chat-change - {chatNumber}: bubbles out of the inner `<zx-dialogue>`
 * @fires zx:answer-end - {chatNumber, messageIds}: bubbles out of the inner `<zx-dialogue>`
 * @fires zx:open-wallet - (no detail) "open my wallet" on a quota refusal; the host app opens the wallet
 * @csspart base - the whole page, also while loading or when the assistant is missing (without `assistant-id`, the plain dialogue)
 * @csspart header - the bar with the way back, the picture, the name and the star
 * @csspart body - the dialogue with the assistant
 * @csspart actions - the favourite star
 */
defineZxElement<AssistantChatProps>('zx-assistant-chat', AssistantChat, {
  css: [kitCss, avatarCss, assistantCardCss, assistantChatCss].join('\n'),
})
