/**
 * <MarkdownBlocks text streaming labels />: an answer rendered as one memoized
 * child per markdown block, so a streamed delta re-renders only the block it
 * lands in (the last one) and React or Preact touch nothing else.
 *
 * Uses only what preact/compat also provides (memo, useMemo, useRef,
 * useEffect, useState): the embed renders it with Preact.
 */
import { memo, useEffect, useMemo, useRef, useState } from 'react'
import { adoptCss, styleRootOf } from './adopt-css'
import { copyCodeOnClick } from './copy-code'
import { zhCNLabels, type MarkdownLabels } from './labels-base'
import { installKatexFonts, katexCss } from './lazy/katex'
import { markdownCss } from './markdown.css'
import { createMarkdownStream } from './markdown-stream'

export interface MarkdownBlocksProps {
  /** The answer so far (or the whole text). */
  text: string
  /** More text is coming: the last line may still change. */
  streaming?: boolean
  /** Tip titles and the copy button's words, whole (default zh-CN); keep the object stable, a new one restarts the rendering. */
  labels?: MarkdownLabels
  className?: string
}

const Block = memo(function Block({ html }: { html: string }) {
  return <div className="zx-md-block" dangerouslySetInnerHTML={{ __html: html }} />
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
      {blocks.map(block => (
        <Block key={block.key} html={block.html} />
      ))}
    </div>
  )
})
