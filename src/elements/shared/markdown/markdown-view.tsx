/**
 * <MarkdownView text streaming locale />: an answer rendered as one memoized
 * child per markdown block, so a streamed delta re-renders only the block it
 * lands in (the last one) and React or Preact touch nothing else.
 *
 * Uses only what preact/compat also provides (memo, useMemo, useRef,
 * useEffect, useState): the embed renders it with Preact.
 */
import { memo, useEffect, useMemo, useRef, useState } from 'react'
import { adoptCss, styleRootOf } from './adopt-css'
import { copyCodeOnClick } from './copy-code'
import { labelsFor, type MarkdownLabels } from './labels'
import { installKatexFonts, katexCss } from './lazy/katex'
import { markdownCss } from './markdown.css'
import { createMarkdownStream } from './markdown-stream'

export interface MarkdownViewProps {
  /** The answer so far (or the whole text). */
  text: string
  /** More text is coming: the last line may still change. */
  streaming?: boolean
  /** Tip titles and the copy button follow it (default zh-CN). */
  locale?: string
  /** Overrides for those words, e.g. from the i18n catalogue. */
  labels?: Partial<MarkdownLabels>
  className?: string
}

const Block = memo(function Block({ html }: { html: string }) {
  return <div className="zx-md-block" dangerouslySetInnerHTML={{ __html: html }} />
})

export const MarkdownView = memo(function MarkdownView({ text, streaming = false, locale = 'zh-CN', labels, className }: MarkdownViewProps) {
  // By content, not identity: an inline `labels={{…}}` must not restart the stream on every delta.
  const labelsKey = labels ? JSON.stringify(labels) : ''
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by labelsKey (the labels' content), see above
  const words = useMemo(() => labelsFor(locale, labels), [locale, labelsKey])
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by labelsKey (the labels' content), see above
  const stream = useMemo(() => createMarkdownStream({ locale, labels }), [locale, labelsKey])
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
      onClick={event => void copyCodeOnClick(event, words)}>
      {blocks.map(block => (
        <Block key={block.key} html={block.html} />
      ))}
    </div>
  )
})
