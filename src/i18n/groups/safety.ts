import { i18n } from '../core'
import { safetyZhCN } from '../safety/zh-CN'

export const $safetyMessages = i18n('safety', safetyZhCN)
