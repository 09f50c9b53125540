import { useStore } from '@nanostores/react'
import { useEffect, useRef, useState } from 'react'
import { fetchLibrary, fetchShared, type Folder, type Resource, type ResourceKind } from '../../api/resources'
import { loadable } from '../../stores/loadable'
import { useDebounced } from '../shared/use-debounced'

export type LibraryTab = 'mine' | 'shared'

export interface ListQuery {
  tab: LibraryTab
  courseId?: string
  folderId: string | null
  keyword: string
  kind: ResourceKind | ''
  tag: string
}

/** What the library shows: the folder's path, its folders and files, and the tags to filter by (course shares have no folders). */
export interface Listing {
  path: Folder[]
  folders: Folder[]
  items: Resource[]
  tags: string[]
}

function fetchListing(query: ListQuery): Promise<Listing> {
  const keyword = query.keyword.trim() || undefined
  if (query.tab === 'shared') return fetchShared({ courseId: query.courseId, keyword }).then(items => ({ path: [], folders: [], items, tags: [] }))
  return fetchLibrary({ folderId: query.folderId ?? undefined, keyword, kind: query.kind || undefined, tag: query.tag || undefined })
}

/**
 * The library's list on a loadable: loads when the query changes (the search
 * words once typing pauses), keeps what was shown while another folder or
 * filter loads, and starts from a skeleton when the tab changes.
 */
export function useResourceList(query: ListQuery) {
  const [store] = useState(() => loadable((_signal, q: ListQuery) => fetchListing(q)))
  const state = useStore(store)
  const keyword = useDebounced(query.keyword, query.keyword ? 250 : 0)
  const tab = useRef(query.tab)
  const { courseId, folderId, kind, tag } = query
  useEffect(() => {
    if (tab.current !== query.tab) store.reset()
    tab.current = query.tab
    void store.load({ tab: query.tab, courseId, folderId, keyword, kind, tag })
  }, [store, query.tab, courseId, folderId, keyword, kind, tag])
  useEffect(() => () => store.reset(), [store])
  return [state, store] as const
}
