/**
 * Math, loaded on first use: KaTeX (77 KB gzip) and its stylesheet (3 KB)
 * arrive together the first time an answer contains math; until then the
 * TeX shows as code.
 *
 * Fonts: Chromium ignores @font-face inside shadow roots, so KaTeX's fonts
 * are declared in the document (an adopted stylesheet: no <style> element,
 * allowed under a strict CSP, and it only names KaTeX_* families, so it
 * styles nothing on the page). They load from `setKatexFontBase(url)`; with
 * no base set (the default) nothing is declared and math falls back to the
 * system's math/serif fonts: readable, a little less pretty.
 */
import type { KatexOptions } from 'katex'
import { featureChanged } from './changes'
import { katexFontBase } from './katex-font-base'

type Katex = { renderToString(tex: string, options?: KatexOptions): string }

let katex: Katex | null = null
let css: string | null = null
let fontFaces: string | null = null
let status: 'idle' | 'loading' | 'ready' | 'failed' = 'idle'
let loadPromise: Promise<void> | null = null

const OPTIONS: KatexOptions = {
  throwOnError: false,
  // trust:false refuses \href, \url, \includegraphics and \html*: the output
  // cannot carry links or attributes of the answer's choosing, which is what
  // lets us insert it after sanitizing (see render-block.ts).
  trust: false,
  strict: 'ignore',
  // A \rule or \kern of a thousand em could cover the page around the answer.
  maxSize: 20,
  maxExpand: 1000,
}

/** Rendering is the slow part of KaTeX, and a streamed tail re-renders the same formulas on every delta. */
const cache = new Map<string, string>()
const CACHE_LIMIT = 500

function load(): Promise<void> {
  status = 'loading'
  loadPromise = Promise.all([import('katex'), import('./katex-css.generated')])
    .then(([module, styles]) => {
      katex = module.default
      css = styles.katexRulesCss
      fontFaces = styles.katexFontFacesCss
      status = 'ready'
    })
    .catch((error: unknown) => {
      status = 'failed'
      console.warn('markdown: could not load KaTeX; math stays as TeX', error)
    })
    .finally(featureChanged)
  return loadPromise
}

export interface RenderedTex {
  /** KaTeX's HTML, or null: show the TeX as code. */
  html: string | null
  /** KaTeX is on its way; render again when it arrives. */
  pending: boolean
}

export function renderTex(tex: string, display: boolean): RenderedTex {
  if (!katex) {
    if (status === 'idle') load()
    return { html: null, pending: status === 'loading' }
  }
  const key = (display ? 'D' : 'I') + tex
  let html = cache.get(key)
  if (html === undefined) {
    html = katex.renderToString(tex, { ...OPTIONS, displayMode: display })
    if (cache.size >= CACHE_LIMIT) cache.clear()
    cache.set(key, html)
  }
  return { html, pending: false }
}

/** KaTeX's CSS (without fonts) once loaded, for the shadow roots showing math; null before. */
export function katexCss(): string | null {
  return css
}

/** Loads KaTeX and its CSS now (e.g. when the page is idle) and resolves with the CSS, or null if loading failed. */
export async function loadKatex(): Promise<string | null> {
  await (loadPromise ?? load())
  return css
}

export function katexStatus(): { requested: boolean; ready: boolean } {
  return { requested: status !== 'idle', ready: status === 'ready' }
}

/** Resolves once a requested KaTeX load has finished (or at once if none). */
export async function katexSettled(): Promise<void> {
  await loadPromise
}

export { setKatexFontBase } from './katex-font-base'

const fontsInstalled = new WeakSet<Document>()

/** Declares KaTeX's fonts in `doc` once, if a font base is set. */
export function installKatexFonts(doc: Document): void {
  const fontBase = katexFontBase()
  if (!fontBase || !fontFaces || fontsInstalled.has(doc) || !('adoptedStyleSheets' in doc)) return
  const view = doc.defaultView
  if (!view) return
  const sheet = new view.CSSStyleSheet()
  // The base sits inside url("…"): keep it from closing the string.
  sheet.replaceSync(fontFaces.replaceAll('__FONT_BASE__', fontBase.replace(/["\\\n]/g, encodeURIComponent)))
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet]
  fontsInstalled.add(doc)
}
