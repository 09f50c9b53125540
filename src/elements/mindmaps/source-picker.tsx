import { useStore } from '@nanostores/react'
import { useRef, useState } from 'react'
import { listDatasets, listDocuments } from '../../api/knowledge'
import type { MapSourceRequest } from '../../api/mindmaps'
import { $mindmapsMessages } from '../../i18n'
import { uploadOneFile } from '../../stores/single-upload'
import { LoadGate, useLoadable } from '../shared/load'
import { Select } from '../shared/select'
import { Field, Modal } from '../shared/ui'
import { useUploadErrorText } from '../shared/use-upload-error-text'

/** What the map can be made from as a file: what the server reads (server/modules/mindmaps/sources.ts). */
const MAP_FILES = '.pdf,.docx,.pptx,.txt,.md,.markdown'

export interface SourcePickerProps {
  busy: boolean
  /** The material picked: the map is made from it at once. */
  onPick: (source: MapSourceRequest) => void
  /** An upload that failed, with the uploader's words. */
  onFailure: (message: string) => void
}

/**
 * The two buttons that make a map from material rather than a topic: a file
 * the person uploads (chunked, so a large PDF resumes), or one of the
 * parsed documents of a knowledge base they may read.
 */
export function SourcePicker({ busy, onPick, onFailure }: SourcePickerProps) {
  const t = useStore($mindmapsMessages)
  const uploadError = useUploadErrorText()
  const input = useRef<HTMLInputElement>(null)
  const [uploading, setUploading] = useState(false)
  const [choosing, setChoosing] = useState(false)

  const upload = (file: File) => {
    setUploading(true)
    uploadOneFile(file, () => undefined)
      .then(
        stored => onPick({ kind: 'file', id: stored.id }),
        (error: unknown) => onFailure(uploadError(error instanceof Error ? error.message : String(error))),
      )
      .finally(() => setUploading(false))
  }

  return (
    <div className="mm-sources" part="sources">
      <button
        type="button"
        className="button"
        disabled={busy || uploading}

        onClick={() => input.current?.click()}
        data-testid="mind-map-from-file">
        {uploading ? t.uploadingFile : t.fromFile}
      </button>
      <input
        ref={input}
        type="file"
        hidden
        accept={MAP_FILES}
        data-testid="mind-map-file-input"
        onChange={event => {
          const file = event.target.files?.[0]
          event.target.value = ''
          if (file) upload(file)
        }}
      />
      <button type="button" className="button" disabled={busy} onClick={() => setChoosing(true)} data-testid="mind-map-from-document">
        {t.fromDocument}
      </button>
      {choosing ? (
        <DocumentDialog
          onPick={id => {
            setChoosing(false)
            onPick({ kind: 'document', id })
          }}
          onClose={() => setChoosing(false)}
        />
      ) : null}
    </div>
  )
}

/** A knowledge base the person may read, then one of its parsed documents. */
function DocumentDialog({ onPick, onClose }: { onPick: (documentId: string) => void; onClose: () => void }) {
  const t = useStore($mindmapsMessages)
  const [datasetId, setDatasetId] = useState('')
  const [datasets, datasetStore] = useLoadable(() => listDatasets({ scope: 'all' }), [])
  const chosen = datasetId || datasets.data?.[0]?.id || ''
  const [documents, documentStore] = useLoadable(
    async signal => (chosen ? (await listDocuments(chosen, { quiet: true, signal })).filter(d => d.status === 'ready') : []),
    [chosen],
  )
  return (
    <Modal heading={t.pickDocument} onClose={onClose} testId="mind-map-document-dialog">
      <LoadGate state={datasets} what={t.dataset} onRetry={() => void datasetStore.retry()} count={2}>
        {list =>
          list.length ? (
            <>
              <Field label={t.dataset}>
                <Select
                  value={chosen}
                  onChange={event => setDatasetId(event.target.value)}
                  options={list.map(d => ({ value: d.id, label: d.name }))}
                  data-testid="mind-map-dataset"
                />
              </Field>
              <LoadGate state={documents} what={t.dataset} onRetry={() => void documentStore.retry()} count={3}>
                {docs =>
                  docs.length ? (
                    <ul className="mm-documents">
                      {docs.map(doc => (
                        <li key={doc.id}>
                          <button type="button" className="mm-link" onClick={() => onPick(doc.id)} data-testid="mind-map-document">
                            {doc.name}
                          </button>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <p className="mm-muted">{t.noReadyDocuments}</p>
                  )
                }
              </LoadGate>
            </>
          ) : (
            <p className="mm-muted">{t.noDatasets}</p>
          )
        }
      </LoadGate>
    </Modal>
  )
}
