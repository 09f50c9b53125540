import { atom } from 'nanostores'
import { perUser } from './user-scope'

/**
 * Knowledge datasets picked in the dialogue before its chat exists: the new
 * chat is created with them (an open chat keeps its own, saved on the server).
 */
export const $pendingDatasetIds = perUser(atom<string[]>([]), () => [])
