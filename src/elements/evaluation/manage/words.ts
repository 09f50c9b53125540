/** Message keys of the question types and evaluation kinds, shared by the teachers' screens. */
export const TYPE_WORDS = { single: 'typeSingle', multiple: 'typeMultiple', judge: 'typeJudge', blank: 'typeBlank', short: 'typeShort' } as const
export const KIND_WORDS = { quiz: 'kindQuiz', assignment: 'kindAssignment', survey: 'kindSurvey' } as const
