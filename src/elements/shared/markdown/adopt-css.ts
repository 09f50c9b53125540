/**
 * Puts a stylesheet into the shadow root (or document) a component renders
 * in, once per root. Constructed sheets are shared by every root and allowed
 * under a strict CSP; a <style> element is the fallback for old engines.
 */
const sheets = new Map<string, CSSStyleSheet>()
const adopted = new WeakMap<Node, Set<string>>()

function canConstruct(): boolean {
  return typeof CSSStyleSheet !== 'undefined' && 'replaceSync' in CSSStyleSheet.prototype
}

/** Adds `css` (named `id`) to `root` unless it is there already. */
export function adoptCss(root: Document | ShadowRoot, id: string, css: string): void {
  let ids = adopted.get(root)
  if (ids?.has(id)) return
  if (!ids) adopted.set(root, (ids = new Set()))
  ids.add(id)
  if ('adoptedStyleSheets' in root && canConstruct()) {
    let sheet = sheets.get(id)
    if (!sheet) {
      sheet = new CSSStyleSheet()
      sheet.replaceSync(css)
      sheets.set(id, sheet)
    }
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
    return
  }
  const style = document.createElement('style')
  style.textContent = css
  ;(root instanceof ShadowRoot ? root : root.head).append(style)
}

/** The shadow root (or document) holding `node`. */
export function styleRootOf(node: Node): Document | ShadowRoot {
  const root = node.getRootNode()
  return root instanceof ShadowRoot ? root : (node.ownerDocument ?? document)
}
