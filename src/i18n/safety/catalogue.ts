import type { safetyZhCN } from './zh-CN'

/** A translation of the content-safety words: every key of the base, as plain strings. */
export type SafetyCatalogue = { [Key in keyof typeof safetyZhCN]: string }
