import { i18n } from '../core'
import { placementsZhCN } from '../placements/zh-CN'

export const $placementsMessages = i18n('placements', placementsZhCN)
