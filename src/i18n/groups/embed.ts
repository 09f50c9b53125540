import { i18n } from '../core'
import { embedZhCN } from '../embed/zh-CN'

export const $embedMessages = i18n('embed', embedZhCN)
