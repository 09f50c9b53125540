import type { placementsZhCN } from './zh-CN'

/** A translation of the placement words: every key of the base, as plain strings (params keep their {names}). */
export type PlacementsCatalogue = { [Key in keyof typeof placementsZhCN]: string }
