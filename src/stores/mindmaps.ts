import { listMindMaps } from '../api/mindmaps'
import { loadable } from './loadable'
import { onUserChange } from './user-scope'

/**
 * "My mind maps": the signed-in person's saved maps (titles, no outlines),
 * the list beside the editor. Saving or deleting a map loads it again.
 */
export const $myMindMaps = loadable(signal => listMindMaps({ quiet: true, signal }))

onUserChange(() => $myMindMaps.reset())
