import type { FieldProblem, FormRule } from '../../../shared/form-rules'
import type { assistantsZhCN } from '../../i18n/assistants/zh-CN'

type Apps = { [K in keyof typeof assistantsZhCN]: (typeof assistantsZhCN)[K] }

const KEYS: Record<FormRule, keyof Apps> = {
  required: 'formRequired',
  requiredChoice: 'formRequiredChoice',
  tooShort: 'formTooShort',
  tooLong: 'formTooLong',
  notNumber: 'formNotNumber',
  notInteger: 'formNotInteger',
  tooSmall: 'formTooSmall',
  tooLarge: 'formTooLarge',
  notOption: 'formNotOption',
  tooFew: 'formTooFew',
  tooMany: 'formTooMany',
  unknownField: 'formUnknownField',
}

/** A problem found by the shared rules, in the reader's language (zh-CN: word for word the server's message). */
export function problemText(t: Apps, problem: FieldProblem): string {
  const template = t[KEYS[problem.rule]] as (values: { label: string; limit: string }) => string
  return template({ label: problem.label, limit: String(problem.limit ?? '') })
}
