import type { adminZhCN } from './zh-CN'

/** A translation of the school administration words: every key of the base, as plain strings (params keep their {names}). */
export type AdminCatalogue = { [Key in keyof typeof adminZhCN]: string }
