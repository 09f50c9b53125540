/**
 * Markdown inside an HTML wrapper left open across blank lines
 * (`<details><summary>…</summary>` … `</details>`, `<div align="center">`
 * …): CommonMark ends the HTML block at the blank line and parses what
 * follows as markdown, so the blocks inside render on their own like any
 * other; only the DOM nests them in the wrapper. The block that opens the
 * wrapper is rendered with a marker at its end; where the marker lands after
 * sanitizing is the wrapper's slot, and the blocks that follow go there until
 * an end tag closes it. A streamed delta inside a wrapper thus renders only
 * the block it lands in, as outside (markdown-stream.ts nests the blocks).
 *
 * The marker and the slot comment carry a per-page random nonce, so an
 * answer cannot forge either (the sanitizer drops comments).
 */

/**
 * Elements whose slot takes further blocks: those an answer wraps markdown in.
 * Not <table>, <ul>, <ol> or <dl>: only rows, items or terms may sit in them
 * (split-blocks.ts keeps them whole).
 */
const WRAPPERS = new Set(['details', 'div', 'section', 'aside', 'article', 'figure', 'center', 'blockquote'])

const NONCE = Array.from(crypto.getRandomValues(new Uint32Array(2)), n => n.toString(36)).join('')

/** Appended to a block's HTML before sanitizing (private-use characters: text, never markup). */
export const SLOT_MARK = `\uE002${NONCE}\uE003`

/** Where the blocks inside a wrapper go, in the HTML of the block that opened it. */
export const SLOT_COMMENT = `<!--zx-md-slot-${NONCE}-->`

const END_TAGS = /^(?:<\/([a-z][a-z0-9-]*)>)+$/
const END_TAG = /<\/([a-z][a-z0-9-]*)>/g

export interface Slotted {
  /** The block's HTML, with SLOT_COMMENT where its slot is. */
  html: string
  /** The elements open around the slot, innermost first; empty when the block opens no wrapper. */
  open: string[]
}

/** Finds the marker in sanitized HTML: a slot when it sits inside a wrapper with nothing but end tags after it. */
export function placeSlot(sanitized: string): Slotted {
  const at = sanitized.lastIndexOf(SLOT_MARK)
  if (at === -1) return { html: sanitized, open: [] }
  const before = sanitized.slice(0, at)
  const after = sanitized.slice(at + SLOT_MARK.length)
  const open = END_TAGS.test(after) ? Array.from(after.matchAll(END_TAG), match => match[1] ?? '') : []
  if (open.length === 0 || !WRAPPERS.has(open[0] ?? '')) return { html: before + after, open: [] }
  return { html: before + SLOT_COMMENT + after, open }
}

const TAG = /<(\/?)([A-Za-z][A-Za-z0-9-]*)(?=[\s/>])[^>]*?(\/?)>/g

/** The end tags in raw HTML that close elements opened before it (not opened in it), in order. */
export function unmatchedEndTags(rawHtml: readonly string[]): string[] {
  const opened: string[] = []
  const unmatched: string[] = []
  for (const html of rawHtml) {
    for (const [, slash, name = '', selfClosing] of html.matchAll(TAG)) {
      const tag = name.toLowerCase()
      if (!WRAPPERS.has(tag) || selfClosing) continue
      if (!slash) opened.push(tag)
      else if (opened.includes(tag)) opened.length = opened.lastIndexOf(tag)
      else unmatched.push(tag)
    }
  }
  return unmatched
}

/** The element the slot comment sits in, inside rendered blocks. */
export function findSlot(root: Element): Element | null {
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_COMMENT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (`<!--${node.nodeValue}-->` === SLOT_COMMENT) return node.parentElement
  }
  return null
}

/** Applies an end tag to the elements open around a slot (innermost first); the slot is closed once none is left. */
export function closeInSlot(open: string[], tag: string): void {
  const at = open.indexOf(tag)
  if (at !== -1) open.splice(0, at + 1)
}
