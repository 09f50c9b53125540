import { i18n } from '../core'
import { knowledgeZhCN } from '../knowledge/zh-CN'

export const $knowledgeMessages = i18n('knowledge', knowledgeZhCN)
