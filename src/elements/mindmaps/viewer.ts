/**
 * `<zx-mind-map-viewer share="TOKEN">`: a shared mind map, read only, for
 * anyone with the link (signed out is fine). A small lit element with no
 * React, built as its own bundle (/elements/mind-map-viewer.js, see
 * rollup.config.mjs): a signed-out visitor of a share link loads this and
 * markmap, nothing of the editor. Loading, failure with a retry, exports.
 */
import { css, html, LitElement, unsafeCSS, type PropertyValues } from 'lit'
import { MIND_MAP_WORDS } from '../../i18n/mindmaps/all'
import type { MindmapsCatalogue } from '../../i18n/mindmaps/catalogue'
import { $appSetting } from '../../stores/settings'
import { parseOutline, serializeOutline, type MapNode } from './outline-tree'
import { createMapView, downloadMap, MAP_CSS, type MapView } from './render'
import { labelled } from '../shared/format'

interface SharedMap {
  title: string
  outline: string
  author: string
  updatedAt: number
}

type State = { phase: 'loading' } | { phase: 'failed'; message: string; missing: boolean } | { phase: 'ready'; map: SharedMap; root: MapNode }

export class MindMapViewer extends LitElement {
  static override properties = { share: { type: String }, state: { state: true }, words: { state: true } }
  static override styles = css`
    :host {
      display: flex;
      flex-direction: column;
      height: 100%;
      min-height: 360px;
      font-family: inherit;
      color: #1f2329;
      background: #fff;
    }
    header {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 8px 12px;
      padding: 10px 16px;
      border-bottom: 1px solid #e5e6eb;
    }
    h1 {
      font-size: 18px;
      margin: 0;
      flex: 1 1 auto;
      min-width: 0;
      overflow-wrap: anywhere;
    }
    .meta {
      color: var(--zx-text-muted, #636b78);
      font-size: 13px;
    }
    .badge {
      font-size: 12px;
      padding: 1px 8px;
      border-radius: 10px;
      background: #f2f3f5;
      color: #4e5969;
    }
    .tools {
      display: flex;
      gap: 6px;
      flex-wrap: wrap;
    }
    button {
      font: inherit;
      font-size: 13px;
      padding: 5px 10px;
      border-radius: 6px;
      border: 1px solid #c9cdd4;
      background: #fff;
      cursor: pointer;
      min-height: 32px;
    }
    button:hover {
      border-color: var(--zx-primary, #32c5ff);
      color: var(--zx-primary-strong, #0a6f94);
    }
    button:focus-visible {
      outline: 2px solid var(--zx-focus, #1677ff);
      outline-offset: 2px;
    }
    .viewer {
      display: flex;
      flex-direction: column;
      flex: 1 1 auto;
    }
    .canvas {
      flex: 1 1 auto;
      position: relative;
      min-height: 300px;
    }
    svg {
      position: absolute;
      inset: 0;
    }
    .status {
      margin: auto;
      padding: 40px 16px;
      text-align: center;
      color: #4e5969;
    }
    .status p {
      margin: 0 0 12px;
    }
    @media (max-width: 639px) {
      header {
        padding: 8px 10px;
      }
      h1 {
        font-size: 16px;
        flex-basis: 100%;
      }
    }
    ${unsafeCSS(MAP_CSS)}
  `

  // Reactive properties are declared (not initialised as class fields, which would hide lit's accessors).
  declare share: string
  declare private state: State
  declare private words: MindmapsCatalogue
  private view: MapView | undefined
  private controller: AbortController | undefined
  private unlisten: (() => void) | undefined

  constructor() {
    super()
    this.share = ''
    this.state = { phase: 'loading' }
    this.words = MIND_MAP_WORDS['zh-CN']!
  }

  override connectedCallback(): void {
    super.connectedCallback()
    this.unlisten = $appSetting.subscribe(setting => {
      this.words = MIND_MAP_WORDS[setting.language] ?? MIND_MAP_WORDS['en-US']!
    })
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    this.unlisten?.()
    this.controller?.abort()
    this.view?.destroy()
    this.view = undefined
  }

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has('share')) void this.load()
  }

  private token(): string {
    return this.share || new URLSearchParams(location.search).get('share') || ''
  }

  async load(): Promise<void> {
    this.controller?.abort()
    const controller = (this.controller = new AbortController())
    this.view?.destroy()
    this.view = undefined
    this.state = { phase: 'loading' }
    try {
      const response = await fetch(`/new-chat/app/api/mindmaps/shared/${encodeURIComponent(this.token())}`, {
        signal: controller.signal,
        headers: { 'client-id': 'app', 'accept-language': $appSetting.get().language },
      })
      const body = (await response.json()) as { code: number; msg: string; data: SharedMap | null }
      if (body.code !== 200 || !body.data) {
        this.state = { phase: 'failed', message: body.msg, missing: response.status === 404 || response.status === 400 }
        return
      }
      this.state = { phase: 'ready', map: body.data, root: parseOutline(body.data.outline, body.data.title) }
    } catch (error) {
      if (controller.signal.aborted) return
      this.state = { phase: 'failed', message: (error as Error).message, missing: false }
    }
  }

  protected override updated(): void {
    const svg = this.renderRoot.querySelector('svg')
    if (this.state.phase === 'ready' && svg && !this.view)
      this.view = createMapView(svg, this.state.root, labelled(this.words.source, '', $appSetting.get().language))
  }

  private async export(kind: 'png' | 'svg' | 'md'): Promise<void> {
    if (this.state.phase !== 'ready') return
    const { map, root } = this.state
    if (kind !== 'md') await this.view?.settled()
    await downloadMap(kind, map.title, serializeOutline(root), this.renderRoot.querySelector('svg'), $appSetting.get().language)
  }

  override render() {
    const t = this.words
    const state = this.state
    if (state.phase === 'loading') return html`<div class="status" part="base" role="status" data-testid="mind-map-loading"><p>${t.loading}</p></div>`
    if (state.phase === 'failed')
      return html`<div class="status" part="base" role="alert" data-testid="mind-map-error">
        <p><strong>${t.loadFailed}</strong></p>
        ${state.message ? html`<p>${state.message}</p>` : null} ${state.missing ? null : html`<button @click=${() => void this.load()}>${t.retry}</button>`}
      </div>`
    const { map } = state
    const when = new Intl.DateTimeFormat($appSetting.get().language, { dateStyle: 'medium' }).format(new Date(map.updatedAt))
    return html`
      <div class="viewer" part="base">
        <header part="header">
          <h1 data-testid="mind-map-title">${map.title}</h1>
          <span class="badge">${t.readOnly}</span>
          <span class="meta">${map.author ? `${t.by} ${map.author} · ` : ''}${when}</span>
          <div class="tools" part="actions">
            <button @click=${() => void this.export('png')}>${t.exportPng}</button>
            <button @click=${() => void this.export('svg')}>${t.exportSvg}</button>
            <button @click=${() => void this.export('md')}>${t.exportMd}</button>
          </div>
        </header>
        <div class="canvas" part="body" data-testid="mind-map-canvas"><svg aria-label=${map.title}></svg></div>
      </div>
    `
  }
}
