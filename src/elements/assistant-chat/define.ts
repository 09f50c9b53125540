import '../dialogue/define'
import { uiCss } from '../dialogue/ui'
import '../shared/define'
import { assistantCardCss } from '../apps/assistant-card'
import { avatarCss } from '../apps/avatar'
import { defineZxElement } from '../shared/define-element'
import { AssistantChat, assistantChatCss, type AssistantChatProps } from './assistant-chat'

/**
 * The assistant chat bundle (/elements/assistant-chat.js): registers
 * `<zx-assistant-chat>` (attributes `assistant-id`, `chat-number`; see
 * assistant-chat.tsx) and, through the dialogue bundle, `<zx-dialogue>`.
 */
defineZxElement<AssistantChatProps>('zx-assistant-chat', AssistantChat, {
  css: [uiCss, avatarCss, assistantCardCss, assistantChatCss].join('\n'),
})
