import { i18n } from '../core'
import { adminZhCN } from '../admin/zh-CN'

export const $adminMessages = i18n('admin', adminZhCN)
