import { useStore } from '@nanostores/react'
import { useState, type FormEvent } from 'react'
import type { PracticeApp } from '../../api/practice'
import { ApiError } from '../../api/errors'
import { $assistantsMessages, $practiceMessages } from '../../i18n'
import { isAppUrl, savePractice } from '../../stores/practice'
import { showToast } from '../../stores/toasts'
import { Field, Modal, ModalActions } from '../shared/ui'

/** Register or edit an external practice app: name, address, what it is, an icon. */
export function PracticeAppEditor({ app, onClose }: { app?: PracticeApp; onClose: () => void }) {
  const t = useStore($practiceMessages)
  // The words it shares with the assistants area (its cards, favourites, the way back from a chat).
  const assistantWords = useStore($assistantsMessages)
  const [title, setTitle] = useState(app?.title ?? '')
  const [url, setUrl] = useState(app?.url ?? '')
  const [description, setDescription] = useState(app?.description ?? '')
  const [icon, setIcon] = useState(app?.icon ?? '')
  const [error, setError] = useState('')
  const [saving, setSaving] = useState(false)

  const save = async (event: FormEvent) => {
    event.preventDefault()
    const problem = !title.trim() ? t.appTitleRequired : !isAppUrl(url) ? t.appUrlInvalid : ''
    setError(problem)
    if (problem) return
    setSaving(true)
    try {
      await savePractice({ id: app?.id, title: title.trim(), url: url.trim(), description: description.trim(), icon: icon.trim() })
      showToast('success', t.appSaved)
      onClose()
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : assistantWords.loadFailed)
    } finally {
      setSaving(false)
    }
  }

  return (
    <Modal heading={app ? t.editApp : t.addApp} onClose={onClose} testId="practice-app-editor">
      <form className="editor" noValidate onSubmit={save}>
        <Field label={t.appTitle}>
          <input className="input" maxLength={40} value={title} onChange={e => setTitle(e.target.value)} data-testid="app-title" />
        </Field>
        <Field label={t.appUrl} hint={t.appUrlHint}>
          <input
            className="input"
            type="url"
            inputMode="url"
            maxLength={2000}
            placeholder="https://"
            value={url}
            onChange={e => setUrl(e.target.value)}
            data-testid="app-url"
          />
        </Field>
        <Field label={t.appDescription}>
          <textarea className="textarea short" rows={2} maxLength={300} value={description} onChange={e => setDescription(e.target.value)} />
        </Field>
        <Field label={t.appIcon} hint={t.appIconHint}>
          <input className="input" maxLength={500} value={icon} onChange={e => setIcon(e.target.value)} />
        </Field>
        {error ? (
          <p className="field-error" role="alert" data-testid="app-error">
            {error}
          </p>
        ) : null}
        <ModalActions onCancel={onClose} disabled={saving} testId="app-save" />
      </form>
    </Modal>
  )
}
