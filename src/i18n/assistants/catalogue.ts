import type { assistantsZhCN } from './zh-CN'

/** A translation of the assistants words: every key of the base, as plain strings (params keep their {names}). */
export type AssistantsCatalogue = { [Key in keyof typeof assistantsZhCN]: string }
