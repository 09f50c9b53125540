import { i18n } from '../core'
import { mindMapZhCN } from '../mind-map/zh-CN'

export const $mindMapMessages = i18n('mindMap', mindMapZhCN)
