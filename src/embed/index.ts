/**
 * The script tag a school pastes into its CMS page (served as /new-chat/embed.js):
 *
 *   <script src="https://zhixue.school.edu.cn/new-chat/embed.js" data-key="zxk_…" async></script>
 *
 * It defines one global, `Zhixue`, draws a launcher button in a shadow root,
 * and loads the chat panel (./panel, Preact) only when the page is idle or the
 * launcher is used. It must stay under 3 KB gzip and leave the page alone: no
 * global CSS, no changes to body, history, the viewport or window.on*.
 * It runs as a classic script (no static imports, no import.meta), wrapped in
 * a function by the build so it declares no globals besides `Zhixue`.
 */
import { LAUNCHER_TITLES } from '../i18n/embed/launcher'
import type { EmbedEventName, EmbedOptions, PanelHandle, PanelModule } from './types'

interface Instance {
  id: string
  o: EmbedOptions
  host: HTMLElement
  root: ShadowRoot
  box: HTMLElement
  button?: HTMLButtonElement
  opened: boolean
  locale: string
  panel?: Promise<PanelHandle>
}

type Listener = { name: string; fn: (detail: Record<string, unknown>) => void; id?: string }

const win = window as unknown as { Zhixue?: ZhixueApi & { q?: Array<[string, unknown[]]> } }
const script = document.currentScript as HTMLScriptElement | null
const scriptBase = script?.src ? new URL('.', script.src).href : ''

const LOCALES = ['zh-CN', 'zh-TW', 'en-US', 'ko-KR', 'ru-RU']
/** zh-CN unless asked otherwise; an unknown locale falls back to en-US (SPEC §9). */
const pickLocale = (wanted?: string) => (!wanted ? 'zh-CN' : (LOCALES.find(l => l.toLowerCase() === wanted.toLowerCase()) ?? 'en-US'))

const CSS = `.l{position:fixed;bottom:24px;right:24px;z-index:2147483000;width:56px;height:56px;margin:0;padding:0;border:0;border-radius:50%;background:var(--zx-primary,#32C5FF);color:var(--zx-on-primary,#063446);box-shadow:0 6px 20px rgba(15,23,42,.25);cursor:pointer;display:grid;place-items:center;transition:transform .15s}.l:hover{transform:scale(1.06)}.l:focus-visible{outline:3px solid var(--zx-focus,#0A6F94);outline-offset:3px}.left .l{right:auto;left:24px}.l svg{width:28px;height:28px;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round}.l[aria-expanded=true] .o,.l[aria-expanded=false] .x{display:none}[hidden]{display:none!important}@media (max-width:640px){.l[aria-expanded=true]{display:none}}@media (prefers-reduced-motion:reduce){.l{transition:none}}`
const ICON =
  '<svg viewBox="0 0 24 24" aria-hidden="true"><path class="o" d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z"/><path class="x" d="M6 6l12 12M18 6 6 18"/></svg>'

const instances = new Map<string, Instance>()
const listeners: Listener[] = []
let panelModule: Promise<PanelModule> | undefined
let count = 0

function loadPanel(): Promise<PanelModule> {
  panelModule ??= import('./panel/index').catch(error => {
    panelModule = undefined // a later attempt may succeed (network back)
    throw error
  })
  return panelModule
}

function adopt(root: ShadowRoot, css: string, nonce?: string) {
  try {
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(css)
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
  } catch {
    const style = document.createElement('style')
    if (nonce) style.nonce = nonce
    style.textContent = css
    root.append(style)
  }
}

function emit(inst: Instance, name: EmbedEventName, detail: Record<string, unknown> = {}) {
  const full = { id: inst.id, ...detail }
  inst.host.dispatchEvent(new CustomEvent(`zx:${name}`, { bubbles: true, composed: true, detail: full }))
  for (const l of listeners) if (l.name === name && (!l.id || l.id === inst.id)) l.fn(full)
}

function panelOf(inst: Instance): Promise<PanelHandle> {
  inst.panel ??= loadPanel().then(({ mountPanel }) =>
    mountPanel({
      id: inst.id,
      options: inst.o,
      apiBase: new URL(inst.o.server || scriptBase || '/new-chat/', location.href).href.replace(/\/?$/, '/'),
      root: inst.root,
      mount: inst.box,
      inline: !inst.button,
      locale: inst.locale,
      emit: (name, detail) => emit(inst, name, detail),
      close: () => close(inst.id, true),
      adopt: css => adopt(inst.root, css, inst.o.nonce),
      setTitle: title => inst.button?.setAttribute('aria-label', title),
    }),
  )
  inst.panel.catch(error => {
    inst.panel = undefined
    emit(inst, 'error', { message: String(error) })
  })
  return inst.panel
}

const find = (id?: string) => (id ? instances.get(id) : instances.values().next().value)

function open(id?: string) {
  const inst = find(id)
  if (!inst) return
  // An inline widget is always open: opening it just moves focus into it.
  if (!inst.button) return void panelOf(inst).then(p => p.shown())
  if (inst.opened) return
  inst.opened = true
  inst.box.hidden = false
  inst.button?.setAttribute('aria-expanded', 'true')
  void panelOf(inst).then(p => p.shown())
  emit(inst, 'open')
}

function close(id?: string, focusLauncher = false) {
  const inst = find(id)
  if (!inst?.button || !inst.opened) return
  inst.opened = false
  inst.box.hidden = true
  inst.button.setAttribute('aria-expanded', 'false')
  if (focusLauncher) inst.button.focus()
  emit(inst, 'close')
}

