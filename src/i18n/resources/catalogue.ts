import type { resourcesZhCN } from './zh-CN'

/** A translation of the resource library words: every key of the base, as plain strings (params keep their {names}). */
export type ResourcesCatalogue = { [Key in keyof typeof resourcesZhCN]: string }
