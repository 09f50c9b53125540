// Apart from katex.ts so a page can set the font base without loading the
// markdown renderer: the host app sets it at start, and /login shows no math.
let fontBase: string | null = null

/**
 * Where KaTeX's woff2 fonts are served (a URL ending in '/', e.g. the build
 * copies node_modules/katex/dist/fonts/ to /new-chat/katex/fonts/). null keeps
 * the system fonts.
 */
export function setKatexFontBase(url: string | null): void {
  fontBase = url && !url.endsWith('/') ? `${url}/` : url
}

export function katexFontBase(): string | null {
  return fontBase
}
