import DOMPurify from 'dompurify'
import { marked } from 'marked'

/**
 * Markdown to HTML that is safe to insert: marked renders, DOMPurify removes
 * scripts, event handlers and javascript: URLs. Never insert marked's output
 * without this (DESIGN §2).
 */
export function renderSafeMarkdown(markdown: string): string {
  const html = marked.parse(markdown ?? '', { async: false, gfm: true, breaks: false }) as string
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } })
}
