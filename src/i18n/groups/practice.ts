import { i18n } from '../core'
import { practiceZhCN } from '../practice/zh-CN'

export const $practiceMessages = i18n('practice', practiceZhCN)
