import { useStore } from '@nanostores/react'
import { useCallback, useRef, useState } from 'react'
import { isCancel } from '../../api/errors'
import { streamExpansion, streamOutline, type MapSourceRequest, type MindMapSummary } from '../../api/mindmaps'
import { $mindmapsMessages } from '../../i18n'
import { addChildren } from './edit-ops'
import { parseChildren, parseOutline, pathTo, plainText } from './outline-tree'
import type { useMapHistory } from './use-map-history'

export type MapHistory = ReturnType<typeof useMapHistory>

export interface Failure {
  message: string
  /** Runs the failed work again (none when only the person can, e.g. by picking another file). */
  retry?: () => void
}

export interface WriterHooks {
  /** A new outline starts: the editor forgets the saved map, its share and its drawing. */
  onFresh: () => void
  /** The material the outline is made from (null for a bare topic). */
  onSource: (source: MindMapSummary['source']) => void
  /** The outline is complete and drawn: fit it to the canvas. */
  onDone: () => void
}

/**
 * The model writing a map: `generate` streams a whole outline (the map grows
 * as lines arrive, redrawn at most once a frame), `expand` the children of
 * the selected node. One writing at a time; `stop` cancels it.
 */
export function useMapWriter(map: MapHistory, hooks: WriterHooks) {
  const t = useStore($mindmapsMessages)
  const [writing, setWriting] = useState<AbortController | null>(null)
  const [notice, setNotice] = useState('')
  const [failure, setFailure] = useState<Failure | null>(null)
  const current = useRef<AbortController | null>(null)
  const latest = useRef({ t, hooks, map })
  latest.current = { t, hooks, map }

  const begin = () => {
    current.current?.abort()
    const controller = (current.current = new AbortController())
    setWriting(controller)
    setNotice('')
    setFailure(null)
    return controller
  }
  const end = (controller: AbortController) => {
    if (current.current !== controller) return
    current.current = null
    setWriting(null)
  }
  const failed = (error: unknown, controller: AbortController, retry: () => void) => {
    if (!isCancel(error) && !controller.signal.aborted) setFailure({ message: (error as Error).message || latest.current.t.writingFailed, retry })
  }

  const generate = useCallback(async (request: MapSourceRequest): Promise<void> => {
    const controller = begin()
    const { hooks: on, map: history } = latest.current
    on.onFresh()
    let outline = ''
    let frame = 0
    let title = request.topic ?? ''
    const retry = () => void generate(request)
    // Lines arrive faster than frames: the map is redrawn at most once a frame.
    const draw = () => {
      frame = 0
      history.reset(parseOutline(outline, title), true)
    }
    try {
      for await (const event of streamOutline({ source: request }, controller.signal)) {
        if (event.type === 'start') {
          title = event.title
          on.onSource(event.source.kind === 'topic' ? null : event.source)
          if (event.engine === 'builtin' && request.kind !== 'topic') setNotice(latest.current.t.builtinNote)
        } else if (event.type === 'lines') {
          outline += event.text
          if (!frame) frame = requestAnimationFrame(draw)
        } else if (event.type === 'notice') setNotice(event.message)
        else if (event.type === 'done') outline = event.outline
        else if (event.type === 'error') setFailure({ message: event.message, retry })
      }
      cancelAnimationFrame(frame)
      draw()
      on.onDone()
    } catch (error) {
      failed(error, controller, retry)
    } finally {
      end(controller)
    }
  }, [])

  const expand = useCallback(async (): Promise<void> => {
    const history = latest.current.map
    if (!history.root || !history.selectedId) return
    const path = pathTo(history.root, history.selectedId)
    if (!path) return
    const controller = begin()
    const nodeId = history.selectedId
    const retry = () => void expand()
    let lines = ''
    try {
      for await (const event of streamExpansion({ path: path.map(n => plainText(n.text)) }, controller.signal)) {
        if (event.type === 'lines') lines += event.text
        else if (event.type === 'notice') setNotice(event.message)
        else if (event.type === 'error') setFailure({ message: event.message, retry })
      }
      const children = parseChildren(lines)
      if (children.length) history.apply(root => addChildren(root, nodeId, children))
    } catch (error) {
      failed(error, controller, retry)
    } finally {
      end(controller)
    }
  }, [])

  const stop = useCallback(() => current.current?.abort(), [])

  return { busy: !!writing, notice, setNotice, failure, setFailure, generate, expand, stop }
}
