import type { generatorsZhCN } from './zh-CN'

/** A translation of the generator words: every key of the base, as plain strings (params keep their {names}). */
export type GeneratorsCatalogue = { [Key in keyof typeof generatorsZhCN]: string }
