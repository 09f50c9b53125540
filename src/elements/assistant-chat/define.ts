import '../dialogue/define'
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
defineZxElement<AssistantChatProps>('zx-assistant-chat', AssistantChat, {
  css: [kitCss, avatarCss, assistantCardCss, assistantChatCss].join('\n'),
})
