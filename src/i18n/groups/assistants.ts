import { i18n } from '../core'
import { assistantsZhCN } from '../assistants/zh-CN'

export const $assistantsMessages = i18n('assistants', assistantsZhCN)
