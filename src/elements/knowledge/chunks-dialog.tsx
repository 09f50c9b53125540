import { useStore } from '@nanostores/react'
import { useCallback, useEffect, useState } from 'react'
import { deleteChunk, listChunks, updateChunk, type Chunk, type KnowledgeDocument } from '../../api/knowledge'
import { $knowledgeMessages } from '../../i18n'
import { showToast } from '../../stores/toasts'
import { ConfirmDialog, IconButton, Modal, ModalActions, SearchField } from '../shared/ui'
import { fill } from '../shared/format'
import { styles } from '../shared/styles'

const PAGE_SIZE = 10

/** A document's passages as they are indexed: read them, find one, edit or delete it (owner). */
export function ChunksDialog({
  document,
  editable,
  onClose,
  onChanged,
}: {
  document: KnowledgeDocument
  editable: boolean
  onClose: () => void
  onChanged: () => void
}) {
  const t = useStore($knowledgeMessages)
  const [page, setPage] = useState(1)
  const [keyword, setKeyword] = useState('')
  const [data, setData] = useState<{ items: Chunk[]; total: number } | null>(null)
  const [editing, setEditing] = useState<{ id: string; text: string } | null>(null)
  const [deleting, setDeleting] = useState<Chunk | null>(null)

  const load = useCallback(async () => {
    try {
      setData(await listChunks(document.id, { page, pageSize: PAGE_SIZE, keyword: keyword.trim() || undefined }))
    } catch {
      // shown by the API catalogue
    }
  }, [document.id, page, keyword])
  useEffect(() => {
    const timer = setTimeout(() => void load(), keyword ? 250 : 0)
    return () => clearTimeout(timer)
  }, [load, keyword])

  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE_SIZE))
  const save = async () => {
    if (!editing) return
    try {
      await updateChunk(editing.id, editing.text)
      setEditing(null)
      showToast('success', t.saved)
      await load()
      onChanged()
    } catch {
      // shown by the API catalogue
    }
  }

  return (
    <Modal heading={`${t.chunks} · ${document.name}`} onClose={onClose} testId="chunks-dialog" wide>
      <SearchField label={t.chunkSearch} value={keyword} onChange={value => (setKeyword(value), setPage(1))} />
      <ol className="chunk-list">
        {(data?.items ?? []).map(chunk => (
          <li key={chunk.id} className="chunk" data-testid="chunk">
            <div className="chunk-head">
              <span className="badge">#{chunk.position + 1}</span>
              {chunk.page ? <span className="muted">{fill(t.page, { page: chunk.page })}</span> : null}
              {chunk.edited ? <span className="badge primary">{t.chunkEdited}</span> : null}
              <span className="spacer" />
              {editable && editing?.id !== chunk.id ? (
                <>
                  <IconButton icon="edit" label={t.edit} onClick={() => setEditing({ id: chunk.id, text: chunk.content })} testId="edit-chunk" />
                  <IconButton icon="trash" label={t.deleteChunk} onClick={() => setDeleting(chunk)} />
                </>
              ) : null}
            </div>
            {editing?.id === chunk.id ? (
              <div className="chunk-edit">
                <textarea
                  className="textarea"
                  rows={6}
                  maxLength={4000}
                  value={editing.text}
                  data-testid="chunk-text"
                  onChange={event => setEditing({ id: chunk.id, text: event.target.value })}
                />
                <ModalActions onCancel={() => setEditing(null)} onConfirm={() => void save()} disabled={!editing.text.trim()} testId="save-chunk" />
              </div>
            ) : (
              <p className="chunk-text">{chunk.content}</p>
            )}
          </li>
        ))}
      </ol>
      {pages > 1 ? (
        <div className="pager">
          <IconButton icon="chevronLeft" label={t.previous} disabled={page <= 1} onClick={() => setPage(page - 1)} />
          <span className="muted">{fill(t.pageOf, { page, pages })}</span>
          <IconButton icon="chevronRight" label={t.next} disabled={page >= pages} onClick={() => setPage(page + 1)} />
        </div>
      ) : null}
      {deleting ? (
        <ConfirmDialog
          heading={t.deleteChunk}
          message={t.deleteChunkConfirm}
          confirmLabel={t.deleteChunk}
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            const chunk = deleting
            setDeleting(null)
            void deleteChunk(chunk.id).then(
              () => (void load(), onChanged()),
              () => {},
            )
          }}
        />
      ) : null}
    </Modal>
  )
}

export const chunksCss = `
.chunk-list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 10px; max-height: 60vh; overflow: auto; }
.chunk { border: 1px solid var(--_border); border-radius: var(--_radius-small); padding: 10px 12px; background: var(--_bg); }
.chunk-head { display: flex; align-items: center; gap: 8px; min-height: 30px; }
.chunk-text { margin: 6px 0 0; white-space: pre-wrap; word-break: break-word; line-height: 1.7; font-size: 14px; }
.chunk-edit { display: flex; flex-direction: column; gap: 8px; margin-top: 6px; }
.pager { display: flex; align-items: center; justify-content: center; gap: 8px; }
`

ChunksDialog.styles = styles(chunksCss)
