import { useStore } from '@nanostores/react'
import { useState, type FormEvent } from 'react'
import { sendPlacementLog } from '../../api/placements'
import { $common, $placementsMessages } from '../../i18n'
import { $placementDrafts, draftOf, dropDraft, keepDraft, type LogDraft } from '../../stores/placement-draft'
import { uploadOneFile } from '../../stores/single-upload'
import { showToast } from '../../stores/toasts'
import { failureDetail } from '../shared/load'
import { Field, FormError } from '../shared/ui'
import { useUploadErrorText } from '../shared/use-upload-error-text'
import { LogAiHelp } from './log-ai-help'

/** Today in the phone's own time zone, as YYYY-MM-DD. */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

/**
 * A day's log: date, what I did, hours, night shift, photos (the chunked
 * uploader), optional place. Every keystroke is kept as a draft on this phone
 * (under the person's own key, gone at sign-out) until the log is sent.
 */
export function StudentLogForm({ placementId, startDate, onSent }: { placementId: string; startDate: string; onSent: () => void }) {
  const t = useStore($placementsMessages)
  const common = useStore($common)
  const uploadError = useUploadErrorText()
  useStore($placementDrafts)
  const draft = draftOf(placementId)
  const [uploading, setUploading] = useState(0)
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const change = (patch: Partial<LogDraft>) => keepDraft(placementId, { ...draftOf(placementId), ...patch })
  const date = draft.date || today()

  async function addPhotos(files: FileList | null) {
    for (const file of files ? [...files] : []) {
      setUploading(n => n + 1)
      try {
        const stored = await uploadOneFile(file, () => undefined)
        change({ fileIds: [...draftOf(placementId).fileIds, stored.id] })
      } catch (failure) {
        setError(t.uploadFailed({ reason: uploadError(failure instanceof Error ? failure.message : null) }))
      } finally {
        setUploading(n => n - 1)
      }
    }
  }

  async function send(event: FormEvent) {
    event.preventDefault()
    const hours = Number(draft.hours)
    if (!draft.text.trim()) return setError(t.textRequired)
    if (draft.hours.trim() === '' || !Number.isFinite(hours) || hours < 0 || hours > 24) return setError(t.hoursInvalid)
    setError(null)
    setSending(true)
    try {
      const location = draft.location.trim()
      await sendPlacementLog(placementId, {
        date,
        text: draft.text.trim(),
        hours,
        night: draft.night,
        ...(location ? { location } : {}),
        ...(draft.fileIds.length ? { fileIds: draft.fileIds } : {}),
      })
      dropDraft(placementId)
      showToast('success', t.sent)
      onSent()
    } catch (failure) {
      setError(failureDetail(failure, common))
    } finally {
      setSending(false)
    }
  }

  return (
    <form className="card log-form" onSubmit={send} noValidate data-testid="log-form">
      <h2>{t.logTitle}</h2>
      <Field label={t.date}>
        <input className="input" type="date" value={date} max={today()} onChange={e => change({ date: e.target.value })} data-testid="log-date" />
      </Field>
      <Field label={t.text}>
        <textarea className="input" rows={5} maxLength={5000} value={draft.text} onChange={e => change({ text: e.target.value })} data-testid="log-text" />
      </Field>
      <LogAiHelp placementId={placementId} startDate={startDate} date={date} text={draft.text} onDraft={text => change({ text })} />
      <Field label={t.hours}>
        <input className="input" inputMode="decimal" value={draft.hours} onChange={e => change({ hours: e.target.value })} data-testid="log-hours" />
      </Field>
      <label className="check">
        <input type="checkbox" checked={draft.night} onChange={e => change({ night: e.target.checked })} data-testid="log-night" />
        <span>{t.night}</span>
      </label>
      <Field label={t.photos} hint={uploading ? t.uploading : draft.fileIds.length ? String(draft.fileIds.length) : undefined}>
        <input className="input" type="file" accept="image/*" multiple onChange={e => void addPhotos(e.target.files)} data-testid="log-photos" />
      </Field>
      <Field label={t.location}>
        <input className="input" maxLength={200} value={draft.location} onChange={e => change({ location: e.target.value })} data-testid="log-location" />
      </Field>
      <p className="muted">{t.draftKept}</p>
      <FormError message={error} testId="log-error" />
      <button type="submit" className="button primary" part="actions" disabled={sending || uploading > 0} data-testid="log-send">
        {sending ? t.sending : t.send}
      </button>
    </form>
  )
}
