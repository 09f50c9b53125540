import { useStore } from '@nanostores/react'
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react'
import type { LessonAttachment } from '../../api/courses'
import { $coursesMessages } from '../../i18n'
import { lessonForEditing, saveLesson, uploadCourseFile, uploadLessonVideo } from '../../stores/course-editor'
import { showToast } from '../../stores/toasts'
import { Field, Icon, IconButton, Modal, ModalActions } from '../shared/ui'
import { useUploadErrorText } from '../shared/use-upload-error-text'
import { ContentEditor, contentEditorCss } from './lesson-content/content-editor'
import { Loading } from './loading'
import { styles } from '../shared/styles'

/**
 * Editing one lesson: title, estimated minutes, its text (markdown, written
 * in the toolbar editor of ./lesson-content beside a preview that renders
 * math, code and tips exactly as students see it), a video (its address: an uploaded file or a link) and attachments.
 */
export function LessonEditor({ courseId, lessonId, onClose }: { courseId: string; lessonId: string; onClose: () => void }) {
  const t = useStore($coursesMessages)
  const errorText = useUploadErrorText()
  const [loaded, setLoaded] = useState(false)
  const [title, setTitle] = useState('')
  const [duration, setDuration] = useState('')
  const [content, setContent] = useState('')
  const [videoUrl, setVideoUrl] = useState('')
  const [attachments, setAttachments] = useState<LessonAttachment[]>([])
  const [uploading, setUploading] = useState(false)
  const [imagesUploading, setImagesUploading] = useState(0)
  const [videoProgress, setVideoProgress] = useState<number | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    let live = true
    lessonForEditing(lessonId).then(
      lesson => {
        if (!live) return
        setTitle(lesson.title)
        setDuration(lesson.durationMinutes ? String(lesson.durationMinutes) : '')
        setContent(lesson.content)
        // An uploaded video comes with a link signed for this sign-in; the field shows its plain address.
        setVideoUrl(lesson.video?.fileId ? (lesson.video.url.split('?')[0] ?? '') : (lesson.video?.url ?? ''))
        setAttachments(lesson.attachments)
        setLoaded(true)
      },
      () => onClose(),
    )
    return () => {
      live = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loads once per lesson; onClose is a fresh closure on every render
  }, [lessonId])

  const upload = async (file: File) => {
    setUploading(true)
    try {
      return await uploadCourseFile(file)
    } finally {
      setUploading(false)
    }
  }

  /** Large videos go through the chunked uploader; the stored file's address fills the field. */
  const pickVideo = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    setVideoProgress(0)
    try {
      setVideoUrl((await uploadLessonVideo(file, setVideoProgress)).url)
    } catch (error) {
      showToast('error', error instanceof Error ? errorText(error.message) : t.uploadFailed)
    } finally {
      setVideoProgress(null)
    }
  }

  const addAttachment = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])]
    event.target.value = ''
    for (const file of files) {
      const uploaded = await upload(file).catch(() => null)
      if (uploaded) setAttachments(list => [...list, { fileId: uploaded.id, name: uploaded.name, size: uploaded.size, mime: uploaded.mime, url: uploaded.url }])
    }
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!title.trim() || busy) return
    setBusy(true)
    try {
      await saveLesson(courseId, lessonId, {
        title: title.trim(),
        content,
        durationMinutes: Math.max(0, Math.min(1440, Number.parseInt(duration, 10) || 0)),
        video: videoUrl.trim() ? { url: videoUrl.trim() } : null,
        attachments: attachments.map(a => ({ fileId: a.fileId })),
      })
      onClose()
    } catch {
      setBusy(false)
    }
  }

  return (
    <Modal heading={t.editLesson} onClose={onClose} testId="lesson-editor" wide>
      {!loaded ? (
        <Loading />
      ) : (
        <form className="form lesson-form" onSubmit={submit}>
          <div className="form-row title-row">
            <Field label={t.lessonTitle}>
              <input className="input" name="title" required maxLength={100} value={title} onChange={e => setTitle(e.target.value)} />
            </Field>
            <Field label={t.duration} className="duration">
              <input
                className="input"
                name="duration"
                type="number"
                min={0}
                max={1440}
                inputMode="numeric"
                value={duration}
                onChange={e => setDuration(e.target.value)}
              />
            </Field>
          </div>
          <div className="field">
            <span className="field-label">{t.content}</span>
            <ContentEditor initial={content} onChange={setContent} upload={uploadCourseFile} onUploading={setImagesUploading} />
            <span className="field-hint">{t.contentHint}</span>
          </div>
          <div className="field">
            <label className="field-label" htmlFor="lesson-video">
              {t.video}
            </label>
            <div className="video-row">
              <input
                id="lesson-video"
                className="input"
                name="video"
                type="text"
                inputMode="url"
                autoComplete="off"
                value={videoUrl}
                placeholder={t.videoUrlPlaceholder}
                onChange={e => setVideoUrl(e.target.value)}
              />
              <label className="button small" aria-disabled={videoProgress !== null || undefined}>
                <Icon name="play" /> {videoProgress === null ? t.uploadVideo : t.uploadingPercent({ percent: Math.round(videoProgress * 100) })}
                <input
                  type="file"
                  accept="video/mp4,video/webm,video/quicktime,.mp4,.m4v,.webm,.mov"
                  hidden
                  disabled={videoProgress !== null}
                  onChange={e => void pickVideo(e)}
                  data-testid="video-file"
                />
              </label>
            </div>
            {videoProgress !== null ? (
              <div className="bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(videoProgress * 100)}>
                <span style={{ width: `${videoProgress * 100}%` }} />
              </div>
            ) : null}
          </div>
          <div className="field">
            <span className="field-label">{t.attachments}</span>
            {attachments.length ? (
              <ul className="files">
                {attachments.map(a => (
                  <li key={a.fileId}>
                    <Icon name="paperclip" size={14} />
                    <span className="file-name">{a.name}</span>
                    <IconButton
                      icon="close"
                      label={t.removeAttachment}
                      of={a.name}
                      onClick={() => setAttachments(list => list.filter(x => x.fileId !== a.fileId))}
                    />
                  </li>
                ))}
              </ul>
            ) : null}
            <label className="button ghost small add-file">
              <Icon name="plus" /> {t.addAttachment}
              <input type="file" multiple hidden onChange={e => void addAttachment(e)} />
            </label>
          </div>
          <ModalActions
            onCancel={onClose}
            confirmLabel={t.saveLesson}
            disabled={busy || uploading || imagesUploading > 0 || videoProgress !== null || !title.trim()}
            testId="save-lesson">
            {uploading || imagesUploading ? <span className="muted">{t.uploading}</span> : null}
          </ModalActions>
        </form>
      )}
    </Modal>
  )
}

