import { i18n } from '../core'
import { quotaZhCN } from '../quota/zh-CN'

export const $quotaMessages = i18n('quota', quotaZhCN)
