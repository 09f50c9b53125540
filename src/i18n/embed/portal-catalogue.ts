import type { portalZhCN } from './portal-zh-CN'

/** A translation of the portal words: every key of the base, as plain strings. */
export type PortalCatalogue = { [Key in keyof typeof portalZhCN]: string }
