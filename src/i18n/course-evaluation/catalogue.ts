import type { courseEvaluationZhCN } from './zh-CN'

/** A translation of the course-evaluation words: every key of the base, as plain strings (params keep their {names}). */
export type CourseEvaluationCatalogue = { [Key in keyof typeof courseEvaluationZhCN]: string }
