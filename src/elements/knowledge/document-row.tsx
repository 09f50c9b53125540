import { useStore } from '@nanostores/react'
import type { KnowledgeDocument } from '../../api/knowledge'
import { $knowledgeMessages, $locale } from '../../i18n'
import { formatBytes, formatDate } from '../shared/format'
import { Icon, IconButton } from '../shared/ui'
import { usePhrasing } from '../shared/use-phrasing'
import { BUSY, statusLabel } from './labels'

export interface DocumentRowProps {
  doc: KnowledgeDocument
  /** The dataset is the person's own: reindex and delete. */
  mine: boolean
  onChunks: () => void
  onReindex: () => void
  onDelete: () => void
}

/** One document of a dataset: status (a spinner while parsing), size, pages, passages, its error, and its buttons. */
export function DocumentRow({ doc, mine, onChunks, onReindex, onDelete }: DocumentRowProps) {
  const t = useStore($knowledgeMessages)
  const say = usePhrasing()
  return (
    <li className="document" data-testid="document" data-status={doc.status}>
      <Icon name={doc.mime === 'application/pdf' ? 'pdf' : 'text'} className="doc-icon" />
      <div className="doc-main">
        <div className="doc-line">
          <span className="doc-name">{doc.name}</span>
          <span className={`status ${doc.status}`} data-testid="document-status">
            {BUSY.includes(doc.status) ? <span className="spinner" aria-hidden="true" /> : null}
            {statusLabel(t, doc.status)}
          </span>
        </div>
        <div className="doc-meta">
          <span>{formatBytes(doc.size)}</span>
          {doc.pageCount > 1 ? <span>{say.count(t.pages, { count: doc.pageCount })}</span> : null}
          {doc.status === 'ready' ? <span>{say.count(t.chunksCount, { count: doc.chunkCount })}</span> : null}
          {doc.charCount ? <span>{say.count(t.chars, { count: doc.charCount })}</span> : null}
          <span>{formatDate(doc.updateTime, $locale.get())}</span>
        </div>
        {doc.error ? (
          <p className={doc.status === 'error' ? 'doc-error' : 'doc-note'} data-testid="document-error">
            <Icon name="alert" />
            {doc.error}
          </p>
        ) : null}
      </div>
      <div className="row-actions">
        {doc.status === 'ready' ? <IconButton icon="list" label={t.viewChunks} onClick={onChunks} testId="view-chunks" /> : null}
        <a className="icon-button" href={doc.fileUrl} target="_blank" rel="noopener noreferrer" aria-label={t.openOriginal} title={t.openOriginal}>
          <Icon name="external" />
        </a>
        {mine ? (
          <>
            <IconButton icon="refresh" label={t.reindex} disabled={BUSY.includes(doc.status)} onClick={onReindex} />
            <IconButton icon="trash" label={t.deleteDocument} onClick={onDelete} />
          </>
        ) : null}
      </div>
    </li>
  )
}
