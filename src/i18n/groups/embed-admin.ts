import { i18n } from '../core'
import { embedAdminZhCN } from '../embed/admin-zh-CN'

export const $embedAdminMessages = i18n('embedAdmin', embedAdminZhCN)
