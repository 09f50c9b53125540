import { i18n } from '../core'
import { portalsZhCN } from '../portals/zh-CN'

export const $portalsMessages = i18n('portals', portalsZhCN)
