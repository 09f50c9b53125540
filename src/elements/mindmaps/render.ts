/**
 * Draws a map tree with markmap-view. Markmap puts each node's `content`
 * into the page as raw HTML, so every node's HTML passes DOMPurify here
 * (inline tags only, links with safe URLs) — whatever a model, a person or
 * an old saved map wrote. Also the exports: SVG (markmap's own style is
 * inside the svg), PNG (the SVG drawn on a canvas) and Markdown.
 */
import DOMPurify from 'dompurify'
import type { IPureNode } from 'markmap-common'
import { Markmap } from 'markmap-view'
import { labelledMarkdown, labelledPng, labelledSvg } from '../shared/ai-label'
import { inlineHtml, type MapNode } from './outline-tree'

const NODE_HTML = {
  ALLOWED_TAGS: ['a', 'strong', 'b', 'em', 'i', 'code', 'del', 's', 'sub', 'sup', 'span', 'br'],
  ALLOWED_ATTR: ['href', 'title', 'target', 'rel', 'class'],
  ALLOW_DATA_ATTR: false,
}

export function sanitizeNodeHtml(html: string): string {
  return DOMPurify.sanitize(html, NODE_HTML) as string
}

/** Sanitized HTML by node text: an edit redraws the whole tree, but only a changed node is sanitized again. */
const htmlCache = new Map<string, string>()

/** A node's HTML: its text, and a small link to its source passage (its title: `sourcePrefix` and the passage, e.g. "Source: …"). */
export function nodeHtml(node: MapNode, sourcePrefix: string): string {
  const key = `${sourcePrefix}\u0000${node.text}\u0000${node.source?.href ?? ''}\u0000${node.source?.excerpt ?? ''}`
  let html = htmlCache.get(key)
  if (html === undefined) {
    if (htmlCache.size > 20_000) htmlCache.clear()
    html = freshNodeHtml(node, sourcePrefix)
    htmlCache.set(key, html)
  }
  return html
}

function freshNodeHtml(node: MapNode, sourcePrefix: string): string {
  const source = node.source
    ? ` <a class="zx-mm-source" href="${node.source.href}" title="${(sourcePrefix + node.source.excerpt).replace(/"/g, '&quot;').replace(/</g, '&lt;')}" target="_blank" rel="noopener noreferrer">§</a>`
    : ''
  return sanitizeNodeHtml(inlineHtml(node.text) + source)
}

export function toMarkmapData(node: MapNode, sourcePrefix: string, selectedId?: string): IPureNode {
  const html = nodeHtml(node, sourcePrefix)
  return {
    content: node.id === selectedId ? `<span class="zx-mm-selected">${html}</span>` : html,
    payload: { id: node.id, ...(node.collapsed ? { fold: 1 } : {}) },
    children: node.children.map(child => toMarkmapData(child, sourcePrefix, selectedId)),
  }
}

export const MAP_CSS = `
.zx-mm-svg { width: 100%; height: 100%; display: block; }
.zx-mm-svg a.zx-mm-source { color: var(--zx-primary-strong, #0A6F94); text-decoration: none; font-size: 0.85em; margin-left: 2px; }
.zx-mm-selected { outline: 2px solid var(--zx-primary, #32C5FF); outline-offset: 2px; border-radius: 3px; background: rgba(50, 197, 255, 0.12); }
`

export interface MapView {
  markmap: Markmap
  /** Redraws with a new tree (keeps the zoom unless `fit`). */
  update(root: MapNode, options?: { fit?: boolean; selectedId?: string }): Promise<void>
  /**
   * Resolves once the latest drawing has finished moving. Markmap lays the
   * nodes out in an animation frame and then animates them from their parent's
   * place, so a picture taken before this shows them piled up at one point
   * (a slow classroom computer, a tab in the background).
   */
  settled(): Promise<void>
  destroy(): void
}

