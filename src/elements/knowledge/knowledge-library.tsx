import { useStore } from '@nanostores/react'
import { useCallback, useEffect, useState, type DragEvent } from 'react'
import {
  addDocuments,
  createDataset,
  deleteDataset,
  deleteDocument,
  getDataset,
  listDatasets,
  listDocuments,
  reindexDocument,
  updateDataset,
  type Dataset,
  type DocumentStatus,
  type KnowledgeDocument,
} from '../../api/knowledge'
import { isNotFound } from '../../api/errors'
import { $knowledgeMessages, $locale } from '../../i18n'
import { showToast } from '../../stores/toasts'
import { onUploadBatchSettled, onUploadFinished, settleUpload, startUploads, uploadNotPlaced, type UploadTarget } from '../../stores/uploads'
import { ConfirmDialog, Icon, IconButton, TabBar, SearchField } from '../shared/ui'
import { fill, formatBytes, formatDate } from '../shared/format'
import { usePhrasing } from '../shared/use-phrasing'
import { UploadFilesButton } from '../shared/library/upload-files-button'
import { UploadPanel } from '../shared/library/upload-panel'
import { useDebounced } from '../shared/use-debounced'
import { LoadFailure, LoadGate, useLoadable } from '../shared/load'
import { hostOf, type ElementProps } from '../shared/define-element'
import { usePlace } from '../shared/place'
import { ChunksDialog } from './chunks-dialog'
import { DatasetForm } from './dataset-form'
import { SearchTest } from './search-test'

/**
 * `<zx-knowledge-library>`: datasets of teaching material the AI answers
 * from. A dataset holds documents (PDF, DOCX, PPTX, TXT, Markdown, HTML)
 * parsed and indexed in the background, with status and errors per document;
 * passages can be read, edited and deleted; a search test shows what a
 * question retrieves and how it scores.
 *
 * Attributes:
 *   dataset-id  open this dataset directly
 */
export interface KnowledgeLibraryProps extends ElementProps {
  datasetId?: string
}

const ACCEPT = '.pdf,.docx,.pptx,.txt,.md,.markdown,.html,.htm'
const BUSY: readonly DocumentStatus[] = ['queued', 'parsing', 'indexing']
const POLL_MS = 1500

type Messages = ReturnType<typeof $knowledgeMessages.get>

const statusLabel = (t: Messages, status: DocumentStatus) =>
  ({ queued: t.statusQueued, parsing: t.statusParsing, indexing: t.statusIndexing, ready: t.statusReady, error: t.statusError })[status]

const visibilityLabel = (t: Messages, v: Dataset['visibility']) => ({ private: t.visibilityPrivate, course: t.visibilityCourse, school: t.visibilitySchool })[v]

export function KnowledgeLibrary({ container }: KnowledgeLibraryProps) {
  // The open dataset is a place of its own (?datasetId=…): Reload and Back keep to it.
  const [openId, setOpenId] = usePlace(hostOf(container), 'datasetId')
  const close = useCallback((gone?: boolean) => setOpenId('', { replace: gone }), [setOpenId])
  return <div className="knowledge">{openId ? <DatasetDetail id={openId} onBack={close} /> : <DatasetList onOpen={setOpenId} />}</div>
}

