import { i18n } from '../core'
import { phoneAccountZhCN } from '../quota/phone-zh-CN'

export const $phoneAccountMessages = i18n('phoneAccount', phoneAccountZhCN)
