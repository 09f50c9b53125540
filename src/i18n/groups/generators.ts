import { i18n } from '../core'
import { generatorsZhCN } from '../generators/zh-CN'

export const $generatorMessages = i18n('generators', generatorsZhCN)
