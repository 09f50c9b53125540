import { i18n } from '../core'
import { mindMapZhCN } from '../mindmaps/zh-CN'

export const $mindMapMessages = i18n('mindMap', mindMapZhCN)
