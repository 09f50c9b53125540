import { i18n } from '../core'
import { generationsZhCN } from '../generations/zh-CN'

export const $generationsMessages = i18n('generations', generationsZhCN)
