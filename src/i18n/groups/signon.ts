import { i18n } from '../core'
import { signonZhCN } from '../signon/zh-CN'

export const $signonMessages = i18n('signon', signonZhCN)
