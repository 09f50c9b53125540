import type { dialogueZhCN } from './zh-CN'

/** A translation of the dialogue words: every key of the base, as plain strings (params keep their {names}). */
export type DialogueCatalogue = { [Key in keyof typeof dialogueZhCN]: string }
