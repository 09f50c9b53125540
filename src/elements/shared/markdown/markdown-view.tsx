/**
 * <MarkdownView text streaming locale />: <MarkdownBlocks> with its words
 * picked by locale (and overridden from an element's i18n catalogue). The
 * elements of the suite use this; the embed panel uses MarkdownBlocks with the
 * words of its own language file, so it carries no other language's table.
 */
import { memo, useMemo } from 'react'
import { labelsFor, type MarkdownLabels } from './labels'
import { MarkdownBlocks, type MarkdownBlocksProps } from './markdown-blocks'

export interface MarkdownViewProps extends Omit<MarkdownBlocksProps, 'labels'> {
  /** Tip titles and the copy button follow it (default zh-CN). */
  locale?: string
  /** Overrides for those words, e.g. from the i18n catalogue. */
  labels?: Partial<MarkdownLabels>
}

export const MarkdownView = memo(function MarkdownView({ locale = 'zh-CN', labels, ...props }: MarkdownViewProps) {
  // By content, not identity: an inline `labels={{…}}` must not restart the stream on every delta.
  const labelsKey = labels ? JSON.stringify(labels) : ''
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by labelsKey (the labels' content), see above
  const words = useMemo(() => labelsFor(locale, labels), [locale, labelsKey])
  return <MarkdownBlocks {...props} labels={words} />
})