export function createMapView(svg: SVGSVGElement, root: MapNode, sourcePrefix: string, options: { duration?: number } = {}): MapView {
  svg.classList.add('zx-mm-svg')
  const duration = options.duration ?? 250
  const markmap = new Markmap(svg, { duration, autoFit: false, maxWidth: 320 })
  // The latest drawing: its layout, then its animation of `duration` ms.
  let drawn = markmap.setData(toMarkmapData(root, sourcePrefix)).then(() => markmap.fit())
  return {
    markmap,
    update(next, { fit = false, selectedId } = {}) {
      drawn = markmap.setData(toMarkmapData(next, sourcePrefix, selectedId)).then(() => (fit ? markmap.fit() : undefined))
      return drawn
    },
    async settled() {
      const settling = (async () => {
        let seen: Promise<void>
        do {
          seen = drawn
          await seen.catch(() => undefined)
          await afterAnimation(duration)
        } while (seen !== drawn) // redrawn meanwhile: wait for that one too
      })()
      // Bounded: a drawing that never ends (a transition cut short, frames stopped) must not hold an export forever.
      await Promise.race([settling, new Promise(resolve => setTimeout(resolve, SETTLE_LIMIT_MS))])
    },
    destroy: () => markmap.destroy(),
  }
}

const SETTLE_LIMIT_MS = 3000

/** Waits out an animation of `ms` and the frame that paints its last step. */
async function afterAnimation(ms: number): Promise<void> {
  await new Promise(resolve => setTimeout(resolve, ms))
  await new Promise(resolve => requestAnimationFrame(() => requestAnimationFrame(resolve)))
}

/** The node id of a click inside the map (markmap keeps our payload on each node's data). */
export function nodeIdAt(event: Event): string | undefined {
  const target = event.composedPath().find(el => el instanceof SVGGElement && el.classList.contains('markmap-node')) as
    (SVGGElement & { __data__?: { payload?: { id?: string } } }) | undefined
  return target?.__data__?.payload?.id
}

/** The map as a standalone SVG file (its style inside), sized to its content. */
export function exportSvg(svg: SVGSVGElement): string {
  const copy = svg.cloneNode(true) as SVGSVGElement
  const box = (svg.querySelector('g') as SVGGElement | null)?.getBBox() ?? { x: 0, y: 0, width: 800, height: 600 }
  const pad = 20
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg')
  copy.setAttribute('width', String(Math.ceil(box.width + pad * 2)))
  copy.setAttribute('height', String(Math.ceil(box.height + pad * 2)))
  copy.setAttribute('viewBox', `${box.x - pad} ${box.y - pad} ${box.width + pad * 2} ${box.height + pad * 2}`)
  copy.querySelector(':scope > g')?.removeAttribute('transform')
  copy.style.background = '#fff'
  return new XMLSerializer().serializeToString(copy)
}

/** The SVG drawn on a canvas at twice its size, as a PNG blob. */
export async function exportPng(svgText: string): Promise<Blob> {
  const image = new Image()
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svgText)}`
  await image.decode()
  const canvas = document.createElement('canvas')
  canvas.width = image.width * 2
  canvas.height = image.height * 2
  const context = canvas.getContext('2d')!
  context.fillStyle = '#fff'
  context.fillRect(0, 0, canvas.width, canvas.height)
  context.drawImage(image, 0, 0, canvas.width, canvas.height)
  return new Promise((resolve, reject) => canvas.toBlob(blob => (blob ? resolve(blob) : reject(new Error('PNG export failed'))), 'image/png'))
}

/** Downloads the map as Markdown, SVG or PNG, each with the AI-content label, seen and in its metadata. */
export async function downloadMap(
  kind: 'png' | 'svg' | 'md',
  title: string,
  markdown: string,
  svg: SVGSVGElement | null | undefined,
  locale: string,
): Promise<void> {
  if (kind === 'md') return download(fileName(title, 'md'), labelledMarkdown(markdown, locale), 'text/markdown')
  if (!svg) return
  if (kind === 'svg') return download(fileName(title, 'svg'), labelledSvg(exportSvg(svg), locale), 'image/svg+xml')
  download(fileName(title, 'png'), await mapPng(svg, locale), 'image/png')
}

/** The map as a PNG with the AI-content label, seen and in its metadata. */
export async function mapPng(svg: SVGSVGElement, locale: string): Promise<Blob> {
  return labelledPng(await exportPng(labelledSvg(exportSvg(svg), locale)))
}

export function download(name: string, content: Blob | string, mime: string): void {
  const blob = typeof content === 'string' ? new Blob([content], { type: mime }) : content
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.appendChild(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** A file name from a map title (no path characters). */
export function fileName(title: string, extension: string): string {
  return `${
    title
      .replace(/[\\/:*?"<>|]+/g, ' ')
      .trim()
      .slice(0, 60) || 'mindmap'
  }.${extension}`
}
