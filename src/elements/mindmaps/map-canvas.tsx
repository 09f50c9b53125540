import { useStore } from '@nanostores/react'
import { useCallback, useEffect, useRef, type KeyboardEvent, type RefObject } from 'react'
import { $mindmapsMessages } from '../../i18n'
import { usePhrasing } from '../shared/use-phrasing'
import { addChild, addSibling, remove, toggleCollapse } from './edit-ops'
import { createMapView, nodeIdAt, type MapView } from './render'
import type { MapHistory } from './use-map-writer'

/**
 * The markmap drawing of the map: made once the svg and a tree exist, then
 * updated with each edit. `drop` forgets it (a new map is drawn from
 * scratch); `current` is what exports and pictures read.
 */
export function useMapView(map: MapHistory) {
  const t = useStore($mindmapsMessages)
  const say = usePhrasing()
  const svgRef = useRef<SVGSVGElement>(null)
  const viewRef = useRef<MapView | undefined>(undefined)
  useEffect(() => {
    const svg = svgRef.current
    if (!svg || !map.root) return
    if (!viewRef.current) viewRef.current = createMapView(svg, map.root, say.labelled(t.source, ''))
    else void viewRef.current.update(map.root, { selectedId: map.selectedId })
  }, [map.root, map.selectedId, t.source, say])
  useEffect(() => () => viewRef.current?.destroy(), [])
  const drop = useCallback(() => {
    viewRef.current?.destroy()
    viewRef.current = undefined
  }, [])
  const fit = useCallback(() => void viewRef.current?.markmap.fit(), [])
  return { svgRef, current: () => viewRef.current, drop, fit }
}

export interface MapCanvasProps {
  map: MapHistory
  busy: boolean
  svgRef: RefObject<SVGSVGElement | null>
  /** The node-name box (F2 and a double click go there). */
  nameRef: RefObject<HTMLInputElement | null>
}

/** The canvas: click selects a node, double click renames it, and the keys of an outliner edit it. */
export function MapCanvas({ map, busy, svgRef, nameRef }: MapCanvasProps) {
  const t = useStore($mindmapsMessages)
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!map.root || busy) return
    const mod = event.ctrlKey || event.metaKey
    const handled = (() => {
      if (mod && event.key.toLowerCase() === 'z') return (event.shiftKey ? map.redo() : map.undo(), true)
      if (mod && event.key.toLowerCase() === 'y') return (map.redo(), true)
      if (event.key === 'Tab') return (map.apply((root, id) => addChild(root, id, t.newNode)), true)
      if (event.key === 'Enter') return (map.apply((root, id) => addSibling(root, id, t.newNode)), true)
      if (event.key === 'Delete' || event.key === 'Backspace') return (map.apply(remove), true)
      if (event.key === 'F2') return (nameRef.current?.focus(), true)
      if (event.key === ' ') return (map.apply(toggleCollapse), true)
      return false
    })()
    if (handled) event.preventDefault()
  }
  return (
    <div
      className="mm-canvas"
      part="canvas"
      tabIndex={0}
      aria-label={`${t.title}. ${t.selectHint}`}
      aria-busy={busy}
      onKeyDown={onKey}
      onClick={event => {
        const id = nodeIdAt(event.nativeEvent)
        if (id) map.select(id)
      }}
      onDoubleClick={event => {
        const id = nodeIdAt(event.nativeEvent)
        if (id) {
          map.select(id)
          setTimeout(() => nameRef.current?.focus())
        }
      }}
      data-testid="mind-map-canvas">
      {map.root ? null : <p className="mm-muted mm-empty">{busy ? t.generating : t.selectHint}</p>}
      <svg ref={svgRef} aria-hidden={!map.root} />
    </div>
  )
}
