import { i18n } from '../core'
import { liveZhCN } from '../live/zh-CN'

export const $liveMessages = i18n('live', liveZhCN)
