import { i18n } from '../core'
import { boardZhCN } from '../board/zh-CN'

export const $boardMessages = i18n('board', boardZhCN)
