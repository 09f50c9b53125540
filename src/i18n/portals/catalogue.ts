import type { portalsZhCN } from './zh-CN'

/** A translation of the portal words: every key of the base, as plain strings. */
export type PortalsCatalogue = { [Key in keyof typeof portalsZhCN]: string }
