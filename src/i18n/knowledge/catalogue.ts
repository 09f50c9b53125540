import type { knowledgeZhCN } from './zh-CN'

/** A translation of the knowledge library words: every key of the base, as plain strings (params keep their {names}). */
export type KnowledgeCatalogue = { [Key in keyof typeof knowledgeZhCN]: string }
