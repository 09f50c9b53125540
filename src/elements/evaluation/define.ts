import '../shared/define'
import { defineZxElement } from '../shared/define-element'
import { markdownCss } from '../shared/markdown'
import { EvaluationManage, type EvaluationManageProps } from './manage/evaluation-manage'
import { evaluationManageCss } from './manage/styles'
import { EvaluationPaper, type EvaluationPaperProps } from './paper'
import { evaluationCss } from './styles'

/**
 * The evaluation bundle (/elements/evaluation.js):
 *   <zx-evaluation-paper evaluation-id submission-id>   a student takes an evaluation (see paper.tsx)
 *   <zx-evaluation client-type course-id evaluation-id view>   teachers and managers on /course/evaluation (manage/)
 */
defineZxElement<EvaluationPaperProps>('zx-evaluation-paper', EvaluationPaper, {
  props: { evaluationId: 'string', submissionId: 'string' },
  css: [markdownCss, evaluationCss].join('\n'),
})
defineZxElement<EvaluationManageProps>('zx-evaluation', EvaluationManage, {
  props: { clientType: 'string' },
  css: [markdownCss, evaluationCss, evaluationManageCss].join('\n'),
})