export const lessonEditorCss = `${contentEditorCss}
.lesson-form .title-row { grid-template-columns: 1fr 160px; }
.segmented { display: inline-flex; padding: 2px; gap: 2px; border-radius: 8px; background: var(--_bg-subtle); border: 1px solid var(--_border); }
.segmented button { height: 26px; padding: 0 10px; border: 0; border-radius: 6px; background: none; color: var(--_text-muted); font: inherit; font-size: 13px; cursor: pointer; }
.segmented button[aria-pressed='true'] { background: var(--_bg-elevated); color: var(--_text); box-shadow: 0 1px 2px rgba(15, 23, 42, 0.12); }
.button.small { height: 30px; padding: 0 10px; font-size: 13px; }
.files { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 4px; }
.files li { display: flex; align-items: center; gap: 8px; padding: 4px 4px 4px 10px; border-radius: var(--_radius-small); background: var(--_bg-subtle); color: var(--_text); }
.file-name { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.add-file { align-self: flex-start; }
.video-row { display: flex; gap: 8px; align-items: center; }
.video-row .input { flex: 1; min-width: 0; }
.video-row .button { height: 36px; }
.modal.wide::part(panel) { width: min(880px, 100%); }
.modal.wide:has(.content-editor)::part(panel) { width: min(1180px, 100%); }
@media (max-width: 640px) { .lesson-form .title-row { grid-template-columns: 1fr; } }
`

LessonEditor.styles = styles(lessonEditorCss)
