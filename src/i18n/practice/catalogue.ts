import type { practiceZhCN } from './zh-CN'

/** A translation of the inquiry practice words: every key of the base, as plain strings (params keep their {names}). */
export type PracticeCatalogue = { [Key in keyof typeof practiceZhCN]: string }
