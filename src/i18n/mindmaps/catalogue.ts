import type { mindMapZhCN } from './zh-CN'

/** A translation of the mind map words: every key of the base, as plain strings. */
export type MindMapCatalogue = { [Key in keyof typeof mindMapZhCN]: string }

/** All five, for the small viewer, which has no shell catalogue. */
