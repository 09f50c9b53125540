/**
 * Fenced code: a bar with the language and a copy button above the code,
 * highlighted when highlight.js has that language (loaded lazily, see
 * lazy/highlight.ts). The button carries no handler: the HTML is injected,
 * so one delegated listener (copy-code.ts) serves every button, and it
 * copies the code element's text, which is the raw code.
 */
import type { MarkedExtension } from 'marked'
import { escapeHtml } from '../escape-html'
import { highlight, languageName } from '../lazy/highlight'
import type { MarkdownLabels } from '../labels-base'

export const COPY_BUTTON_CLASS = 'zx-md-copy'

export function codeExtension(labels: () => MarkdownLabels, markPending: () => void): MarkedExtension {
  return {
    renderer: {
      code({ text, lang }) {
        // The info string may carry more than the language (```js title="x").
        const label = (lang ?? '').trim().split(/\s/, 1)[0]?.slice(0, 40) ?? ''
        const name = languageName(label)
        const highlighted = highlight(text, name)
        if (highlighted.pending) markPending()
        const copy = escapeHtml(labels().copy)
        const language = label ? ` language-${escapeHtml(name || label.replace(/[^\w+#-]/g, ''))}` : ''
        return (
          `<div class="zx-md-code"><div class="zx-md-code-bar"><span class="zx-md-code-lang">${escapeHtml(label)}</span>` +
          `<button type="button" class="${COPY_BUTTON_CLASS}" aria-label="${copy}">${copy}</button></div>` +
          `<pre><code class="hljs${language}">${highlighted.html ?? escapeHtml(text)}</code></pre></div>\n`
        )
      },
    },
  }
}