function DatasetList({ onOpen }: { onOpen: (id: string) => void }) {
  const t = useStore($knowledgeMessages)
  const say = usePhrasing()
  const [scope, setScope] = useState<'all' | 'mine' | 'shared'>('all')
  const [keyword, setKeyword] = useState('')
  const [creating, setCreating] = useState(false)
  const search = useDebounced(keyword.trim(), 250)
  const [datasets, store] = useLoadable(() => listDatasets({ scope, keyword: search || undefined }), [scope, search], { keep: true })

  return (
    <>
      <header className="library-head">
        <div className="titles">
          <h2 className="library-title">{t.title}</h2>
          <p className="intro">{t.intro}</p>
        </div>
        <span className="spacer" />
        <button type="button" className="button primary" data-testid="new-dataset" onClick={() => setCreating(true)}>
          <Icon name="plus" />
          {t.newDataset}
        </button>
      </header>
      <div className="toolbar">
        <TabBar look="pills" tabs={{ all: t.scopeAll, mine: t.scopeMine, shared: t.scopeShared }} active={scope} onSelect={setScope} />
        <span className="spacer" />
        <SearchField label={t.searchDatasets} value={keyword} onChange={setKeyword} />
      </div>
      <LoadGate state={datasets} what={t.title} onRetry={() => void store.retry()} skeleton="cards">
        {list =>
          list.length === 0 ? (
            <zx-empty-state message={t.noDatasets} />
          ) : (
            <ul className="dataset-grid">
              {list.map(d => (
                <li key={d.id}>
                  <button type="button" className="dataset-card" data-testid="dataset-card" onClick={() => onOpen(d.id)}>
                    <span className="dataset-icon">
                      <Icon name="book" />
                    </span>
                    <span className="dataset-name">{d.name}</span>
                    <span className="dataset-desc">{d.description || '—'}</span>
                    <span className="dataset-meta">
                      <span className={`badge visibility ${d.visibility}`}>{visibilityLabel(t, d.visibility)}</span>
                      <span>{say.count(t.documentsCount, { count: d.documentCount })}</span>
                      <span>{say.count(t.chunksCount, { count: d.chunkCount })}</span>
                      {!d.mine ? <span>{fill(t.owner, { name: d.owner.name })}</span> : null}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )
        }
      </LoadGate>
      {creating ? (
        <DatasetForm
          onSave={async input => {
            const created = await createDataset(input)
            showToast('success', t.created)
            onOpen(created.id)
          }}
          onClose={() => setCreating(false)}
        />
      ) : null}
    </>
  )
}

function DatasetDetail({ id, onBack }: { id: string; onBack: (gone?: boolean) => void }) {
  const t = useStore($knowledgeMessages)
  const say = usePhrasing()
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

  useEffect(
    () =>
      onUploadFinished(item => {
        if (item.meta.kind !== 'knowledge' || !item.file) return
        void addDocuments(item.meta.datasetId, [item.file.id], { quiet: true }).then(
          () => {
            settleUpload(item, true)
            if (item.meta.kind === 'knowledge' && item.meta.datasetId === id) void load()
          },
          (error: unknown) => uploadNotPlaced(item, error),
        )
      }),
    [id, load],
  )

  // One toast per pick or drop, however many files it held.
  useEffect(
    () =>
      onUploadBatchSettled(({ target, added, failed }) => {
        if (target.kind !== 'knowledge' || !added.length) return
        if (failed.length) showToast('warning', say.count(t.addedDocumentsSomeFailed, { added: added.length, failed: failed.length }))
        else showToast('success', added.length === 1 ? t.addedDocuments : say.count(t.addedManyDocuments, { count: added.length }))
      }),
    [t, say],
  )

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
        <header className="library-head">
          <div className="titles">
            <h2 className="library-title" data-testid="dataset-title">
              {dataset.name}
              <span className={`badge visibility ${dataset.visibility}`}>{visibilityLabel(t, dataset.visibility)}</span>
            </h2>
            <p className="intro">{dataset.description || (mine ? t.intro : fill(t.readOnly, { owner: dataset.owner.name }))}</p>
          </div>
          <span className="spacer" />
          {mine ? (
            <>
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
            </>
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
          <ul className="documents">
            {(documents ?? []).map(doc => (
              <li key={doc.id} className="document" data-testid="document" data-status={doc.status}>
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
                  {doc.status === 'ready' ? <IconButton icon="list" label={t.viewChunks} onClick={() => setChunksOf(doc)} testId="view-chunks" /> : null}
                  <a className="icon-button" href={doc.fileUrl} target="_blank" rel="noopener noreferrer" aria-label={t.openOriginal} title={t.openOriginal}>
                    <Icon name="external" />
                  </a>
                  {mine ? (
                    <>
                      <IconButton
                        icon="refresh"
                        label={t.reindex}
                        disabled={BUSY.includes(doc.status)}
                        onClick={() => setConfirm({ heading: t.reindex, message: t.reindexHint, label: t.reindex, run: () => reindexDocument(doc.id) })}
                      />
                      <IconButton
                        icon="trash"
                        label={t.deleteDocument}
                        onClick={() =>
                          setConfirm({
                            heading: t.deleteDocument,
                            message: fill(t.deleteDocumentConfirm, { name: doc.name }),
                            label: t.deleteDocument,
                            run: () => deleteDocument(doc.id),
                          })
                        }
                      />
                    </>
                  ) : null}
                </div>
              </li>
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

export const knowledgeLibraryCss = `
:host { display: block; }
.knowledge { display: flex; flex-direction: column; gap: 14px; }
.detail { position: relative; display: flex; flex-direction: column; gap: 14px; min-height: 300px; }
.detail.dragging { outline: 2px dashed var(--_primary); outline-offset: 6px; border-radius: var(--_radius); }
.titles { display: flex; flex-direction: column; gap: 4px; min-width: 0; }
.library-title { display: flex; align-items: center; gap: 10px; flex-wrap: wrap; }
.intro { margin: 0; color: var(--_text-muted); font-size: 14px; }
.back { align-self: flex-start; display: inline-flex; align-items: center; gap: 4px; border: 0; background: none; padding: 4px 6px 4px 0; color: var(--_text-muted); font: inherit; font-size: 13px; cursor: pointer; }
.back:hover { color: var(--_primary-strong); }
.back .icon { width: 16px; height: 16px; }
.dataset-grid { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); gap: 14px; }
.dataset-card { display: flex; flex-direction: column; align-items: flex-start; gap: 8px; width: 100%; height: 100%; padding: 16px; border: 1px solid var(--_border); border-radius: var(--_radius); background: var(--_bg-elevated); color: var(--_text); font: inherit; text-align: left; cursor: pointer; transition: border-color 120ms, box-shadow 120ms; }
.dataset-card:hover { border-color: var(--_primary); box-shadow: var(--_shadow); }
.dataset-icon { display: grid; place-items: center; width: 40px; height: 40px; border-radius: 10px; background: var(--_primary-soft); color: var(--_primary-strong); }
.dataset-name { font-size: 16px; font-weight: 600; }
.dataset-desc { color: var(--_text-muted); font-size: 13px; line-height: 1.5; display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden; }
.dataset-meta { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 10px; font-size: 12px; color: var(--_text-muted); margin-top: auto; }
.badge.visibility.private { background: var(--_bg-subtle); }
.badge.visibility.course { background: color-mix(in srgb, #8b5cf6 14%, transparent); color: #7c3aed; border-color: transparent; }
.badge.visibility.school { background: color-mix(in srgb, var(--_success) 14%, transparent); color: var(--_success); border-color: transparent; }
.documents { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 8px; }
.document { display: flex; gap: 12px; align-items: flex-start; padding: 12px 14px; border: 1px solid var(--_border); border-radius: var(--_radius-small); background: var(--_bg-elevated); }
.doc-icon { width: 28px; height: 28px; color: var(--_primary-strong); margin-top: 2px; }
.doc-main { flex: 1; min-width: 0; display: flex; flex-direction: column; gap: 4px; }
.doc-line { display: flex; align-items: center; gap: 10px; min-width: 0; }
.doc-name { font-weight: 500; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.doc-meta { display: flex; flex-wrap: wrap; gap: 4px 12px; font-size: 12px; color: var(--_text-muted); }
.status { display: inline-flex; align-items: center; gap: 6px; flex: none; height: 22px; padding: 0 8px; border-radius: 11px; font-size: 12px; font-weight: 500; background: var(--_bg-subtle); color: var(--_text-muted); }
.status.ready { background: color-mix(in srgb, var(--_success) 14%, transparent); color: var(--_success); }
.status.error { background: color-mix(in srgb, var(--_danger) 12%, transparent); color: var(--_danger); }
.status.queued, .status.parsing, .status.indexing { background: var(--_primary-soft); color: var(--_primary-strong); }
.spinner { width: 10px; height: 10px; border: 2px solid currentColor; border-right-color: transparent; border-radius: 50%; animation: spin 0.8s linear infinite; }
@keyframes spin { to { transform: rotate(360deg); } }
.doc-error, .doc-note { display: flex; gap: 6px; align-items: flex-start; margin: 2px 0 0; font-size: 13px; line-height: 1.5; }
.doc-error { color: var(--_danger); }
.doc-note { color: var(--_warning); }
.doc-error .icon, .doc-note .icon { width: 15px; height: 15px; margin-top: 2px; }
@media (max-width: 640px) {
  .document { flex-wrap: wrap; }
  .row-actions { width: 100%; justify-content: flex-end; }
  .dataset-grid { grid-template-columns: 1fr; }
}
`
