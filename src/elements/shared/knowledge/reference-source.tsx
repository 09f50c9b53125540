import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { getChunk, type ChunkWithSource } from '../../../api/knowledge'
import { $knowledgeMessages } from '../../../i18n'
import { fill } from '../format'
import { Icon } from '../ui'
import { styles } from '../styles'

/**
 * Under a quoted passage in an answer: where it comes from (dataset, page)
 * and a link opening the original document at that page. Shows nothing when
 * the passage is gone or the reader may no longer see it.
 */
export function ReferenceSource({ chunkId }: { chunkId: string }) {
  const t = useStore($knowledgeMessages)
  const [chunk, setChunk] = useState<ChunkWithSource | null>(null)
  useEffect(() => {
    let live = true
    getChunk(chunkId, { quiet: true }).then(
      c => live && setChunk(c),
      () => {},
    )
    return () => {
      live = false
    }
  }, [chunkId])
  if (!chunk) return null
  const href = chunk.page ? `${chunk.fileUrl}#page=${chunk.page}` : chunk.fileUrl
  return (
    <p className="reference-source" data-testid="reference-source">
      <span>{chunk.datasetName}</span>
      {chunk.page ? <span>{fill(t.page, { page: chunk.page })}</span> : null}
      <a href={href} target="_blank" rel="noopener noreferrer">
        <Icon name="external" />
        {t.openOriginal}
      </a>
    </p>
  )
}

export const referenceSourceCss = `
.reference-source { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 12px; margin: 0; font-size: 13px; color: var(--_text-muted); }
.reference-source a { display: inline-flex; align-items: center; gap: 4px; color: var(--_primary-strong); text-decoration: none; }
.reference-source a:hover { text-decoration: underline; }
.reference-source .icon { width: 14px; height: 14px; }
`

ReferenceSource.styles = styles(referenceSourceCss)
