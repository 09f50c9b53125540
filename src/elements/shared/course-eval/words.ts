/** Message keys of the question types and evaluation kinds, shared by every evaluation screen (and the course tab). */
export const TYPE_WORDS = {
  single: 'typeSingle',
  multiple: 'typeMultiple',
  judge: 'typeJudge',
  blank: 'typeBlank',
  short: 'typeShort',
  practical: 'typePractical',
} as const
export const KIND_WORDS = { quiz: 'kindQuiz', assignment: 'kindAssignment', survey: 'kindSurvey' } as const
