import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { uploadFile } from '../../../api/files'
import { ApiError } from '../../../api/errors'
import { $assistantsMessages } from '../../../i18n'
import { Avatar } from './avatar'

/**
 * The assistant's picture in the editor: a preview (the upload, or the
 * initial the cards draw without one), an image file input that uploads at
 * once (POST /app/api/file/upload) and hands back the file's `url`, and a way
 * back to the initial.
 */
export function AvatarUpload({ id, title, value, onChange }: { id: string; title: string; value: string; onChange: (url: string) => void }) {
  const t = useStore($assistantsMessages)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')

  const pick = async (file: File | undefined) => {
    if (!file) return
    if (!file.type.startsWith('image/')) return setError(t.avatarNotImage)
    setError('')
    setBusy(true)
    try {
      onChange((await uploadFile(file, { quiet: true })).url)
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t.avatarUploadFailed)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="field">
      <span className="field-label">{t.fieldAvatar}</span>
      <div className="avatar-upload">
        <span data-testid="editor-avatar-preview">
          <Avatar id={id} title={title || '?'} src={value} size={56} />
        </span>
        <label className={busy ? 'button disabled' : 'button'}>
          {busy ? t.avatarUploading : t.avatarUpload}
          <input
            type="file"
            accept="image/*"
            hidden
            disabled={busy}
            data-testid="editor-avatar"
            onChange={e => {
              void pick(e.target.files?.[0])
              e.target.value = ''
            }}
          />
        </label>
        {value ? (
          <button type="button" className="button" onClick={() => onChange('')} data-testid="editor-avatar-remove">
            {t.avatarRemove}
          </button>
        ) : null}
      </div>
      {error ? (
        <span className="field-error" role="alert">
          {error}
        </span>
      ) : (
        <span className="field-hint">{t.avatarHint}</span>
      )}
    </div>
  )
}

export const avatarUploadCss = `
.avatar-upload { display: flex; align-items: center; gap: 12px; flex-wrap: wrap; }
.avatar-upload label.button { cursor: pointer; }
.avatar-upload label.button.disabled { opacity: 0.6; cursor: progress; }
`
