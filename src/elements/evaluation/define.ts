import '../shared/define'
import { defineZxElement } from '../shared/define-element'
import { markdownCss } from '../shared/markdown'
import { EvaluationPaper, type EvaluationPaperProps } from './paper'
import { evaluationCss } from './styles'

/** The evaluation bundle (/elements/evaluation.js): registers `<zx-evaluation-paper evaluation-id submission-id>` (see paper.tsx). */
defineZxElement<EvaluationPaperProps>('zx-evaluation-paper', EvaluationPaper, {
  props: { evaluationId: 'string', submissionId: 'string' },
  css: [markdownCss, evaluationCss].join('\n'),
})
