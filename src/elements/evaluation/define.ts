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
/**
 * A student takes an evaluation on a phone or a PC: answers saved as they
 * change, a countdown on the server's clock, the result once released.
 * @tag zx-evaluation-paper
 * @prop {string} evaluationId - the evaluation to take
 * @prop {string} submissionId - without evaluation-id: show this result only
 * @csspart base - the paper, its result, or the skeleton or failure before them
 * @csspart header - the title, the description and the points (or the result's score)
 * @csspart body - the questions
 * @csspart actions - the row with the progress and Hand in
 */
defineZxElement<EvaluationPaperProps>('zx-evaluation-paper', EvaluationPaper, {
  props: { evaluationId: 'string', submissionId: 'string' },
  css: [markdownCss, evaluationCss].join('\n'),
})
/**
 * Evaluations for teachers and managers (/course/evaluation): papers,
 * the question bank, marking. Each place is reported with `zx:place-change`
 * so Reload and Back return to it.
 * @tag zx-evaluation
 * @prop {string} clientType - '1' teacher, '4' manager (default: the session's)
 * @attr {string} course-id - the course whose evaluations show
 * @attr {string} evaluation-id - the open evaluation
 * @attr {string} view - the open view
 * @attr {string} submission-id - the open submission (marking)
 * @attr {string} question-id - the question graded for every student (marking by question)
 * @fires zx:place-change - {params, replace}: the place changed; the host app writes params into the URL
 * @csspart base - the whole page
 * @csspart header - the title and the course picker
 * @csspart body - the evaluations of the course
 * @csspart actions - New evaluation (teachers)
 */
defineZxElement<EvaluationManageProps>('zx-evaluation', EvaluationManage, {
  props: { clientType: 'string' },
  css: [kitCss, markdownCss, evaluationCss, evaluationManageCss, bankCss].join('\n'),
})
/**
 * Managers' course evaluation (menu 9): ratings, rankings and the indicator system.
 * @tag zx-course-evaluation
 * @attr {string} view - the open view
 * @attr {string} course-id - the open course
 * @fires zx:place-change - {params, replace}: the place changed; the host app writes params into the URL
 * @csspart base - the ranking
 * @csspart header - the title and the count of scored courses
 * @csspart body - the ranking table, or the empty state
 * @csspart actions - Export
 */
defineZxElement('zx-course-evaluation', CourseEvaluation, { css: [stackTableCss, courseEvaluationCss].join('\n') })
