import type { boardZhCN } from './zh-CN'

/** A translation of the board words: every key of the base, as plain strings (params keep their {names}). */
export type BoardCatalogue = { [Key in keyof typeof boardZhCN]: string }
