import type { embedZhCN } from './zh-CN'

/** A translation of the embed admin words: every key of the base, as plain strings (params keep their {names}). */
export type EmbedCatalogue = { [Key in keyof typeof embedZhCN]: string }
