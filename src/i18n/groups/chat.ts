import { i18n } from '../core'
import { dialogueZhCN } from '../chat/zh-CN'

export const $dialogueMessages = i18n('dialogue', dialogueZhCN)
