import { i18n } from '../core'
import { generatorsZhCN } from '../generations/zh-CN'

export const $generatorMessages = i18n('generators', generatorsZhCN)
