/**
 * <AnswerMarkdown>: a text rendered by the shared MarkdownBlocks once its
 * chunk has arrived. The renderer with marked and DOMPurify is about two
 * thirds of the panel's bytes; the panel module starts fetching it as it
 * loads, beside the conversation's history, so the panel shows and takes a
 * question without waiting for it. Until it arrives (or if it cannot be
 * fetched) the text shows as written, as plain text: never as HTML.
 */
import { useEffect, useState } from 'react'
import type { MarkdownBlocksProps } from '../../elements/shared/markdown/markdown-blocks'

type Renderer = typeof import('../../elements/shared/markdown/markdown-blocks').MarkdownBlocks

let renderer: Renderer | undefined
let loading: Promise<Renderer> | undefined

/** Fetches the renderer once; a failed fetch is tried again by the next caller. */
export function loadMarkdown(): Promise<Renderer> {
  loading ??= import('../../elements/shared/markdown/markdown-blocks').then(
    module => (renderer = module.MarkdownBlocks),
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}

export function AnswerMarkdown(props: MarkdownBlocksProps) {
  const [Render, setRender] = useState<Renderer | undefined>(() => renderer)
  useEffect(() => {
    if (Render) return
    let live = true
    loadMarkdown().then(
      loaded => live && setRender(() => loaded),
      () => undefined, // the plain text stays readable; the next answer tries again
    )
    return () => {
      live = false
    }
  }, [Render])
  if (Render) return <Render {...props} />
  return <div className="zx-md zx-md-plain">{props.text}</div>
}
