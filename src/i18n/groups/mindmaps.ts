import { i18n } from '../core'
import { mindmapsZhCN } from '../mindmaps/zh-CN'

export const $mindmapsMessages = i18n('mindmaps', mindmapsZhCN)
