import { useStore } from '@nanostores/react'
import { useRef, useState } from 'react'
import type { AnswerFile } from '../../api/evaluation'
import { $evaluationMessages } from '../../i18n'
import { UploadFailure, uploadOneFile } from '../../stores/single-upload'
import { formatBytes } from '../shared/format'
import { retryHelps, useUploadErrorText } from '../shared/use-upload-error-text'

/**
 * A practical task's answer: the student's report, photos or a
 * video, each sent through the chunked, resumable uploader; the answer is
 * the list of stored file ids, saved like any other answer. Progress shows
 * while a file goes up; a failed one says why and can be tried again.
 */
export const MAX_ANSWER_FILES = 10

interface Upload {
  key: string
  file: File
  progress: number
  error: string
  /** The file itself was refused (retryHelps): no retry. */
  refused?: boolean
}

export interface PracticalAnswerProps {
  questionId: string
  value: string[]
  /** Files the server already knows (a reloaded paper), by id. */
  known: AnswerFile[]
  disabled?: boolean
  onChange(ids: string[]): void
}

export function PracticalAnswer({ questionId, value, known, disabled, onChange }: PracticalAnswerProps) {
  const t = useStore($evaluationMessages)
  const errorText = useUploadErrorText()
  const [names, setNames] = useState<Record<string, { name: string; size: number }>>({})
  const [uploads, setUploads] = useState<Upload[]>([])
  const [tooMany, setTooMany] = useState(false)
  const describe = (id: string) => names[id] ?? known.find(f => f.id === id) ?? { name: id, size: 0 }
  // Uploads finish in any order (two in one tick too); each adds itself to the answer as it stands then.
  const latest = useRef(value)
  latest.current = value

  const patch = (key: string, change: Partial<Upload>) => setUploads(list => list.map(u => (u.key === key ? { ...u, ...change } : u)))
  const send = (upload: Upload) => {
    patch(upload.key, { error: '', refused: false, progress: 0 })
    uploadOneFile(upload.file, progress => patch(upload.key, { progress })).then(
      stored => {
        setNames(n => ({ ...n, [stored.id]: { name: stored.name, size: stored.size } }))
        setUploads(list => list.filter(u => u.key !== upload.key))
        latest.current = [...latest.current, stored.id]
        onChange(latest.current)
      },
      (error: unknown) =>
        patch(upload.key, { error: error instanceof Error ? error.message : String(error), refused: error instanceof UploadFailure && error.refused }),
    )
  }
  const pick = (files: FileList | null) => {
    const picked = [...(files ?? [])]
    const room = MAX_ANSWER_FILES - value.length - uploads.length
    setTooMany(picked.length > room)
    const started = picked.slice(0, Math.max(0, room)).map((file, i) => ({ key: `${Date.now()}-${i}-${file.name}`, file, progress: 0, error: '' }))
    setUploads(list => [...list, ...started])
    started.forEach(send)
  }

  return (
    <div className="practical" data-testid="practical-answer">
      <p className="hint">{t.practicalHint}</p>
      {value.length === 0 && uploads.length === 0 ? <p className="hint">{t.practicalNoFiles}</p> : null}
      <ul className="answer-files">
        {value.map(id => {
          const file = describe(id)
          return (
            <li key={id} data-testid="answer-file">
              <span className="file-name">{file.name}</span>
              {file.size ? <span className="file-size">{formatBytes(file.size)}</span> : null}
              <button type="button" className="link" disabled={disabled} onClick={() => onChange(value.filter(x => x !== id))}>
                {t.practicalRemove}
              </button>
            </li>
          )
        })}
        {uploads.map(u => (
          <li key={u.key} data-testid="answer-upload" data-state={u.error ? 'error' : 'uploading'}>
            {u.error ? (
              <>
                <span className="error" role="alert">
                  {t.practicalFailed({ name: u.file.name, reason: errorText(u.error) })}
                </span>
                {retryHelps(u) ? (
                  <button type="button" className="link" onClick={() => send(u)}>
                    {t.retry}
                  </button>
                ) : null}
                <button type="button" className="link" onClick={() => setUploads(list => list.filter(x => x.key !== u.key))}>
                  {t.practicalRemove}
                </button>
              </>
            ) : (
              <>
                <span role="status">{t.practicalUploading({ name: u.file.name, percent: Math.round(u.progress * 100) })}</span>
                <progress max={1} value={u.progress} />
              </>
            )}
          </li>
        ))}
      </ul>
      {tooMany ? <p className="hint warn">{t.practicalTooMany}</p> : null}
      <label className="upload-pick">
        <input
          type="file"
          multiple
          name={`q-${questionId}`}
          data-testid="practical-pick"
          disabled={disabled || value.length + uploads.length >= MAX_ANSWER_FILES}
          onChange={event => {
            pick(event.currentTarget.files)
            event.currentTarget.value = ''
          }}
        />
        <span>{t.practicalPick}</span>
      </label>
    </div>
  )
}
