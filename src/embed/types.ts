/**
 * Types shared by the script-tag loader (index.ts) and the lazily loaded
 * panel (panel/). Types only: the loader and the panel share no runtime code,
 * so the loader never imports a chunk statically (it runs as a classic script).
 */

export type EmbedEventName = 'ready' | 'open' | 'close' | 'message' | 'error'

export type EmbedTheme = 'light' | 'dark' | 'auto'

/** Options of `Zhixue.init({...})`; the same names as `data-*` attributes on the script tag. */
export interface EmbedOptions {
  /** The embed key (`zxk_…`) a teacher made in Zhixue. */
  key: string
  /** Instance id for the runtime API; default `zx-1`, `zx-2`, … */
  id?: string
  /** Header and launcher name; default: the assistant's name. */
  title?: string
  /** Welcome text (markdown); default: the assistant's opening message. */
  welcome?: string
  /** Starter prompts; default: the assistant's. As a data attribute: separated by `|`. */
  starters?: string[]
  /** zh-CN (default), zh-TW, en-US, ko-KR, ru-RU. */
  locale?: string
  theme?: EmbedTheme
  /** Colours, e.g. `{ primary: '#e60012' }` → `--zx-primary` (any `--zx-*` token). */
  colors?: Record<string, string>
  /** Launcher corner: bottom right (default) or bottom left. */
  position?: 'right' | 'left'
  /** Open the panel as soon as the page has loaded. */
  openOnLoad?: boolean
  /** Inline mode: mount the panel into this element instead of floating (no launcher). */
  selector?: string
  /** Inline mode from script: the element itself. */
  target?: HTMLElement
  /** Inline mode: 'auto' grows with the conversation (no inner scroll), default fills the element. */
  height?: 'fill' | 'auto'
  /** CSP nonce for the rare engine without constructable stylesheets (then a <style> is used). */
  nonce?: string
  /** Shared computers: forget the visitor and the conversation when the page closes. */
  ephemeral?: boolean
  /** Signed identity from the school's CMS server (see docs/api/embed.md). */
  user?: string
  expires?: number
  signature?: string
  /** Zhixue's own pages: the signed-in user's bearer token. */
  authToken?: string
  /** Inside Zhixue's /iframe page: talk to the parent page with postMessage. */
  bridge?: boolean
  /** Where the Zhixue server is; default: where embed.js was loaded from. */
  server?: string
}

/** What the loader hands the panel when it mounts it. */
export interface PanelHost {
  id: string
  options: EmbedOptions
  /** `https://host/new-chat/` */
  apiBase: string
  /** The shadow root the panel renders in. */
  root: ShadowRoot
  /** The element to render into. */
  mount: HTMLElement
  inline: boolean
  locale: string
  emit(name: EmbedEventName, detail?: Record<string, unknown>): void
  /** Floating mode: hide the panel and give focus back to the launcher. */
  close(): void
  /** Adds a stylesheet to the shadow root (constructable, or <style nonce> as fallback). */
  adopt(css: string): void
  /** The launcher shows the assistant's name once known. */
  setTitle(title: string): void
}

/** What the panel module gives back. */
export interface PanelHandle {
  /** Shown (again): focus the input. */
  shown(): void
  send(text: string): void
  setLocale(locale: string): void
  destroy(): void
}

export interface PanelModule {
  mountPanel(host: PanelHost): PanelHandle
}
