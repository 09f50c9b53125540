import type { liveZhCN } from './zh-CN'

/** A translation of the live classroom's words: every key of the base, as plain strings (params keep their {names}). */
export type LiveCatalogue = { [Key in keyof typeof liveZhCN]: string }
