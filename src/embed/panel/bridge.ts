/**
 * The postMessage API of Zhixue's /iframe page (docs/api/embed.md). Only a parent
 * on one of the key's own sites may drive the chat or hear from it:
 *  - in:  {type: 'zx:open' | 'zx:send' | 'zx:setLocale', text?, locale?} from
 *         window.parent, accepted only when event.origin is an allowed site;
 *  - out: {source: 'zhixue', type: 'zx:ready' | 'zx:open' | 'zx:close' |
 *         'zx:message' | 'zx:error' | 'zx:height', detail}, posted only to the
 *         parent's origin and only when that origin is allowed (never '*':
 *         answers may be private).
 * The page reports its content height whenever it changes, so the parent can
 * size the iframe to fit.
 */
import type { EmbedEventName, PanelHandle, PanelHost } from '../types'

let allowed: readonly string[] = []
let parentOrigin: string | null = null
let handle: PanelHandle | null = null
let resize: ResizeObserver | null = null
let box: HTMLElement | null = null

function actualParentOrigin(): string | null {
  const ancestors = location.ancestorOrigins
  if (ancestors && ancestors.length > 0) return ancestors[0]!
  try {
    return document.referrer ? new URL(document.referrer).origin : null
  } catch {
    return null
  }
}

function post(type: string, detail: Record<string, unknown> = {}) {
  if (parentOrigin && window.parent !== window) window.parent.postMessage({ source: 'zhixue', type, detail }, parentOrigin)
}

function reportHeight() {
  if (box) post('zx:height', { height: Math.ceil(box.getBoundingClientRect().height) })
}

function onMessage(event: MessageEvent) {
  if (event.source !== window.parent || !allowed.includes(event.origin) || !handle) return
  const data = event.data as { type?: unknown; text?: unknown; locale?: unknown } | null
  if (!data || typeof data.type !== 'string') return
  if (data.type === 'zx:send' && typeof data.text === 'string') handle.send(data.text)
  else if (data.type === 'zx:open') handle.shown()
  else if (data.type === 'zx:setLocale' && typeof data.locale === 'string') handle.setLocale(data.locale)
}

export function startBridge(host: PanelHost, panel: PanelHandle): void {
  handle = panel
  box = host.mount
  const emit = host.emit
  host.emit = (name: EmbedEventName, detail?: Record<string, unknown>) => {
    emit(name, detail)
    post(`zx:${name}`, detail)
  }
  window.addEventListener('message', onMessage)
  resize = new ResizeObserver(reportHeight)
  resize.observe(box)
}

/** The key's sites, from the session: from now on they may talk to this page. */
export function allowParents(origins: readonly string[]): void {
  allowed = origins
  const actual = actualParentOrigin()
  parentOrigin = actual && origins.includes(actual) ? actual : null
  post('zx:ready')
  reportHeight()
}

export function stopBridge(): void {
  window.removeEventListener('message', onMessage)
  resize?.disconnect()
  handle = null
  parentOrigin = null
}
