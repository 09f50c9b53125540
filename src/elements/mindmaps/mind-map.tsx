import { useStore } from '@nanostores/react'
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react'
import {
  createMindMap,
  deleteMindMap,
  fetchMindMap,
  listMindMaps,
  saveMindMap,
  shareMindMap,
  streamExpansion,
  streamOutline,
  unshareMindMap,
  type MapSourceRequest,
  type MindMapSummary,
} from '../../api/mindmaps'
import { isCancel } from '../../api/errors'
import { uploadFile } from '../../api/files'
import { $generationsMessages, $mindmapsMessages } from '../../i18n'
import { showToast } from '../../stores/toasts'
import type { ElementProps } from '../shared/define-element'
import { useInsertIntoLesson } from '../shared/lesson-insert'
import { useClientType } from '../shared/use-client-type'
import { usePhrasing } from '../shared/use-phrasing'
import { addChild, addChildren, addSibling, indent, move, outdent, remove, rename, toggleCollapse } from './edit-ops'
import { countNodes, parseChildren, parseOutline, pathTo, plainText, serializeOutline } from './outline-tree'
import { createMapView, downloadMap, fileName, mapPng, nodeIdAt, type MapView } from './render'
import { useMapHistory } from './use-map-history'

/**
 * `<zx-mind-map>`: make a mind map from a topic, a lesson (`lesson-id`), a
 * knowledge document (`document-id`), an uploaded file (`file-id`) or a chat
 * answer (`message-id`) — it grows as the outline streams in — then edit it
 * (add, rename, delete, move, collapse, undo/redo, ask the AI to expand a
 * node), save it to "my mind maps" (`map-id` opens one), share a read-only
 * link, export PNG, SVG or Markdown. Rendered with markmap (render.ts).
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

type ListState = { phase: 'loading' } | { phase: 'failed' } | { phase: 'ready'; items: MindMapSummary[] }

export function MindMap(props: MindMapProps) {
  const t = useStore($mindmapsMessages)
  const say = usePhrasing()
  const g = useStore($generationsMessages)
  const map = useMapHistory()
  const [mapId, setMapId] = useState<string | undefined>(props.mapId)
  const [source, setSource] = useState<MindMapSummary['source']>(null)
  const [shareToken, setShareToken] = useState<string | null>(null)
  const [topic, setTopic] = useState(props.topic ?? '')
  const [writing, setWriting] = useState<AbortController | null>(null)
  const [notice, setNotice] = useState('')
  const [failure, setFailure] = useState<{ message: string; retry: () => void } | null>(null)
  const [list, setList] = useState<ListState>({ phase: 'loading' })
  const [draftName, setDraftName] = useState('')
  const svgRef = useRef<SVGSVGElement>(null)
  const viewRef = useRef<MapView | undefined>(undefined)
  const nameRef = useRef<HTMLInputElement>(null)
  const canvasRef = useRef<HTMLDivElement>(null)

  const loadList = useCallback(() => {
    setList({ phase: 'loading' })
    listMindMaps({ quiet: true }).then(
      items => setList({ phase: 'ready', items }),
      () => setList({ phase: 'failed' }),
    )
  }, [])
  useEffect(loadList, [loadList])

  // Draw: the view is made once the svg and a tree exist, then updated.
  useEffect(() => {
    const svg = svgRef.current
    if (!svg || !map.root) return
    if (!viewRef.current) viewRef.current = createMapView(svg, map.root, say.labelled(t.source, ''))
    else void viewRef.current.update(map.root, { selectedId: map.selectedId })
  }, [map.root, map.selectedId, t.source, say])
  useEffect(() => () => viewRef.current?.destroy(), [])

  const selected = map.root && map.selectedId ? pathTo(map.root, map.selectedId)?.at(-1) : undefined
  // eslint-disable-next-line react-hooks/exhaustive-deps -- reset the draft when the selected node or its text changes, not on every new tree object
  useEffect(() => setDraftName(selected ? selected.text : ''), [selected?.id, selected?.text])

  const generate = useCallback(
    async (request: MapSourceRequest) => {
      writing?.abort()
      const controller = new AbortController()
      setWriting(controller)
      setNotice('')
      setFailure(null)
      setMapId(undefined)
      setShareToken(null)
      viewRef.current?.destroy()
      viewRef.current = undefined
      let outline = ''
      let frame = 0
      let title = request.topic ?? ''
      // Lines arrive faster than frames: the map is redrawn at most once a frame.
      const draw = () => {
        frame = 0
        map.reset(parseOutline(outline, title), true)
      }
      try {
        for await (const event of streamOutline({ source: request }, controller.signal)) {
          if (event.type === 'start') {
            title = event.title
            setSource(event.source.kind === 'topic' ? null : event.source)
            if (event.engine === 'builtin' && request.kind !== 'topic') setNotice(t.builtinNote)
          } else if (event.type === 'lines') {
            outline += event.text
            if (!frame) frame = requestAnimationFrame(draw)
          } else if (event.type === 'notice') setNotice(event.message)
          else if (event.type === 'done') outline = event.outline
          else if (event.type === 'error') setFailure({ message: event.message, retry: () => void generate(request) })
        }
        cancelAnimationFrame(frame)
        draw()
        void (viewRef.current as MapView | undefined)?.markmap.fit()
      } catch (error) {
        if (!isCancel(error) && !controller.signal.aborted)
          setFailure({ message: (error as Error).message || t.writingFailed, retry: () => void generate(request) })
      } finally {
        setWriting(current => (current === controller ? null : current))
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [writing, t],
  )

  const open = useCallback(
    (id: string) => {
      setFailure(null)
      fetchMindMap(id, { quiet: true }).then(
        m => {
          viewRef.current?.destroy()
          viewRef.current = undefined
          setMapId(m.id)
          setSource(m.source)
          setShareToken(m.shareToken)
          setNotice('')
          map.reset(parseOutline(m.outline, m.title), false)
        },
        error => setFailure({ message: (error as Error).message || t.loadFailed, retry: () => open(id) }),
      )
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t],
  )

  // What the element was opened with: a saved map, or material to map at once.
  useEffect(() => {
    if (props.mapId) open(props.mapId)
    else {
      const first = initialSource(props)
      if (first) void generate(first)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.mapId, props.lessonId, props.documentId, props.fileId, props.messageId])

  const save = useCallback(async (): Promise<string | undefined> => {
    if (!map.root) return undefined
    const outline = serializeOutline(map.root)
    const title = plainText(map.root.text)
    const saved = mapId ? await saveMindMap(mapId, { title, outline }) : await createMindMap({ title, outline, ...(source ? { source } : {}) })
    setMapId(saved.id)
    map.markSaved()
    showToast('success', t.saved)
    loadList()
    return saved.id
  }, [map, mapId, source, t, loadList])

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

  const expand = useCallback(async () => {
    if (!map.root || !map.selectedId) return
    const path = pathTo(map.root, map.selectedId)
    if (!path) return
    const controller = new AbortController()
    setWriting(controller)
    setNotice('')
    const nodeId = map.selectedId
    let lines = ''
    try {
      for await (const event of streamExpansion({ path: path.map(n => plainText(n.text)) }, controller.signal)) {
        if (event.type === 'lines') lines += event.text
        else if (event.type === 'notice') setNotice(event.message)
        else if (event.type === 'error') setFailure({ message: event.message, retry: () => void expand() })
      }
      const children = parseChildren(lines)
      if (children.length) map.apply(root => addChildren(root, nodeId, children))
    } catch (error) {
      if (!isCancel(error)) setFailure({ message: (error as Error).message || t.writingFailed, retry: () => void expand() })
    } finally {
      setWriting(null)
    }
  }, [map, t])

  const exportAs = useCallback(
    async (kind: 'png' | 'svg' | 'md') => {
      if (!map.root) return
      if (kind !== 'md') await viewRef.current?.settled()
      await downloadMap(kind, plainText(map.root.text), serializeOutline(map.root), svgRef.current, say.locale)
    },
    [map.root, say.locale],
  )

  // A teacher puts the map into a lesson as a picture (the lesson text shows pictures; students need no editor to read it).
  const teacher = useClientType(undefined) === '1'
  const lessons = useInsertIntoLesson(map.root ? plainText(map.root.text) : '')
  const insertIntoLesson = () => {
    if (!map.root || !svgRef.current) return
    const title = plainText(map.root.text)
    const svgElement = svgRef.current
    const view = viewRef.current
    lessons.start(async () => {
      await view?.settled()
      const png = await mapPng(svgElement, say.locale)
      const uploaded = await uploadFile(new File([png], fileName(title, 'png'), { type: 'image/png' }), { quiet: true })
      return [{ id: uploaded.id, mime: uploaded.mime }]
    })
  }

  const commitName = () => {
    if (selected && draftName.trim() && draftName !== selected.text) map.apply((root, id) => rename(root, id, draftName))
  }

  const onCanvasKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!map.root || writing) return
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

  const busy = !!writing
  const nodes = map.root ? countNodes(map.root) : 0
  const shareLink = shareToken ? new URL(`/mindMap?share=${encodeURIComponent(shareToken)}`, location.origin).href : ''

  return (
    <div className="mm" data-testid="mind-map">
      <aside className="mm-list" aria-label={t.myMaps}>
        <div className="mm-list-head">
          <h2>{t.myMaps}</h2>
          <button
            type="button"
            className="button"
            onClick={() => (
              map.reset(null, false),
              setMapId(undefined),
              setShareToken(null),
              setSource(null),
              viewRef.current?.destroy(),
              (viewRef.current = undefined)
            )}>
            {t.newMap}
          </button>
        </div>
        {list.phase === 'loading' ? <zx-skeleton /> : null}
        {list.phase === 'failed' ? (
          <div role="alert" className="mm-error">
            {t.loadFailed}{' '}
            <button type="button" className="button" onClick={loadList}>
              {t.retry}
            </button>
          </div>
        ) : null}
        {list.phase === 'ready' && !list.items.length ? <p className="mm-muted">{t.noMaps}</p> : null}
        {list.phase === 'ready' ? (
          <ul>
            {list.items.map(item => (
              <li key={item.id} className={item.id === mapId ? 'current' : ''}>
                <button type="button" className="mm-link" onClick={() => open(item.id)} data-testid="mind-map-item">
                  {item.title}
                  {item.shared ? ' 🔗' : ''}
                </button>
                <button
                  type="button"
                  className="mm-link mm-muted"
                  aria-label={`${t.deleteMap} ${item.title}`}
                  onClick={() => void deleteMindMap(item.id).then(() => (item.id === mapId && setMapId(undefined), loadList()))}>
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </aside>

      <section className="mm-main">
        <form
          className="mm-bar"
          onSubmit={event => {
            event.preventDefault()
            if (topic.trim()) void generate({ kind: 'topic', topic: topic.trim() })
          }}>
          <input
            className="input"
            value={topic}
            onChange={event => setTopic(event.target.value)}
            placeholder={t.topicPlaceholder}
            aria-label={t.topicPlaceholder}
            maxLength={200}
          />
          {busy ? (
            <button type="button" className="button" onClick={() => writing?.abort()}>
              {t.stop}
            </button>
          ) : (
            <button type="submit" className="button primary" disabled={!topic.trim()}>
              {t.generate}
            </button>
          )}
          <span className="mm-spacer" />
          <button type="button" className="button" disabled={!map.root || busy} onClick={() => void save()} data-testid="mind-map-save">
            {t.save}
            {map.dirty ? ' •' : ''}
          </button>
          <button type="button" className="button" disabled={!map.root || busy} onClick={() => void share()} data-testid="mind-map-share">
            {t.share}
          </button>
          <button type="button" className="button" disabled={!map.root} onClick={() => void exportAs('png')}>
            {t.exportPng}
          </button>
          <button type="button" className="button" disabled={!map.root} onClick={() => void exportAs('svg')}>
            {t.exportSvg}
          </button>
          <button type="button" className="button" disabled={!map.root} onClick={() => void exportAs('md')}>
            {t.exportMd}
          </button>
          {teacher ? (
            <button type="button" className="button" disabled={!map.root || busy} onClick={insertIntoLesson} data-testid="mind-map-insert">
              {g.insertIntoLesson}
            </button>
          ) : null}
        </form>

        {lessons.dialogs}
        {shareLink ? (
          <div className="mm-share">
            <label>
              {t.shareLink} <input className="input" readOnly value={shareLink} data-testid="mind-map-share-link" onFocus={event => event.target.select()} />
            </label>
            <button type="button" className="button" onClick={() => void unshare()}>
              {t.unshare}
            </button>
          </div>
        ) : null}

        <div className="mm-tools" role="toolbar" aria-label={t.title}>
          <input
            ref={nameRef}
            className="input mm-name"
            aria-label={t.nodeName}
            value={draftName}
            disabled={!selected || busy}
            onChange={event => setDraftName(event.target.value)}
            onBlur={commitName}
            onKeyDown={event => {
              if (event.key === 'Enter') {
                event.preventDefault()
                commitName()
              }
            }}
            data-testid="mind-map-node-name"
          />
          {(
            [
              [t.addChild, () => map.apply((root, id) => addChild(root, id, t.newNode)), 'add-child'],
              [t.addSibling, () => map.apply((root, id) => addSibling(root, id, t.newNode)), 'add-sibling'],
              [t.remove, () => map.apply(remove), 'remove'],
              [t.moveUp, () => map.apply((root, id) => move(root, id, -1)), 'move-up'],
              [t.moveDown, () => map.apply((root, id) => move(root, id, 1)), 'move-down'],
              [t.indent, () => map.apply(indent), 'indent'],
              [t.outdent, () => map.apply(outdent), 'outdent'],
              [t.collapse, () => map.apply(toggleCollapse), 'collapse'],
              [t.undo, map.undo, 'undo', !map.canUndo],
              [t.redo, map.redo, 'redo', !map.canRedo],
              [t.expandAi, () => void expand(), 'expand'],
            ] as Array<[string, () => void, string, boolean?]>
          ).map(([label, run, id, off]) => (
            <button key={id} type="button" className="button" disabled={!selected || busy || off} onClick={run} data-testid={`mind-map-${id}`}>
              {label}
            </button>
          ))}
        </div>

        {notice ? (
          <p className="mm-notice" role="status" data-testid="mind-map-notice">
            {notice}
          </p>
        ) : null}
        {failure ? (
          <div className="mm-error" role="alert" data-testid="mind-map-error">
            {failure.message}{' '}
            <button type="button" className="button" onClick={failure.retry}>
              {t.retry}
            </button>
          </div>
        ) : null}

        <div
          ref={canvasRef}
          className="mm-canvas"
          tabIndex={0}
          aria-label={`${t.title}. ${t.selectHint}`}
          aria-busy={busy}
          onKeyDown={onCanvasKey}
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
        <p className="mm-muted mm-foot">
          {busy ? `${t.generating} ` : ''}
          {nodes ? say.count(t.nodes, { count: nodes }) : ''}
          {map.dirty ? ` · ${t.unsaved}` : ''}
        </p>
      </section>
    </div>
  )
}

export const mindMapCss = `
:host { display: block; height: 100%; }
.mm { display: flex; gap: 12px; height: 100%; min-height: 520px; }
.mm-list { width: 220px; flex: none; border-right: 1px solid var(--zx-border, #e5e6eb); padding-right: 12px; overflow: auto; }
.mm-list-head { display: flex; align-items: center; justify-content: space-between; gap: 8px; }
.mm-list h2 { font-size: 15px; margin: 8px 0; }
.mm-list ul { list-style: none; margin: 0; padding: 0; }
.mm-list li { display: flex; align-items: center; gap: 4px; }
.mm-list li.current .mm-link:first-child { font-weight: 600; color: var(--zx-primary-strong, #0a6f94); }
.mm-link { border: none; background: none; font: inherit; text-align: left; padding: 6px 4px; cursor: pointer; flex: 1; overflow-wrap: anywhere; min-height: 32px; }
.mm-link + .mm-link { flex: none; }
.mm-main { flex: 1; min-width: 0; display: flex; flex-direction: column; gap: 8px; }
.mm-bar, .mm-tools, .mm-share { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
.mm-bar .input { flex: 1 1 220px; min-width: 0; }
.mm-share .input { width: min(420px, 70vw); }
.mm-name { flex: 1 1 180px; min-width: 0; }
.mm-spacer { flex: 1; }
.mm-canvas { position: relative; flex: 1; min-height: 380px; border: 1px solid var(--zx-border, #e5e6eb); border-radius: 8px; background: #fff; overflow: hidden; }
.mm-canvas svg { position: absolute; inset: 0; width: 100%; height: 100%; }
.mm-empty { position: absolute; inset: 0; display: grid; place-items: center; padding: 16px; text-align: center; }
.mm-muted { color: var(--zx-text-muted, #636b78); font-size: 13px; }
.mm-notice { margin: 0; padding: 6px 10px; border-radius: 6px; background: #fff7e8; color: #a35a00; font-size: 13px; }
.mm-error { padding: 6px 10px; border-radius: 6px; background: #ffece8; color: #c9302c; font-size: 13px; }
.mm-foot { margin: 0; }
@media (max-width: 639px) {
  .mm { flex-direction: column; }
  .mm-list { width: auto; border-right: none; border-bottom: 1px solid var(--zx-border, #e5e6eb); padding: 0 0 8px; max-height: 160px; }
  .mm-canvas { min-height: 320px; }
  .mm-tools .button { padding: 4px 8px; }
}
`
