import type { appsZhCN } from './zh-CN'

/** A translation of the apps words: every key of the base, as plain strings (params keep their {names}). */
export type AppsCatalogue = { [Key in keyof typeof appsZhCN]: string }
