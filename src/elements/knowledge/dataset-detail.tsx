import { useStore } from '@nanostores/react'
import { useCallback, useEffect, useState, type DragEvent } from 'react'
import {
  addDocuments,
  deleteDataset,
  deleteDocument,
  getDataset,
  listDocuments,
  reindexDocument,
  updateDataset,
  type KnowledgeDocument,
} from '../../api/knowledge'
import { isNotFound } from '../../api/errors'
import { $knowledgeMessages } from '../../i18n'
import { showToast } from '../../stores/toasts'
import { startUploads, type UploadTarget } from '../../stores/uploads'
import { fill } from '../shared/format'
import { UploadFilesButton } from '../shared/library/upload-files-button'
import { UploadPanel } from '../shared/library/upload-panel'
import { usePlacedUploads } from '../shared/library/use-placed-uploads'
import { usePhrasing } from '../shared/use-phrasing'
import { LoadFailure, useLoadable } from '../shared/load'
import { ConfirmDialog, Icon, IconButton, TabBar } from '../shared/ui'
import { ChunksDialog } from './chunks-dialog'
import { DatasetForm } from './dataset-form'
import { DocumentRow } from './document-row'
import { ACCEPT, BUSY, visibilityLabel } from './labels'
import { SearchTest } from './search-test'
import { styles } from '../shared/styles'

const POLL_MS = 1500

/**
 * One dataset: its header (edit, delete, upload for its owner), the
 * documents with their status (polled while any is being parsed) or the
 * search test, drag and drop, the passages dialog and confirmations.
 */
