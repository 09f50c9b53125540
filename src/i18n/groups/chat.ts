import { i18n } from '../core'
import { chatZhCN } from '../chat/zh-CN'

export const $chatMessages = i18n('chat', chatZhCN)
