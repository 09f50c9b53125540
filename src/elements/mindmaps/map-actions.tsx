import { useStore } from '@nanostores/react'
import { uploadFile } from '../../api/files'
import { $generationsMessages, $mindmapsMessages } from '../../i18n'
import { useInsertIntoLesson } from '../shared/lesson-insert'
import { useClientType } from '../shared/use-client-type'
import { usePhrasing } from '../shared/use-phrasing'
import { plainText, serializeOutline } from './outline-tree'
import { downloadMap, fileName, mapPng } from './render'
import type { useMapView } from './map-canvas'
import type { MapHistory } from './use-map-writer'

export interface MapActionsProps {
  map: MapHistory
  busy: boolean
  view: ReturnType<typeof useMapView>
  onSave: () => void
  onShare: () => void
}

/** What is done with a finished map: save, share, export (PNG, SVG, Markdown) and, for a teacher, put it into a lesson. */
export function MapActions({ map, busy, view, onSave, onShare }: MapActionsProps) {
  const t = useStore($mindmapsMessages)
  const g = useStore($generationsMessages)
  const say = usePhrasing()
  const teacher = useClientType(undefined) === '1'
  const lessons = useInsertIntoLesson(map.root ? plainText(map.root.text) : '')

  const exportAs = async (kind: 'png' | 'svg' | 'md') => {
    if (!map.root) return
    if (kind !== 'md') await view.current()?.settled()
    await downloadMap(kind, plainText(map.root.text), serializeOutline(map.root), view.svgRef.current, say.locale)
  }

  // A teacher puts the map into a lesson as a picture (the lesson text shows pictures; students need no editor to read it).
  const insertIntoLesson = () => {
    const svgElement = view.svgRef.current
    if (!map.root || !svgElement) return
    const title = plainText(map.root.text)
    const drawing = view.current()
    lessons.start(async () => {
      await drawing?.settled()
      const png = await mapPng(svgElement, say.locale)
      const uploaded = await uploadFile(new File([png], fileName(title, 'png'), { type: 'image/png' }), { quiet: true })
      return [{ id: uploaded.id, mime: uploaded.mime }]
    })
  }

  return (
    <>
      <button type="button" className="button" disabled={!map.root || busy} onClick={onSave} data-testid="mind-map-save">
        {t.save}
        {map.dirty ? ' •' : ''}
      </button>
      <button type="button" className="button" disabled={!map.root || busy} onClick={onShare} data-testid="mind-map-share">
        {t.share}
      </button>
      {(
        [
          ['png', t.exportPng],
          ['svg', t.exportSvg],
          ['md', t.exportMd],
        ] as const
      ).map(([kind, label]) => (
        <button key={kind} type="button" className="button" disabled={!map.root} onClick={() => void exportAs(kind)}>
          {label}
        </button>
      ))}
      {teacher ? (
        <button type="button" className="button" disabled={!map.root || busy} onClick={insertIntoLesson} data-testid="mind-map-insert">
          {g.insertIntoLesson}
        </button>
      ) : null}
      {lessons.dialogs}
    </>
  )
}
