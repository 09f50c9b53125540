import type { signonZhCN } from './zh-CN'

/** A translation of the sign-on administration words: every key of the base, as plain strings. */
export type SignonCatalogue = { [Key in keyof typeof signonZhCN]: string }
