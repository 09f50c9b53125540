import type { mindmapsZhCN } from './zh-CN'

/** A translation of the mind map words: every key of the base, as plain strings. */
export type MindmapsCatalogue = { [Key in keyof typeof mindmapsZhCN]: string }

/** All five, for the small viewer, which has no shell catalogue. */
