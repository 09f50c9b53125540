import type { coursesZhCN } from './zh-CN'

/** A translation of the course words: every key of the base, as plain strings (params keep their {names}). */
export type CoursesCatalogue = { [Key in keyof typeof coursesZhCN]: string }
