import '../shared/define'
import { defineZxElement } from '../shared/define-element'
import { markdownCss } from '../shared/markdown'
import { kitCss, stackTableCss } from '../shared/ui'
import { CourseEvaluation } from './course-eval/course-evaluation'
import { courseEvaluationCss } from '../shared/course-eval/styles'
import { EvaluationManage, type EvaluationManageProps } from './manage/evaluation-manage'
import { bankCss } from './manage/bank-styles'
import { evaluationManageCss } from './manage/styles'
import { EvaluationPaper, type EvaluationPaperProps } from './paper'
import { evaluationCss } from './styles'

/**
 * The evaluation bundle (/elements/evaluation.js):
 *   <zx-evaluation-paper evaluation-id submission-id>   a student takes an evaluation (see paper.tsx)
 *   <zx-evaluation client-type course-id evaluation-id view>   teachers and managers on /course/evaluation (manage/)
 *   <zx-course-evaluation view course-id>   managers' course evaluation, menu 9 (course-eval/; shown by the managers' course list)
 */
defineZxElement<EvaluationPaperProps>('zx-evaluation-paper', EvaluationPaper, {
  props: { evaluationId: 'string', submissionId: 'string' },
  css: [markdownCss, evaluationCss].join('\n'),
})
defineZxElement<EvaluationManageProps>('zx-evaluation', EvaluationManage, {
  props: { clientType: 'string' },
  css: [kitCss, markdownCss, evaluationCss, evaluationManageCss, bankCss].join('\n'),
})
defineZxElement('zx-course-evaluation', CourseEvaluation, { css: [stackTableCss, courseEvaluationCss].join('\n') })