/** Re-attaches a floating widget that a single-page app's navigation removed with the old body. */
function keepAttached() {
  for (const inst of instances.values()) if (inst.button && !inst.host.isConnected && document.body) document.body.append(inst.host)
}

function init(options: EmbedOptions): string {
  if (!options?.key) throw new Error('Zhixue.init: key is required')
  const id = options.id || `zx-${++count}`
  if (instances.has(id)) return id
  const target = options.target ?? (options.selector ? document.querySelector<HTMLElement>(options.selector) : null)
  if (options.selector && !target) {
    // The element may come later in a page still loading.
    if (document.readyState === 'loading') {
      document.addEventListener('DOMContentLoaded', () => init({ ...options, id }), { once: true })
      return id
    }
    throw new Error(`Zhixue.init: nothing matches ${options.selector}`)
  }
  const host = document.createElement('zhixue-chat')
  host.dataset.id = id
  // Inline !important styles beat any page rule (and are allowed by a strict CSP, unlike a style attribute).
  host.style.setProperty('all', 'initial', 'important')
  if (target) host.style.setProperty('display', 'block', 'important')
  if (target) host.style.setProperty('height', '100%', 'important')
  for (const [name, value] of Object.entries(options.colors ?? {})) host.style.setProperty(`--zx-${name}`, value)
  const root = host.attachShadow({ mode: 'open' })
  const box = document.createElement('div')
  box.className = `b ${options.position === 'left' ? 'left' : ''}`
  const inst: Instance = { id, o: options, host, root, box, opened: !!target, locale: pickLocale(options.locale) }
  instances.set(id, inst)
  if (!target) {
    adopt(root, CSS, options.nonce)
    const wrap = document.createElement('div')
    wrap.className = options.position === 'left' ? 'left' : ''
    const button = (inst.button = document.createElement('button'))
    button.className = 'l'
    button.type = 'button'
    button.setAttribute('aria-expanded', 'false')
    button.setAttribute('aria-label', options.title || LAUNCHER_TITLES[inst.locale]!)
    button.innerHTML = ICON
    button.onclick = () => (inst.opened ? close(id) : open(id))
    box.hidden = true
    wrap.append(button)
    root.append(box, wrap)
    ;(document.body ?? document.documentElement).append(host)
    // Load the panel while the page is idle, so opening it feels instant.
    const idle = (window as { requestIdleCallback?: (fn: () => void) => void }).requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 1500))
    idle(() => void loadPanel().catch(() => undefined))
  } else {
    root.append(box)
    target.append(host)
    void panelOf(inst)
  }
  emit(inst, 'ready')
  if (options.openOnLoad && !target) open(id)
  return id
}

/** data-* attributes of the script tag → options (data-open-on-load → openOnLoad, …). */
function fromScript(el: HTMLScriptElement): EmbedOptions | null {
  const d = el.dataset
  if (!d.key) return null
  const flag = (v?: string) => v !== undefined && v !== 'false'
  return {
    ...(d as unknown as EmbedOptions),
    starters: d.starters
      ?.split('|')
      .map(s => s.trim())
      .filter(Boolean),
    colors: d.primary ? { primary: d.primary } : undefined,
    openOnLoad: flag(d.openOnLoad),
    ephemeral: flag(d.ephemeral),
    expires: d.expires ? Number(d.expires) : undefined,
    server: scriptBase,
  }
}

const withPanel = (id: string | undefined, fn: (p: PanelHandle) => void) => {
  const inst = find(id)
  if (inst) void panelOf(inst).then(fn)
}

const api = {
  version: 1,
  init,
  open,
  close: (id?: string) => close(id),
  toggle: (id?: string) => (find(id)?.opened ? close(id) : open(id)),
  send(text: string, id?: string) {
    if (find(id)?.button) open(id)
    withPanel(id, p => p.send(text))
  },
  setLocale(locale: string, id?: string) {
    const inst = find(id)
    if (!inst) return
    inst.locale = pickLocale(locale)
    inst.button?.setAttribute('aria-label', inst.o.title || LAUNCHER_TITLES[inst.locale]!)
    withPanel(id, p => p.setLocale(inst.locale))
  },
  destroy(id?: string) {
    const inst = find(id)
    if (!inst) return
    instances.delete(inst.id)
    void inst.panel?.then(p => p.destroy())
    inst.host.remove()
  },
  /** Listen to `ready`, `open`, `close`, `message`, `error` (of one instance, or all); returns an unsubscribe function. */
  on(name: EmbedEventName, fn: Listener['fn'], id?: string) {
    const l = { name, fn, id }
    listeners.push(l)
    return () => void listeners.splice(listeners.indexOf(l) >>> 0, 1)
  },
}
export type ZhixueApi = typeof api

if (!win.Zhixue?.version) {
  // Calls queued by the page before this script arrived: window.Zhixue = {q: [['init', [{…}]]]}.
  const queued = win.Zhixue?.q ?? []
  win.Zhixue = api
  new MutationObserver(keepAttached).observe(document.documentElement, { childList: true, subtree: true })
  for (const [method, args] of queued) (api as unknown as Record<string, (...a: unknown[]) => unknown>)[method]?.(...args)
}
const fromTag = script && fromScript(script)
if (fromTag) win.Zhixue!.init(fromTag)
