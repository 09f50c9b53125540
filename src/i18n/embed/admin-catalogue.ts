import type { embedAdminZhCN } from './admin-zh-CN'

/** A translation of the embed admin words: every key of the base, as plain strings (params keep their {names}). */
export type EmbedAdminCatalogue = { [Key in keyof typeof embedAdminZhCN]: string }
