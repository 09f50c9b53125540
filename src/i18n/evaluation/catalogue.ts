import type { evaluationZhCN } from './zh-CN'

/** A translation of the evaluation words: every key of the base, as plain strings (params keep their {names}). */
export type EvaluationCatalogue = { [Key in keyof typeof evaluationZhCN]: string }
