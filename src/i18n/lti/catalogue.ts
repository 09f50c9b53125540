import type { ltiZhCN } from './zh-CN'

/** A translation of the LTI tab's words: every key of the base, as plain strings. */
export type LtiCatalogue = { [Key in keyof typeof ltiZhCN]: string }
