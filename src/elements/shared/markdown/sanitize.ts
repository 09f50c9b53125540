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
 *   without telling the image host which page they are on.
 */
import DOMPurify, { type Config } from 'dompurify'
import { escapeHtml } from './escape-html'

const CONFIG: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'textarea', 'select', 'option', 'optgroup', 'datalist', 'dialog', 'audio', 'video', 'source', 'track', 'picture', 'map', 'area'],
  FORBID_ATTR: ['style', 'id', 'name', 'tabindex', 'autofocus', 'form', 'formaction', 'action', 'srcset'],
  ALLOW_DATA_ATTR: false,
}

// An instance of our own: hooks added here do not affect other DOMPurify users in the bundle.
const purify = typeof window === 'undefined' ? null : DOMPurify(window)

purify?.addHook('afterSanitizeAttributes', (node) => {
  switch (node.nodeName) {
    case 'A':
      if (node.hasAttribute('href')) {
        node.setAttribute('target', '_blank')
        node.setAttribute('rel', 'noopener noreferrer')
      }
      break
    case 'IMG':
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

/** Safe HTML from untrusted HTML. Without a DOM to sanitize with, fails closed: the markup shows as text. */
export function sanitizeHtml(html: string): string {
  if (!purify?.isSupported) return escapeHtml(html)
  return purify.sanitize(html) as string
}
