/**
 * Reference-style links across blocks: which labels a block may look up
 * (`[text][label]`, `[label][]`, `[label]`), and a key that changes exactly
 * when the definitions of those labels do, so a block is rendered again
 * only when a definition it uses appears (usually `[1]: https://…` at the
 * end of an answer). Labels are normalised as marked does.
 */
import type { Links } from 'marked'

const BRACKETED = /\[((?:\\[\s\S]|[^[\]\\])+)\]/g

const normalise = (label: string) => label.replace(/\s+/g, ' ').toLowerCase()

/** Every label `markdown` could look up as a reference link. */
export function referencedLabels(markdown: string): string[] {
  if (!markdown.includes('[')) return []
  const labels = new Set<string>()
  for (const match of markdown.matchAll(BRACKETED)) labels.add(normalise(match[1] ?? ''))
  return [...labels]
}

/** The definitions of `labels` in `links`, as a string to compare. */
export function linksKey(labels: readonly string[], links: Links): string {
  let key = ''
  for (const label of labels) {
    const link = links[label]
    if (link) key += `${label}\u0000${link.href}\u0000${link.title ?? ''}\u0001`
  }
  return key
}

/** Adds the definitions of `defs` that `links` lacks (the first definition of a label wins); true when any was new. */
export function learnLinks(links: Links, defs: Links): boolean {
  let learned = false
  for (const [label, link] of Object.entries(defs)) {
    if (label in links) continue
    links[label] = link
    learned = true
  }
  return learned
}
