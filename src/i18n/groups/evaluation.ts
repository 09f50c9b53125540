import { i18n } from '../core'
import { evaluationZhCN } from '../evaluation/zh-CN'

export const $evaluationMessages = i18n('evaluation', evaluationZhCN)
