import { i18n } from '../core'
import { portalZhCN } from '../embed/portal-zh-CN'

export const $portalMessages = i18n('portal', portalZhCN)
