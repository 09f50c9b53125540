/**
 * What each toolbar button does to the lesson's markdown, as pure functions
 * of (text, selection) → one change and the selection after it. They know
 * nothing of CodeMirror, so the editor library stays swappable and these
 * stay testable on plain strings. The saved format stays plain markdown
 * that `MarkdownView` renders (GFM, `$…$` math, `::: tip` containers).
 */

export interface Selection {
  from: number
  to: number
}

/** Replace `from..to` with `insert`, then select `select` (positions in the new text). */
export interface MarkdownEdit {
  from: number
  to: number
  insert: string
  select: Selection
}

/** Placeholder words typed in when nothing is selected (from the i18n catalogue). */
export interface EditWords {
  boldText: string
  italicText: string
  codeText: string
  linkText: string
  formula: string
  tipText: string
  column: string
  listItem: string
  headingText: string
}

/** How many `char` stand right before `at` (backwards) or from `at` on. */
function run(text: string, at: number, char: string, backwards: boolean): number {
  let n = 0
  while (backwards ? text[at - 1 - n] === char : text[at + n] === char) n++
  return n
}

/**
 * Whether runs of marker characters on both sides hold this marker: `*` is
 * italic in `*x*` and `***x***` but not in `**x**` (bold); `**` is bold in
 * `**x**` and `***x***`.
 */
function holds(marker: string, before: number, after: number): boolean {
  const both = Math.min(before, after)
  return marker.length === 1 ? both % 2 === 1 : both >= marker.length
}

/** `**x**` around the selection, or off again when it is already wrapped. */
export function toggleWrap(text: string, sel: Selection, marker: string, placeholder: string): MarkdownEdit {
  const m = marker.length
  const char = marker[0]!
  const selected = text.slice(sel.from, sel.to)
  if (holds(marker, run(text, sel.from, char, true), run(text, sel.to, char, false))) {
    return { from: sel.from - m, to: sel.to + m, insert: selected, select: { from: sel.from - m, to: sel.to - m } }
  }
  if (selected.length > 2 * m && holds(marker, run(selected, 0, char, false), run(selected, selected.length, char, true))) {
    const inner = selected.slice(m, -m)
    return { from: sel.from, to: sel.to, insert: inner, select: { from: sel.from, to: sel.from + inner.length } }
  }
  const inner = selected || placeholder
  return { from: sel.from, to: sel.to, insert: marker + inner + marker, select: { from: sel.from + m, to: sel.from + m + inner.length } }
}

/** The whole lines the selection touches. */
function lineSpan(text: string, sel: Selection): Selection {
  const from = text.lastIndexOf('\n', sel.from - 1) + 1
  const end = text.indexOf('\n', sel.to > sel.from && text[sel.to - 1] === '\n' ? sel.to - 1 : sel.to)
  return { from, to: end === -1 ? text.length : end }
}

const HEADING = /^#{1,6}\s+/
const BULLET = /^\s*[-*+]\s+/
const ORDERED = /^\s*\d+[.)]\s+/
const QUOTE = /^>\s?/

/**
 * Each selected line gets `prefix(i)` (a list, a quote, a heading), or loses it
 * when every line already has one of that kind.
 */
function toggleLinePrefix(text: string, sel: Selection, has: RegExp, prefix: (index: number) => string, strip: RegExp[], placeholder: string): MarkdownEdit {
  const span = lineSpan(text, sel)
  const lines = text.slice(span.from, span.to).split('\n')
  const allHave = lines.every(line => has.test(line))
  let next: string[]
  if (allHave) next = lines.map(line => line.replace(has, ''))
  else next = lines.map((line, i) => prefix(i) + strip.reduce((rest, pattern) => rest.replace(pattern, ''), line))
  const empty = !allHave && lines.length === 1 && lines[0]!.trim() === ''
  if (empty) next = [prefix(0) + placeholder]
  const insert = next.join('\n')
  const select = empty
    ? { from: span.from + prefix(0).length, to: span.from + insert.length }
    : lines.length === 1 && sel.from === sel.to
      ? { from: span.from + insert.length, to: span.from + insert.length }
      : { from: span.from, to: span.from + insert.length }
  return { from: span.from, to: span.to, insert, select }
}

