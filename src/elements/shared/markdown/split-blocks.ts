/**
 * Splits markdown into blocks that render the same apart as together, one
 * complete line at a time, so a streamed answer is scanned once in total
 * (O(delta) per update) instead of once per delta.
 *
 * A block ends at a blank line, except where a blank line does not end the
 * construct around it: fenced code (``` / ~~~), math ($$ … $$, \[ … \]),
 * `:::` containers, HTML blocks that run to an end tag (<pre>, comments),
 * a raw <table>, <ul>, <ol> or <dl> left open across blank lines (each block
 * is sanitized on its own, which would close it early; wrappers of flow
 * content such as <details> or <div> are split like the rest and nested again
 * by wrapper-slot.ts), and lists, whose items may be separated by blank lines (splitting there
 * would turn one loose list into many one-item lists). Not splitting is
 * always correct, only slower, so every doubt resolves to "same block".
 *
 * Pure: no DOM, no marked. The same splitter serves one-shot and streamed
 * rendering, which is why both give the same blocks.
 */

/**
 * A list longer than this (in characters) may be split before a top-level
 * item, so a long list streams in chunks instead of being re-rendered whole
 * on every delta. Ordered chunks keep their numbering (`<ol start>`).
 */
export const MAX_LIST_BLOCK = 2000

interface ScanState {
  /** Closing fence of the open code block: its character and minimum length. */
  fenceChar: string
  fenceLength: number
  /** What closes the open math block: '$$' or '\\]'; '' when none is open. */
  mathClose: string
  /** Ends the open HTML block (<pre>, <!-- … -->); null when none is open. */
  htmlEnd: RegExp | null
  /** Open `:::` containers. */
  containers: number
  /** A raw HTML element open across lines (lower-case tag name), and how deeply it nests; '' when none. */
  openTag: string
  openTagDepth: number
  /** The previous line was blank (outside any of the above). */
  afterBlank: boolean
  /** The last top-level line belonged to a list. */
  inList: boolean
  /** Start offset of the open block. */
  blockStart: number
  /** A block start decided before its line was complete (see earlyBoundary). */
  decidedAt: number
}

