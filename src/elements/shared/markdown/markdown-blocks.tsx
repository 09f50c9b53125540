/**
 * <MarkdownBlocks text streaming labels />: an answer rendered as one memoized
 * child per markdown block, so a streamed delta re-renders only the block it
 * lands in (the last one) and React or Preact touch nothing else.
 *
 * Uses only what preact/compat also provides (memo, useMemo, useRef,
 * useEffect, useLayoutEffect, useState, createPortal): the embed renders it with Preact.
 */
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { adoptCss, styleRootOf } from './adopt-css'
import { copyCodeOnClick } from './copy-code'
import { zhCNLabels, type MarkdownLabels } from './labels-base'
import { installKatexFonts, katexCss } from './lazy/katex'
import { markdownCss } from './markdown.css'
import { createMarkdownStream, type MarkdownBlock } from './markdown-stream'
import { findSlot } from './wrapper-slot'

export interface MarkdownBlocksProps {
  /** The answer so far (or the whole text). */
  text: string
  /** More text is coming: the last line may still change. */
  streaming?: boolean
  /** Tip titles and the copy button's words, whole (default zh-CN); keep the object stable, a new one restarts the rendering. */
  labels?: MarkdownLabels
  className?: string
}

const Block = memo(function Block({ block }: { block: MarkdownBlock }) {
  if (block.children) return <Wrapper html={block.html} blocks={block.children} />
  return <div className="zx-md-block" dangerouslySetInnerHTML={{ __html: block.html }} />
})

const Blocks = ({ blocks }: { blocks: readonly MarkdownBlock[] }) => (
  <>
    {blocks.map(block => (
      <Block key={block.key} block={block} />
    ))}
  </>
)

/**
 * A block that opens an HTML wrapper (<details>, <div>…): its blocks render
 * into the wrapper's slot (wrapper-slot.ts) as children of their own, so a
 * delta inside the wrapper re-renders only the block it lands in.
 */
const Wrapper = memo(function Wrapper({ html, blocks }: { html: string; blocks: readonly MarkdownBlock[] }) {
  const shell = useRef<HTMLDivElement>(null)
  const [slot, setSlot] = useState<{ html: string; element: Element } | null>(null)
  useLayoutEffect(() => {
    const element = shell.current && findSlot(shell.current)
    setSlot(element ? { html, element } : null)
  }, [html])
  return (
    <>
      <div ref={shell} className="zx-md-block" dangerouslySetInnerHTML={{ __html: html }} />
      {slot?.html === html ? createPortal(<Blocks blocks={blocks} />, slot.element) : null}
    </>
  )
})

export const MarkdownBlocks = memo(function MarkdownBlocks({ text, streaming = false, labels = zhCNLabels, className }: MarkdownBlocksProps) {
  const stream = useMemo(() => createMarkdownStream({ labels }), [labels])
  // Highlighting or KaTeX arriving re-renders the blocks that waited for it.
  const [, setFeatureTick] = useState(0)
  useEffect(() => stream.subscribe(() => setFeatureTick(tick => tick + 1)), [stream])

  const blocks = stream.update(text ?? '', !streaming)
  const hasMath = stream.hasMath

  const container = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (container.current) adoptCss(styleRootOf(container.current), 'zx-markdown', markdownCss)
  }, [])
  useEffect(() => {
    const css = hasMath ? katexCss() : null
    if (!css || !container.current) return
    adoptCss(styleRootOf(container.current), 'katex', css)
    installKatexFonts(container.current.ownerDocument)
  }, [hasMath, blocks])

  return (
    <div
      ref={container}
      className={className ? `zx-md ${className}` : 'zx-md'}
      aria-busy={streaming || undefined}
      onClick={event => void copyCodeOnClick(event, labels)}>
      <Blocks blocks={blocks} />
    </div>
  )
})