export function toggleHeading(text: string, sel: Selection, level: 2 | 3, words: EditWords): MarkdownEdit {
  const marks = '#'.repeat(level) + ' '
  return toggleLinePrefix(text, sel, new RegExp(`^#{${level}}\\s+`), () => marks, [HEADING, QUOTE], words.headingText)
}

export const toggleBulletList = (text: string, sel: Selection, words: EditWords) =>
  toggleLinePrefix(text, sel, BULLET, () => '- ', [ORDERED, BULLET], words.listItem)

export const toggleOrderedList = (text: string, sel: Selection, words: EditWords) =>
  toggleLinePrefix(text, sel, ORDERED, i => `${i + 1}. `, [BULLET, ORDERED], words.listItem)

export const toggleQuote = (text: string, sel: Selection, words: EditWords) => toggleLinePrefix(text, sel, QUOTE, () => '> ', [], words.listItem)

/**
 * A block on lines of its own: a blank line before and after it (markdown
 * needs them for tables, fences and containers), `body` selected inside.
 */
function insertBlock(text: string, sel: Selection, open: string, body: string, close: string): MarkdownEdit {
  const before = text.slice(0, sel.from)
  const after = text.slice(sel.to)
  const lead = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n'
  const trail = after === '' ? '\n' : after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n'
  const insert = lead + open + body + close + trail
  const start = sel.from + lead.length + open.length
  return { from: sel.from, to: sel.to, insert, select: { from: start, to: start + body.length } }
}

/** Inline code for a selection inside one line, a fenced block otherwise. */
export function toggleCode(text: string, sel: Selection, words: EditWords): MarkdownEdit {
  const selected = text.slice(sel.from, sel.to)
  if (selected && !selected.includes('\n')) return toggleWrap(text, sel, '`', words.codeText)
  return insertBlock(text, sel, '```\n', selected.replace(/\n$/, '') || words.codeText, '\n```')
}

/** `[text](https://)` with the address selected, ready to be typed over. */
export function insertLink(text: string, sel: Selection, words: EditWords): MarkdownEdit {
  const label = text.slice(sel.from, sel.to).replace(/\n/g, ' ') || words.linkText
  const url = 'https://'
  const insert = `[${label}](${url})`
  const start = sel.from + label.length + 3
  return { from: sel.from, to: sel.to, insert, select: { from: start, to: start + url.length } }
}

/** A three-column table with a header row and two empty rows; the first header cell selected. */
export function insertTable(text: string, sel: Selection, words: EditWords): MarkdownEdit {
  const headers = [1, 2, 3].map(n => `${words.column} ${n}`)
  const first = headers[0]!
  const rest = `${headers
    .slice(1)
    .map(h => ` | ${h}`)
    .join('')} |\n| --- | --- | --- |\n|  |  |  |\n|  |  |  |`
  return insertBlock(text, sel, '| ', first, rest)
}

/** Inline math `$…$` around the selection; a `$$` block when the selection spans lines. */
export function insertMath(text: string, sel: Selection, words: EditWords): MarkdownEdit {
  const selected = text.slice(sel.from, sel.to)
  if (selected.includes('\n')) return insertBlock(text, sel, '$$\n', selected.replace(/\n$/, ''), '\n$$')
  return toggleWrap(text, sel, '$', words.formula)
}

/** A tip block (`::: tip`, rendered as 提示 / Tip by the reader's locale) around the selection. */
export function insertTip(text: string, sel: Selection, words: EditWords): MarkdownEdit {
  return insertBlock(text, sel, '::: tip\n', text.slice(sel.from, sel.to).replace(/\n$/, '') || words.tipText, '\n:::')
}

/** Markdown for an uploaded image; brackets in the name would end the alt text early. */
export function imageMarkdown(name: string, url: string): string {
  return `![${name.replace(/[[\]\n]/g, '')}](${url})`
}
