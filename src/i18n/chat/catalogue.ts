import type { chatZhCN } from './zh-CN'

/** A translation of the dialogue words: every key of the base, as plain strings (params keep their {names}). */
export type ChatCatalogue = { [Key in keyof typeof chatZhCN]: string }
