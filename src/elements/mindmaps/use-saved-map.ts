import { useStore } from '@nanostores/react'
import { useCallback, useRef, useState } from 'react'
import { createMindMap, fetchMindMap, saveMindMap, shareMindMap, unshareMindMap, type MindMapSummary } from '../../api/mindmaps'
import { $mindmapsMessages } from '../../i18n'
import { $myMindMaps } from '../../stores/mindmaps'
import { showToast } from '../../stores/toasts'
import { parseOutline, plainText, serializeOutline } from './outline-tree'
import type { Failure, MapHistory } from './use-map-writer'

/**
 * The map as saved in "my mind maps": its id (none until the first save),
 * the material it was made from, and its share token. `open` loads a saved
 * map into the editor; `save` creates or updates it; `share` saves first
 * when there is something unsaved, then copies the read-only link.
 */
export function useSavedMap(map: MapHistory, initialId: string | undefined, onFailure: (failure: Failure) => void, onOpened: () => void) {
  const t = useStore($mindmapsMessages)
  const [mapId, setMapId] = useState<string | undefined>(initialId)
  const [source, setSource] = useState<MindMapSummary['source']>(null)
  const [shareToken, setShareToken] = useState<string | null>(null)
  const latest = useRef({ map, t, onFailure, onOpened })
  latest.current = { map, t, onFailure, onOpened }

  /** The editor holds no saved map (a new one, or one being written). */
  const forget = useCallback(() => {
    setMapId(undefined)
    setShareToken(null)
    setSource(null)
  }, [])

  const open = useCallback((id: string) => {
    fetchMindMap(id, { quiet: true }).then(
      m => {
        latest.current.onOpened()
        setMapId(m.id)
        setSource(m.source)
        setShareToken(m.shareToken)
        latest.current.map.reset(parseOutline(m.outline, m.title), false)
      },
      error => latest.current.onFailure({ message: (error as Error).message || latest.current.t.loadFailed, retry: () => open(id) }),
    )
  }, [])

  const save = useCallback(async (): Promise<string | undefined> => {
    if (!map.root) return undefined
    const outline = serializeOutline(map.root)
    const title = plainText(map.root.text)
    const saved = mapId ? await saveMindMap(mapId, { title, outline }) : await createMindMap({ title, outline, ...(source ? { source } : {}) })
    setMapId(saved.id)
    map.markSaved()
    showToast('success', t.saved)
    void $myMindMaps.load()
    return saved.id
  }, [map, mapId, source, t])

  const share = useCallback(async () => {
    const id = map.dirty || !mapId ? await save() : mapId
    if (!id) return
    const { token, path } = await shareMindMap(id)
    setShareToken(token)
    const link = new URL(path, location.origin).href
    await navigator.clipboard?.writeText(link).catch(() => undefined)
    showToast('success', t.shareCopied)
  }, [map.dirty, mapId, save, t])

  const unshare = useCallback(async () => {
    if (!mapId) return
    await unshareMindMap(mapId)
    setShareToken(null)
  }, [mapId])

  return { mapId, setMapId, source, setSource, shareToken, forget, open, save, share, unshare }
}
