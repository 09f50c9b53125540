import type { generationsZhCN } from './zh-CN'

/** A translation of the generator words: every key of the base, as plain strings (params keep their {names}). */
export type GenerationsCatalogue = { [Key in keyof typeof generationsZhCN]: string }
