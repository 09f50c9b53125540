import { useStore } from '@nanostores/react'
import { useRef, useState, type FormEvent } from 'react'
import { updateProfile } from '../../api/account'
import { uploadFile } from '../../api/files'
import { $profileMessages, $shellMessages } from '../../i18n'
import { $session, patchSession } from '../../stores/auth'
import { showToast } from '../../stores/toasts'
import { Icon } from '../icons'
import { Avatar } from './avatar'
import { HostField } from './form-parts'

/** Matches the server's upload limit (server/modules/uploads). */
const MAX_AVATAR_MB = 10

/** Avatar (upload on pick) and nickname of the signed-in user. */
export function ProfileDetails() {
  const session = useStore($session)
  const t = useStore($profileMessages)
  const shell = useStore($shellMessages)
  const [nickname, setNickname] = useState(session?.nickname ?? '')
  const [uploading, setUploading] = useState(false)
  const [saving, setSaving] = useState(false)
  const fileInput = useRef<HTMLInputElement>(null)

  async function onAvatarPicked(file: File | undefined) {
    if (!file) return
    if (!file.type.startsWith('image/')) return void showToast('warning', t.avatarNotImage)
    if (file.size > MAX_AVATAR_MB * 1024 * 1024) return void showToast('warning', t.avatarTooLarge({ max: MAX_AVATAR_MB }))
    setUploading(true)
    try {
      const uploaded = await uploadFile(file)
      await updateProfile({ avatar: uploaded.url })
      patchSession({ avatar: uploaded.url })
      showToast('success', t.profileSaved)
    } catch {
      // the API client has already told the user why
    } finally {
      setUploading(false)
      if (fileInput.current) fileInput.current.value = ''
    }
  }

  async function onSave(event: FormEvent) {
    event.preventDefault()
    const value = nickname.trim()
    if (!value || value === session?.nickname) return
    setSaving(true)
    try {
      await updateProfile({ nickname: value })
      patchSession({ nickname: value })
      showToast('success', t.profileSaved)
    } catch {
      // shown by the API client
    } finally {
      setSaving(false)
    }
  }

  if (!session) return null
  return (
    <form className="zx-profile-details" onSubmit={onSave}>
      <button
        type="button"
        className="zx-avatar-picker"
        onClick={() => fileInput.current?.click()}
        disabled={uploading}
        aria-label={t.changeAvatar}
        data-testid="avatar-upload">
        <Avatar src={session.avatar} alt={shell.avatarAlt} size={72} />
        <span className="zx-avatar-picker-badge">{uploading ? '…' : <Icon name="camera" />}</span>
      </button>
      <input ref={fileInput} type="file" name="avatar" accept="image/*" hidden onChange={event => onAvatarPicked(event.target.files?.[0])} />
      <div className="zx-profile-fields">
        <div className="zx-profile-account">
          {t.username}: <strong>{session.username}</strong>
        </div>
        <HostField label={t.nickname}>
          <div className="zx-inline">
            <input name="nickname" value={nickname} maxLength={32} placeholder={t.nicknamePlaceholder} onChange={event => setNickname(event.target.value)} />
            <button type="submit" className="zx-button" disabled={saving || !nickname.trim() || nickname.trim() === session.nickname}>
              {t.saveProfile}
            </button>
          </div>
        </HostField>
        {uploading ? <p className="zx-hint">{t.uploading}</p> : null}
      </div>
    </form>
  )
}
