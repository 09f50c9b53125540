import type { quotaZhCN } from './zh-CN'

/** A translation of the quota words: every key of the base, as plain strings (params keep their {names}). */
export type QuotaCatalogue = { [Key in keyof typeof quotaZhCN]: string }
