import { i18n } from '../core'
import { appsZhCN } from '../assistants/zh-CN'

export const $appsMessages = i18n('apps', appsZhCN)