const LIST_ITEM = /^(?:[*+-]|\d{1,9}[.)])(?:[ \t]|$)/
const THEMATIC_BREAK = /^([-*_])(?:[ \t]*\1){2,}[ \t]*$/
/** Lines that start a block of their own and so end a list without a blank line. */
const BLOCK_START = /^(?:#{1,6}(?:[ \t]|$)|>|`{3}|~{3}|\$\$|\\\[|:{3}|<)/
const FENCE_OPEN = /^(`{3,}|~{3,})(.*)$/
const CONTAINER = /^(:{3,})[ \t]*(\S*)/
/** Elements left open across blank lines whose content must be sanitized together: only rows, items or terms may sit in them. */
const WRAPPER_OPEN = /^<(table|ul|ol|dl)(?=[\s>]|$)/i
const HTML_OPEN: [RegExp, RegExp][] = [
  [/^<!--/, /-->/],
  // Only <pre>: <script>, <style> and <textarea> are text in answers (raw-html.ts), not HTML blocks.
  [/^<pre(?:[\s>]|$)/i, /<\/pre>/i],
]

function count(text: string, part: string): number {
  let n = 0
  for (let at = text.indexOf(part); at !== -1; at = text.indexOf(part, at + part.length)) n++
  return n
}

/** How much `text` opens (+) or closes (-) `<tag>` elements. */
function tagBalance(text: string, tag: string): number {
  const lower = text.toLowerCase()
  return count(lower, `<${tag}`) - count(lower, `</${tag}`)
}

function indentOf(line: string): number {
  let width = 0
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]
    if (ch === ' ') width++
    else if (ch === '\t') width += 4 - (width % 4)
    else break
  }
  return width
}

/**
 * Scans one complete line starting at `start`; returns `start` when a new
 * block begins there, else -1. Mutates `state`.
 */
function scanLine(state: ScanState, line: string, start: number): number {
  const text = line.trim()
  if (state.fenceChar) {
    const close = FENCE_OPEN.exec(text)
    const [, run = '', info = ''] = close ?? []
    if (close && run[0] === state.fenceChar && run.length >= state.fenceLength && info.trim() === '') {
      state.fenceChar = ''
    }
    return -1
  }
  if (state.mathClose) {
    if (text.includes(state.mathClose)) state.mathClose = ''
    return -1
  }
  if (state.htmlEnd) {
    if (state.htmlEnd.test(text)) state.htmlEnd = null
    return -1
  }
  if (text === '') {
    if (state.containers === 0 && !state.openTag) state.afterBlank = true
    return -1
  }
  if (state.openTag) {
    state.openTagDepth += tagBalance(text, state.openTag)
    if (state.openTagDepth <= 0) state.openTag = ''
  }

  const indent = indentOf(line)
  const listItem = indent < 4 && !THEMATIC_BREAK.test(text) && LIST_ITEM.test(text)
  let boundary = -1
  if (state.afterBlank && indent === 0 && start !== state.decidedAt) {
    const continuesList = listItem && state.inList && start - state.blockStart <= MAX_LIST_BLOCK
    if (!continuesList && start > state.blockStart) {
      boundary = start
      state.blockStart = start
    }
  }
  // An indented line continues whatever list it is in; a lazy paragraph line
  // (no blank line before, no block syntax) continues it too.
  if (indent === 0) {
    if (listItem) state.inList = true
    else if (state.afterBlank || BLOCK_START.test(text) || THEMATIC_BREAK.test(text)) state.inList = false
  }
  state.afterBlank = false

  const fence = FENCE_OPEN.exec(text)
  const [, run = '', info = ''] = fence ?? []
  if (fence && !(run[0] === '`' && info.includes('`'))) {
    state.fenceChar = run.charAt(0)
    state.fenceLength = run.length
  } else if (text.startsWith('$$')) {
    if (!text.slice(2).includes('$$')) state.mathClose = '$$'
  } else if (text.startsWith('\\[')) {
    if (!text.includes('\\]')) state.mathClose = '\\]'
  } else if (indent < 4 && text.startsWith(':::')) {
    const container = CONTAINER.exec(text)!
    if (container[2]) state.containers++
    else if (state.containers > 0) state.containers--
  } else if (indent < 4 && text.startsWith('<')) {
    for (const [open, end] of HTML_OPEN) {
      if (open.test(text) && !end.test(text)) state.htmlEnd = end
    }
    const wrapper = state.openTag ? null : WRAPPER_OPEN.exec(text)
    if (wrapper) {
      const tag = (wrapper[1] ?? '').toLowerCase()
      const depth = tagBalance(text, tag)
      if (depth > 0) {
        state.openTag = tag
        state.openTagDepth = depth
      }
    }
  }
  return boundary
}

/** Could a line beginning with `head` be a list item? False only when certain. */
function couldBeListItem(head: string): boolean {
  if (/^[*+-]/.test(head)) return head.length < 2 || /^.[ \t]/.test(head)
  const digits = /^\d+/.exec(head)?.[0]
  if (!digits) return false
  if (digits.length > 9) return false
  const rest = head.slice(digits.length)
  if (rest === '') return true
  return (rest[0] === '.' || rest[0] === ')') && (rest.length < 2 || /^.[ \t]/.test(rest))
}

/**
 * Decides from the first characters of an unfinished line whether it starts
 * a block, when that is already certain (the same answer scanLine gives once
 * the line is complete). Without this, a long one-line paragraph streaming
 * after a code block or table would keep that block in the re-rendered tail
 * until the paragraph's line ends.
 */
function earlyBoundary(state: ScanState, head: string, start: number): boolean {
  if (!state.afterBlank || start === state.decidedAt || start <= state.blockStart) return false
  if (head === '' || /^\s/.test(head)) return false
  if (state.inList && start - state.blockStart <= MAX_LIST_BLOCK && couldBeListItem(head)) return false
  state.decidedAt = start
  state.blockStart = start
  return true
}

export interface BlockSplitter {
  /**
   * Scans the lines of `text` not scanned yet and returns the start offsets
   * of its blocks (the first is 0; the last block runs to the end of text).
   * `text` must extend the text of the previous call. An unterminated last
   * line is scanned only when `final` (the text is complete), and then
   * without committing, so streaming may continue after a final call.
   */
  scan(text: string, final: boolean): readonly number[]
  reset(): void
}

function initialState(): ScanState {
  return {
    fenceChar: '',
    fenceLength: 0,
    mathClose: '',
    htmlEnd: null,
    containers: 0,
    openTag: '',
    openTagDepth: 0,
    afterBlank: false,
    inList: false,
    blockStart: 0,
    decidedAt: -1,
  }
}

export function createBlockSplitter(): BlockSplitter {
  let state = initialState()
  let starts: number[] = [0]
  /** Offset of the first line not scanned yet. */
  let lineStart = 0

  return {
    scan(text, final) {
      let newline = text.indexOf('\n', lineStart)
      while (newline !== -1) {
        const boundary = scanLine(state, text.slice(lineStart, newline), lineStart)
        if (boundary >= 0) starts.push(boundary)
        lineStart = newline + 1
        newline = text.indexOf('\n', lineStart)
      }
      if (lineStart < text.length && earlyBoundary(state, text.slice(lineStart, lineStart + 12), lineStart)) starts.push(lineStart)
      if (!final || lineStart >= text.length) return starts
      const boundary = scanLine({ ...state }, text.slice(lineStart), lineStart)
      return boundary >= 0 ? [...starts, boundary] : starts
    },
    reset() {
      state = initialState()
      starts = [0]
      lineStart = 0
    },
  }
}

/** The blocks of a complete text, as source strings. */
export function splitBlocks(text: string): string[] {
  const starts = createBlockSplitter().scan(text, true)
  return starts.map((start, i) => text.slice(start, starts[i + 1] ?? text.length))
}
