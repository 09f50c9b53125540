/**
 * The unfinished tail of a streaming answer, made presentable: markers the
 * model has opened but not yet closed would show as raw characters
 * ("**这是智学▌") until the closer arrives. The best chat products render
 * them as if closed, so this closes open `**`, `*`, `~~` and `` ` `` and
 * shows an unfinished `[text](…` link as its text (and leaves out an
 * unfinished image, whose partial URL would be fetched). Only the copy that
 * is rendered changes; the stream keeps the real text, and the final render
 * (done) uses it unchanged.
 *
 * It runs on the tail block only (O(tail) per delta, like rendering it).
 * Inside an open code fence nothing changes: a fence renders as code to its
 * end already. Closed code spans and inline math are skipped, so their
 * asterisks are never taken for emphasis.
 */

const FENCE = /^ {0,3}(`{3,}|~{3,})/

/** Where an open fence starts (the block is code from there), or -1 when every fence is closed. */
function openFenceAt(source: string): number {
  let open: { char: string; length: number; at: number } | null = null
  let at = 0
  for (const line of source.split('\n')) {
    const fence = FENCE.exec(line)
    if (fence) {
      const run = fence[1] ?? ''
      const char = run.charAt(0)
      if (!open) open = { char, length: run.length, at }
      else if (char === open.char && run.length >= open.length && line.trim() === run) open = null
    }
    at += line.length + 1
  }
  return open ? open.at : -1
}

const isSpace = (c: string | undefined) => c === undefined || /\s/u.test(c)
const isPunctuation = (c: string | undefined) => c !== undefined && /[\p{P}\p{S}]/u.test(c)

/** CommonMark's flanking rules, enough to tell an opener from a closer and from a list bullet. */
function canOpen(before: string | undefined, after: string | undefined): boolean {
  return !isSpace(after) && (!isPunctuation(after) || isSpace(before) || isPunctuation(before))
}
function canClose(before: string | undefined, after: string | undefined): boolean {
  return !isSpace(before) && (!isPunctuation(before) || isSpace(after) || isPunctuation(after))
}

interface Opener {
  marker: string
  /** Offset of the marker in the source. */
  at: number
}

/** A closed inline-math span at `i` (`$…$`, `$$…$$`, `\(…\)`) ends where? -1 if none. */
function mathEnd(source: string, i: number): number {
  if (source.startsWith('\\(', i)) {
    const end = source.indexOf('\\)', i + 2)
    return end < 0 ? -1 : end + 2
  }
  if (source[i] !== '$') return -1
  const fence = source.startsWith('$$', i) ? '$$' : '$'
  const end = source.indexOf(fence, i + fence.length)
  return end < 0 || source.slice(i, end).includes('\n\n') ? -1 : end + fence.length
}

function lastIndexOf(stack: readonly Opener[], marker: string): number {
  for (let i = stack.length - 1; i >= 0; i--) if (stack[i]?.marker === marker) return i
  return -1
}

export function closeOpenMarkers(source: string): string {
  const fenceAt = openFenceAt(source)
  // The open fence renders as code to its end; only the prose before it is checked.
  if (fenceAt >= 0) return fenceAt === 0 ? source : closeOpenMarkers(source.slice(0, fenceAt)) + source.slice(fenceAt)

  const stack: Opener[] = []
  let codeOpen: { run: string; at: number } | null = null
  let linkOpen: { at: number; image: boolean; urlAt: number } | null = null
  let bracketAt: { at: number; image: boolean } | null = null
  let lineStart = true
  let dangling = -1
  for (let i = 0; i < source.length;) {
    const c = source[i]
    if (c === '\n') {
      lineStart = true
      i++
      continue
    }
    // Fence lines (closed fences) and their content are code: skip to the closing line.
    if (lineStart && FENCE.test(source.slice(i, i + 8))) {
      const run = FENCE.exec(source.slice(i))?.[1] ?? ''
      const close = source.indexOf(`\n${run}`, i + run.length)
      const lineEnd = close < 0 ? source.length : source.indexOf('\n', close + 1)
      i = lineEnd < 0 ? source.length : lineEnd
      continue
    }
    lineStart = false
    if (c === '\\') {
      i += 2
      continue
    }
    if (c === '`') {
      let n = 1
      while (source[i + n] === '`') n++
      const run = '`'.repeat(n)
      const close = source.indexOf(run, i + n)
      if (close < 0) {
        codeOpen = { run, at: i }
        break // the rest is code still being written
      }
      i = close + n
      continue
    }
    const math = mathEnd(source, i)
    if (math > 0) {
      i = math
      continue
    }
    if (linkOpen) {
      // Inside an unfinished link's URL: nothing is markup until ")".
      if (c === ')') linkOpen = null
      i++
      continue
    }
    if (c === '[') {
      bracketAt = { at: source[i - 1] === '!' ? i - 1 : i, image: source[i - 1] === '!' }
      i++
      continue
    }
    if (c === ']' && bracketAt && source[i + 1] === '(') {
      linkOpen = { at: bracketAt.at, image: bracketAt.image, urlAt: i }
      bracketAt = null
      i += 2
      continue
    }
    if (c === '*' || c === '~') {
      let n = 1
      while (source[i + n] === c) n++
      const before = source[i - 1]
      const after = source[i + n]
      // "~" alone is not strikethrough here (约~5), and "***" is "**" and "*".
      const markers = c === '~' ? (n === 2 ? ['~~'] : []) : n >= 3 ? ['**', '*'] : [c.repeat(n)]
      let closed = false
      for (const marker of markers) {
        const top = lastIndexOf(stack, marker)
        if (top >= 0 && canClose(before, after)) {
          stack.splice(top)
          closed = true
        } else if (canOpen(before, after)) stack.push({ marker, at: i })
      }
      // A run that ends the text and closes nothing ("这是**") is an opener still waiting for its text.
      if (!closed && i + n === source.length && markers.length) dangling = i
      i += n
      continue
    }
    i++
  }

  let body = source
  let openers = stack
  if (codeOpen) {
    // An opener with nothing after it yet is left out; otherwise the span is closed.
    const code = source.slice(codeOpen.at + codeOpen.run.length)
    body = code.trim() === '' ? source.slice(0, codeOpen.at) : source + codeOpen.run
  } else if (linkOpen) {
    // "[text](https://partial": the text alone; an unfinished image: nothing yet.
    const at = linkOpen.at
    body = source.slice(0, at) + (linkOpen.image ? '' : source.slice(at + 1, linkOpen.urlAt))
    openers = stack.filter(o => o.at < at)
  }
  if (dangling >= 0) body = body.slice(0, dangling)
  if (openers.length === 0) return body
  // Closers go before trailing spaces (after a space they would close nothing).
  const trailing = /\s*$/u.exec(body)![0]
  body = body.slice(0, body.length - trailing.length)
  for (const opener of [...openers].reverse()) {
    // An opener with nothing after it yet is left out.
    if (opener.at + opener.marker.length >= body.length) body = body.slice(0, opener.at)
    else body += opener.marker
  }
  return body + trailing
}
