/**
 * Incremental markdown rendering for streamed answers. The text is split into
 * blocks (split-blocks.ts); a block whose end has been seen is rendered once
 * and cached, and each update renders only the unfinished tail block, so a
 * delta costs O(delta + tail), never O(answer). One-shot rendering is the
 * same stream fed once, so streamed and one-shot output cannot drift apart.
 *
 * Reference-link definitions apply across blocks: each block is rendered
 * with the definitions of the finished blocks (the first of a label wins),
 * and when a block brings a new one, the blocks that use its label are
 * rendered again (link-refs.ts).
 */
import type { Links } from 'marked'
import { closeOpenMarkers } from './close-open-markers'
import { zhCNLabels, type MarkdownLabels } from './labels-base'
import { featureVersion, onFeatureChange } from './lazy/changes'
import { learnLinks, linksKey, referencedLabels } from './link-refs'
import { renderBlock, type RenderedBlock } from './render-block'
import { createBlockSplitter } from './split-blocks'
import { closeInSlot, SLOT_COMMENT } from './wrapper-slot'

export interface MarkdownBlock {
  /** Stable for the life of the stream: the block's index. */
  readonly key: number
  /** Sanitized HTML. The same string object while the block is unchanged. */
  readonly html: string
  /**
   * Set on a block that opens an HTML wrapper (`<details>`, `<div>`…) left
   * open across blank lines: the blocks inside it, which belong where
   * `html` holds the slot comment (wrapper-slot.ts; `blocksHtml` joins them).
   * The same array while none of them changed.
   */
  readonly children?: readonly MarkdownBlock[]
}

/** The HTML of blocks, each wrapper's blocks in its slot. */
export function blocksHtml(blocks: readonly MarkdownBlock[]): string {
  let out = ''
  for (const block of blocks) {
    const children = block.children
    out += children ? block.html.replace(SLOT_COMMENT, () => blocksHtml(children)) : block.html
  }
  return out
}

interface Frame {
  entry: Entry
  /** The wrapper elements still open around its slot. */
  open: string[]
  children: MarkdownBlock[]
}

const sameBlocks = (a: readonly MarkdownBlock[], b: readonly MarkdownBlock[]) => a.length === b.length && a.every((block, i) => block === b[i])

export interface MarkdownStreamOptions {
  /** Tip titles and the copy button's words, whole (default zh-CN); `labelsFor(locale)` gives them by language. */
  labels?: MarkdownLabels
}

export interface MarkdownStream {
  /**
   * Renders `text`, the whole answer so far. When it extends the previous
   * text only the unfinished tail is rendered again; any other text starts
   * over. `done`: the answer is complete (its last line is final).
   */
  update(text: string, done?: boolean): readonly MarkdownBlock[]
  /** The blocks of the last update. */
  readonly blocks: readonly MarkdownBlock[]
  /** Some block shows KaTeX output, so KaTeX's stylesheet is needed. */
  readonly hasMath: boolean
  /** Called when blocks were re-rendered because highlighting or KaTeX arrived. */
  subscribe(listener: () => void): () => void
}

interface Entry extends RenderedBlock {
  /** Offset of the block in the text, and its markdown. */
  start: number
  source: string
  /** What was rendered: the source, or while it is still being written, the source with its open markers closed. */
  shown: string
  /** The labels it may look up, and the definitions of those it was rendered with. */
  refs: string[]
  linkKey: string
  version: number
  block: MarkdownBlock
}

const HEAD = 64