export function DatasetDetail({ id, onBack }: { id: string; onBack: (gone?: boolean) => void }) {
  const t = useStore($knowledgeMessages)
  const [tab, setTab] = useState<'documents' | 'search'>('documents')
  const [editing, setEditing] = useState(false)
  const [confirm, setConfirm] = useState<{ heading: string; message: string; label: string; run: () => Promise<unknown> } | null>(null)
  const [chunksOf, setChunksOf] = useState<KnowledgeDocument | null>(null)
  const [dragging, setDragging] = useState(false)

  const [detail, store] = useLoadable(async () => {
    const [dataset, documents] = await Promise.all([getDataset(id), listDocuments(id, { quiet: true })])
    return { dataset, documents }
  }, [id])
  const dataset = detail.data?.dataset ?? null
  const documents = detail.data?.documents ?? null
  const load = useCallback(() => store.load(), [store])
  // A dataset that is gone (or not yours) leaves its URL; other failures are shown with a retry.
  useEffect(() => {
    if (detail.status === 'failed' && isNotFound(detail.error)) onBack(true)
  }, [detail, onBack])

  // Poll while documents are being parsed, so status and errors appear by themselves.
  const busy = documents?.some(d => BUSY.includes(d.status)) ?? false
  useEffect(() => {
    if (!busy) return
    const timer = setInterval(() => void load(), POLL_MS)
    return () => clearInterval(timer)
  }, [busy, load])

  const say = usePhrasing()
  usePlacedUploads({
    kind: 'knowledge',
    place: (target, file) => addDocuments(target.datasetId, [file.id], { quiet: true }),
    shown: target => target.datasetId === id,
    reload: () => void load(),
    summary: (added, failed) =>
      failed
        ? { level: 'warning', message: say.count(t.addedDocumentsSomeFailed, { added: added.length, failed }) }
        : { level: 'success', message: added.length === 1 ? t.addedDocuments : say.count(t.addedManyDocuments, { count: added.length }) },
  })

  const upload = (files: FileList | File[]) => {
    if (files.length) startUploads(Array.from(files), { kind: 'knowledge', datasetId: id })
  }
  const mine = dataset?.mine ?? false
  const uploadFilter = (target: UploadTarget) => target.kind === 'knowledge' && target.datasetId === id

  return (
    <div
      className={dragging ? 'detail dragging' : 'detail'}
      onDragOver={(event: DragEvent) => {
        if (!mine || !event.dataTransfer.types.includes('Files')) return
        event.preventDefault()
        setDragging(true)
      }}
      onDragLeave={event => event.currentTarget === event.target && setDragging(false)}
      onDrop={event => {
        event.preventDefault()
        setDragging(false)
        if (mine) upload(event.dataTransfer.files)
      }}>
      <button type="button" className="back" onClick={() => onBack()}>
        <Icon name="chevronLeft" />
        {t.back}
      </button>
      {dataset ? (
        <header className="library-head" part="header">
          <div className="titles">
            <h2 className="library-title" data-testid="dataset-title">
              {dataset.name}
              <span className={`badge visibility ${dataset.visibility}`}>{visibilityLabel(t, dataset.visibility)}</span>
            </h2>
            <p className="intro">{dataset.description || (mine ? t.intro : fill(t.readOnly, { owner: dataset.owner.name }))}</p>
          </div>
          <span className="spacer" />
          {mine ? (
            <div className="library-actions" part="actions">
              <IconButton icon="edit" label={t.editDataset} onClick={() => setEditing(true)} />
              <IconButton
                icon="trash"
                label={t.deleteDataset}
                onClick={() =>
                  setConfirm({
                    heading: t.deleteDataset,
                    message: fill(t.deleteDatasetConfirm, { name: dataset.name }),
                    label: t.deleteDataset,
                    run: async () => {
                      await deleteDataset(dataset.id)
                      showToast('success', t.deletedDataset)
                      onBack(true)
                    },
                  })
                }
              />
              <UploadFilesButton label={t.uploadDocuments} accept={ACCEPT} buttonTestId="upload-documents" inputTestId="document-input" onFiles={upload} />
            </div>
          ) : null}
        </header>
      ) : null}

      <TabBar
        look="pills"
        tabs={{ documents: documents ? `${t.documents} · ${documents.length}` : t.documents, search: t.searchTest }}
        active={tab}
        onSelect={setTab}
        testIdPrefix="tab-"
      />

      {tab === 'search' ? (
        <SearchTest datasetId={id} />
      ) : (
        <>
          {mine ? <p className="field-hint">{t.formats}</p> : null}
          <UploadPanel filter={uploadFilter} fallback={{ kind: 'knowledge', datasetId: id }} accept={ACCEPT} />
          {detail.status === 'failed' ? (
            <LoadFailure error={detail.error} what={dataset?.name || t.title} onRetry={() => void store.retry()} />
          ) : documents === null ? (
            <zx-skeleton variant="rows" count={3} />
          ) : documents.length === 0 ? (
            <zx-empty-state message={t.noDocuments} />
          ) : null}
          <ul className="documents" part="body">
            {(documents ?? []).map(doc => (
              <DocumentRow
                key={doc.id}
                doc={doc}
                mine={mine}
                onChunks={() => setChunksOf(doc)}
                onReindex={() => setConfirm({ heading: t.reindex, message: t.reindexHint, label: t.reindex, run: () => reindexDocument(doc.id) })}
                onDelete={() =>
                  setConfirm({
                    heading: t.deleteDocument,
                    message: fill(t.deleteDocumentConfirm, { name: doc.name }),
                    label: t.deleteDocument,
                    run: () => deleteDocument(doc.id),
                  })
                }
              />
            ))}
          </ul>
        </>
      )}

      {dragging ? (
        <div className="drop-hint" aria-hidden="true">
          <Icon name="upload" />
          {t.formats}
        </div>
      ) : null}
      {editing && dataset ? (
        <DatasetForm
          dataset={dataset}
          onSave={async input => {
            const saved = await updateDataset(dataset.id, input)
            store.put({ dataset: saved, documents: documents ?? [] })
            showToast('success', t.saved)
          }}
          onClose={() => setEditing(false)}
        />
      ) : null}
      {chunksOf ? <ChunksDialog document={chunksOf} editable={mine} onClose={() => setChunksOf(null)} onChanged={() => void load()} /> : null}
      {confirm ? (
        <ConfirmDialog
          heading={confirm.heading}
          message={confirm.message}
          confirmLabel={confirm.label}
          onCancel={() => setConfirm(null)}
          onConfirm={() => {
            const current = confirm
            setConfirm(null)
            void current.run().then(
              () => load(),
              () => {},
            )
          }}
        />
      ) : null}
    </div>
  )
}

DatasetDetail.styles = styles(UploadPanel, DatasetForm, ChunksDialog, SearchTest)
