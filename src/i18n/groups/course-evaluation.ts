import { i18n } from '../core'
import { courseEvaluationZhCN } from '../course-evaluation/zh-CN'

export const $courseEvaluationMessages = i18n('courseEvaluation', courseEvaluationZhCN)