export function createMarkdownStream(options: MarkdownStreamOptions = {}): MarkdownStream {
  const labels = options.labels ?? zhCNLabels
  const splitter = createBlockSplitter()
  const listeners = new Set<() => void>()
  let stopListening: (() => void) | null = null

  let text = ''
  let done = false
  /** Blocks whose end has been seen, rendered once. */
  const complete: Entry[] = []
  /** The open block(s) at the end: one while streaming, maybe two once done. */
  let tail: Entry[] = []
  let blocks: readonly MarkdownBlock[] = []
  let hasMath = false
  let seenVersion = featureVersion()
  /** Definitions of the finished blocks; `links` adds those of the last blocks once the text is done. */
  let settledLinks: Links = {}
  let links: Links = settledLinks

  /**
   * Renders block `key`, unless `previous` already shows the same with every feature it wanted.
   * `writing`: the block is the tail still being streamed, shown with its open markers closed
   * ("**这是智学" as bold, not asterisks); finished blocks and the final render show the source as it is.
   */
  function render(key: number, start: number, source: string, previous?: Entry, writing = false): Entry {
    const version = featureVersion()
    const shown = writing ? closeOpenMarkers(source) : source
    const refs = previous?.shown === shown ? previous.refs : referencedLabels(shown)
    const linkKey = linksKey(refs, links)
    const same = previous && previous.shown === shown && previous.linkKey === linkKey
    if (same && !(previous.pending && previous.version !== version)) return { ...previous, source, start }
    const rendered = renderBlock(shown, labels, links)
    if (rendered.math) hasMath = true
    const block = previous && previous.block.html === rendered.html ? previous.block : { key, html: rendered.html }
    return { ...rendered, start, source, shown, refs, linkKey, version, block }
  }

  function tailEntry(key: number): Entry | undefined {
    return tail.find(entry => entry.block.key === key)
  }

  /** Renders again the finished blocks that use a definition that changed. */
  function relink(): void {
    for (const [i, entry] of complete.entries()) {
      if (entry.refs.length > 0 && linksKey(entry.refs, links) !== entry.linkKey) complete[i] = render(i, entry.start, entry.source, entry)
    }
  }

  function reset(): void {
    splitter.reset()
    settledLinks = {}
    links = settledLinks
    complete.length = 0
    wrappers = new Map()
    tail = []
    text = ''
  }

  /**
   * Is `next` the previous text plus more? Checks the head and the open
   * tail, O(tail): comparing the settled middle would make every delta
   * O(answer). A different answer (regenerated, another alternative) differs
   * in one of them or is shorter.
   */
  function extendsText(next: string): boolean {
    if (next.length < text.length) return false
    if (!next.startsWith(text.slice(0, HEAD))) return false
    return tail.every(entry => next.startsWith(entry.source, entry.start))
  }

  /** Wrapper blocks of the last collect, by key: kept while their HTML and children stay the same. */
  let wrappers = new Map<number, MarkdownBlock>()

  /**
   * Blocks with something to show (leading blank lines render nothing), the
   * blocks inside an open wrapper as its children. A block's end tags close
   * wrappers after it (`答案\n</details>` is inside); a wrapper's own, before
   * it opens (`</div>\n<div>` is a second one after the first).
   */
  function collect(): readonly MarkdownBlock[] {
    const root: MarkdownBlock[] = []
    const frames: Frame[] = []
    const nextWrappers = new Map<number, MarkdownBlock>()
    const finish = () => {
      const { entry, children } = frames.pop()!
      const previous = wrappers.get(entry.block.key)
      const wrapper =
        previous && previous.html === entry.html && sameBlocks(previous.children ?? [], children)
          ? previous
          : { key: entry.block.key, html: entry.html, children }
      nextWrappers.set(wrapper.key, wrapper)
      ;(frames.at(-1)?.children ?? root).push(wrapper)
    }
    const close = (tags: readonly string[]) => {
      for (const tag of tags) {
        let at = frames.length - 1
        while (at >= 0 && !frames[at]!.open.includes(tag)) at--
        if (at < 0) continue
        while (frames.length - 1 > at) finish()
        const frame = frames[at]!
        closeInSlot(frame.open, tag)
        if (frame.open.length === 0) finish()
      }
    }
    const place = (entry: Entry) => {
      if (entry.open.length > 0) {
        close(entry.endTags)
        frames.push({ entry, open: [...entry.open], children: [] })
        return
      }
      if (entry.html) (frames.at(-1)?.children ?? root).push(entry.block)
      close(entry.endTags)
    }
    for (const entry of complete) place(entry)
    for (const entry of tail) place(entry)
    while (frames.length > 0) finish()
    wrappers = nextWrappers
    return root
  }

  /** Re-renders blocks rendered while a feature was loading, if any feature has changed since. */
  function refreshPending(): boolean {
    const version = featureVersion()
    if (version === seenVersion) return false
    seenVersion = version
    let changed = false
    for (const [i, entry] of complete.entries()) {
      if (!entry.pending) continue
      const next = render(i, entry.start, entry.source, entry)
      if (next.block !== entry.block) changed = true
      complete[i] = next
    }
    tail = tail.map(entry => {
      const next = render(entry.block.key, entry.start, entry.source, entry, !done)
      if (next.block !== entry.block) changed = true
      return next
    })
    return changed
  }

  function refreshAndNotify(): void {
    if (!refreshPending()) return
    blocks = collect()
    for (const notify of [...listeners]) notify()
  }

  const stream: MarkdownStream = {
    update(next, nextDone = false) {
      if (next === text && nextDone === done && featureVersion() === seenVersion) return blocks
      if (!extendsText(next)) reset()
      refreshPending()
      const starts = splitter.scan(next, false)
      const completeCount = starts.length - 1
      const shownLinks = links
      links = settledLinks
      let learned = false
      for (let i = complete.length; i < completeCount; i++) {
        // A tail entry is reused when the block's source did not change.
        const start = starts[i] ?? next.length
        const entry = render(i, start, next.slice(start, starts[i + 1]), tailEntry(i))
        complete.push(entry)
        if (learnLinks(settledLinks, entry.defs)) learned = true
      }
      const open = nextDone ? splitter.scan(next, true) : starts
      const renderTail = () => {
        const openTail: Entry[] = []
        for (let i = completeCount; i < open.length; i++) {
          const start = open[i] ?? next.length
          openTail.push(render(i, start, next.slice(start, open[i + 1] ?? next.length), tailEntry(i), !nextDone))
        }
        tail = openTail
      }
      renderTail()
      // A done text's last blocks are final: their definitions count too (kept apart, as more text may follow).
      if (nextDone) {
        const finalLinks = { ...settledLinks }
        if (tail.map(entry => learnLinks(finalLinks, entry.defs)).includes(true)) {
          links = finalLinks
          renderTail()
        }
      }
      if (learned || links !== shownLinks) relink()
      text = next
      done = nextDone
      blocks = collect()
      return blocks
    },
    get blocks() {
      return blocks
    },
    get hasMath() {
      return hasMath
    },
    subscribe(listener) {
      listeners.add(listener)
      stopListening ??= onFeatureChange(refreshAndNotify)
      // A feature may have arrived between the last update and subscribing.
      if (featureVersion() !== seenVersion) refreshAndNotify()
      return () => {
        listeners.delete(listener)
        if (listeners.size === 0) {
          stopListening?.()
          stopListening = null
        }
      }
    },
  }
  return stream
}

/** Markdown to sanitized HTML in one go: the same pipeline as streaming. */
export function renderMarkdown(text: string, options?: MarkdownStreamOptions): string {
  return blocksHtml(createMarkdownStream(options).update(text, true))
}
