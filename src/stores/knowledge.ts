import { atom } from 'nanostores'

/**
 * Knowledge datasets picked in the dialogue before its chat exists: the new
 * chat is created with them (an open chat keeps its own, saved on the server).
 */
export const $pendingDatasetIds = atom<string[]>([])
