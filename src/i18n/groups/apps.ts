import { i18n } from '../core'
import { appsZhCN } from '../apps/zh-CN'

export const $appsMessages = i18n('apps', appsZhCN)
