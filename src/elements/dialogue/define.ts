import '../shared/define'
import { defineZxElement } from '../shared/define-element'
import { answerBodyCss } from './answer-body'
import { answerCardCss } from './answer-card'
import { chatHeaderCss } from './chat-header'
import { chatListItemCss } from './chat-list-item'
import { chatSidebarCss } from './chat-sidebar'
import { compareGroupCss } from './compare-group'
import { composerCss } from './composer'
import { Dialogue, dialogueCss, type DialogueProps } from './dialogue'
import { messageListCss } from './message-list'
import { modelPickerCss } from './model-picker'
import { popoverCss } from './popover'
import { promptManagerCss } from './prompt-manager'
import { promptPickerCss } from './prompt-picker'
import { questionBubbleCss } from './question-bubble'
import { referencesCss } from '../shared/chat/references'
import { settingsDialogCss } from './settings-dialog'
import { suggestionsCss } from './suggestions'
import { kitCss } from '../shared/ui'
import { redeemFormCss } from '../shared/redeem-form'
import { welcomeCss } from './welcome'
import { datasetPickerCss } from '../shared/knowledge/dataset-picker'
import { referenceSourceCss } from '../shared/knowledge/reference-source'

/**
 * The dialogue bundle (/elements/dialogue.js): registers `<zx-dialogue>`.
 * Attributes and events are listed in dialogue.tsx. String attributes are
 * read from the element itself (they may be removed); `compact` is a boolean.
 */
export const dialogueElementCss = [
  kitCss,
  popoverCss,
  chatListItemCss,
  chatSidebarCss,
  modelPickerCss,
  chatHeaderCss,
  settingsDialogCss,
  answerBodyCss,
  answerCardCss,
  compareGroupCss,
  referencesCss,
  referenceSourceCss,
  datasetPickerCss,
  questionBubbleCss,
  suggestionsCss,
  welcomeCss,
  messageListCss,
  promptPickerCss,
  promptManagerCss,
  redeemFormCss,
  composerCss,
  // Last: its layout rules (drawer, narrow header) override the parts'.
  dialogueCss,
].join('\n')

defineZxElement<DialogueProps>('zx-dialogue', Dialogue, {
  props: { compact: 'boolean' },
  css: dialogueElementCss,
})
