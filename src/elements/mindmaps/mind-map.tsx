import { useStore } from '@nanostores/react'
import { useEffect, useRef } from 'react'
import type { MapSourceRequest } from '../../api/mindmaps'
import { $mindmapsMessages } from '../../i18n'
import type { ElementProps } from '../shared/define-element'
import { usePhrasing } from '../shared/use-phrasing'
import { MapActions } from './map-actions'
import { MapCanvas, useMapView } from './map-canvas'
import { MapList } from './map-list'
import { NodeTools } from './node-tools'
import { countNodes } from './outline-tree'
import { SourcePicker } from './source-picker'
import { TopicForm } from './topic-form'
import { useMapHistory } from './use-map-history'
import { useMapWriter } from './use-map-writer'
import { useSavedMap } from './use-saved-map'
import { styles } from '../shared/styles'
import { kitCss } from '../shared/ui'
import { mindMapCss } from './mind-map.css'
import { MAP_CSS } from './render'

export { mindMapCss } from './mind-map.css'

/**
 * `<zx-mind-map>`: make a mind map from a topic, a lesson (`lesson-id`), a
 * knowledge document (`document-id`, or picked on the screen), an uploaded
 * file (`file-id`, or uploaded on the screen) or a chat answer
 * (`message-id`) — it grows as the outline streams in — then edit it (add,
 * rename, delete, move, collapse, undo/redo, ask the AI to expand a node),
 * save it to "my mind maps" (`map-id` opens one), share a read-only link,
 * export PNG, SVG or Markdown. Rendered with markmap (render.ts).
 */
export interface MindMapProps extends ElementProps {
  lessonId?: string
  documentId?: string
  fileId?: string
  messageId?: string
  mapId?: string
  topic?: string
}

function initialSource(props: MindMapProps): MapSourceRequest | undefined {
  if (props.lessonId) return { kind: 'lesson', id: props.lessonId }
  if (props.documentId) return { kind: 'document', id: props.documentId }
  if (props.fileId) return { kind: 'file', id: props.fileId }
  if (props.messageId) return { kind: 'message', id: props.messageId }
  if (props.topic) return { kind: 'topic', topic: props.topic }
  return undefined
}

export function MindMap(props: MindMapProps) {
  const t = useStore($mindmapsMessages)
  const say = usePhrasing()
  const map = useMapHistory()
  const view = useMapView(map)
  const nameRef = useRef<HTMLInputElement>(null)
  const writer = useMapWriter(map, {
    onFresh: () => (saved.forget(), view.drop()),
    onSource: source => saved.setSource(source),
    onDone: view.fit,
  })
  const saved = useSavedMap(map, props.mapId, writer.setFailure, () => (view.drop(), writer.setNotice('')))
  const open = (id: string) => (writer.setFailure(null), saved.open(id))

  // What the element was opened with: a saved map, or material to map at once.
  const opening = [props.mapId, props.lessonId, props.documentId, props.fileId, props.messageId]
  const first = useRef({ props, open, generate: writer.generate })
  first.current = { props, open, generate: writer.generate }
  useEffect(() => {
    const { props: now, open: openMap, generate } = first.current
    if (now.mapId) openMap(now.mapId)
    else {
      const source = initialSource(now)
      if (source) void generate(source)
    }
  }, opening) // eslint-disable-line react-hooks/exhaustive-deps -- the element's source attributes are the dependencies

  const busy = writer.busy
  const nodes = map.root ? countNodes(map.root) : 0
  const shareLink = saved.shareToken ? new URL(`/mindMap?share=${encodeURIComponent(saved.shareToken)}`, location.origin).href : ''

  return (
    <div className="mm" part="base" data-testid="mind-map">
      <MapList
        currentId={saved.mapId}
        onOpen={open}
        onNew={() => (map.reset(null, false), saved.forget(), view.drop())}
        onDeleted={id => id === saved.mapId && saved.setMapId(undefined)}
      />

      <section className="mm-main" part="body">
        <div className="mm-bar" part="header">
          <TopicForm initial={props.topic ?? ''} busy={busy} onGenerate={topic => void writer.generate({ kind: 'topic', topic })} onStop={writer.stop} />
          <SourcePicker busy={busy} onPick={source => void writer.generate(source)} onFailure={message => writer.setFailure({ message })} />
          <span className="mm-spacer" />
          <div className="mm-actions" part="actions">
            <MapActions map={map} busy={busy} view={view} onSave={() => void saved.save()} onShare={() => void saved.share()} />
          </div>
        </div>

        {shareLink ? (
          <div className="mm-share">
            <label>
              {t.shareLink} <input className="input" readOnly value={shareLink} data-testid="mind-map-share-link" onFocus={event => event.target.select()} />
            </label>
            <button type="button" className="button" onClick={() => void saved.unshare()}>
              {t.unshare}
            </button>
          </div>
        ) : null}

        <NodeTools map={map} busy={busy} nameRef={nameRef} onExpand={() => void writer.expand()} />

        {writer.notice ? (
          <p className="mm-notice" role="status" data-testid="mind-map-notice">
            {writer.notice}
          </p>
        ) : null}
        {writer.failure ? (
          <div className="mm-error" role="alert" data-testid="mind-map-error">
            {writer.failure.message}{' '}
            {writer.failure.retry ? (
              <button type="button" className="button" onClick={writer.failure.retry}>
                {t.retry}
              </button>
            ) : null}
          </div>
        ) : null}

        <MapCanvas map={map} busy={busy} svgRef={view.svgRef} nameRef={nameRef} />
        <p className="mm-muted mm-foot">
          {busy ? `${t.generating} ` : ''}
          {nodes ? say.count(t.nodes, { count: nodes }) : ''}
          {map.dirty ? ` · ${t.unsaved}` : ''}
        </p>
      </section>
    </div>
  )
}

MindMap.styles = styles(kitCss, MAP_CSS, mindMapCss)
