import type { quotaZhCN } from './zh-CN'
import type { phoneAccountZhCN } from './phone-zh-CN'

/** A translation of the quota words: every key of the base, as plain strings (params keep their {names}). */
export type QuotaCatalogue = { [Key in keyof typeof quotaZhCN]: string }

/** A translation of the phone sign-in words, likewise. */
export type PhoneAccountCatalogue = { [Key in keyof typeof phoneAccountZhCN]: string }
