import { useStore } from '@nanostores/react'
import { useState, type ReactNode } from 'react'
import { insertIntoLesson } from '../../../api/courses'
import { ApiError } from '../../../api/errors'
import { $generationsMessages } from '../../../i18n'
import { showToast } from '../../../stores/toasts'
import { ConfirmDialog } from '../ui'
import { LessonPicker, type PickedLesson } from './lesson-picker'

/** A result to put into a lesson: its stored files (pictures go into the lesson text, a video becomes the lesson video). */
export type InsertableFiles = () => Promise<Array<{ id: string; mime: string }>>

/**
 * "Insert into a lesson" for a generated result (a picture, a video, a mind
 * map exported as a picture): pick the lesson, then the server puts each file
 * in as the lesson content it is. A lesson that already has a video is asked
 * about before it is replaced. Returns `start(files)` and the dialogs to render.
 */
export function useInsertIntoLesson(caption: string): { start: (files: InsertableFiles) => void; dialogs: ReactNode } {
  const t = useStore($generationsMessages)
  const [pending, setPending] = useState<InsertableFiles | null>(null)
  const [busy, setBusy] = useState(false)
  const [replace, setReplace] = useState<{ lesson: PickedLesson; fileId: string } | null>(null)

  const insert = async (lesson: PickedLesson, files: InsertableFiles, replaceVideo = false) => {
    setBusy(true)
    try {
      for (const file of await files()) {
        try {
          await insertIntoLesson(lesson.id, { fileId: file.id, caption, replaceVideo }, { quiet: true })
        } catch (error) {
          // The lesson has its own video: ask before replacing it.
          if (error instanceof ApiError && error.status === 409 && file.mime.startsWith('video/')) {
            setReplace({ lesson, fileId: file.id })
            return
          }
          throw error
        }
      }
      setPending(null)
      setReplace(null)
      showToast('success', t.inserted.replace('{title}', lesson.title))
    } catch (error) {
      showToast('error', t.insertFailed.replace('{reason}', error instanceof Error ? error.message : ''))
    } finally {
      setBusy(false)
    }
  }

  const dialogs = (
    <>
      {pending && !replace ? <LessonPicker busy={busy} onClose={() => setPending(null)} onPick={lesson => void insert(lesson, pending)} /> : null}
      {replace ? (
        <ConfirmDialog
          heading={t.replaceVideoTitle}
          message={t.replaceVideoMessage.replace('{title}', replace.lesson.title)}
          confirmLabel={t.replaceVideo}
          onCancel={() => {
            setReplace(null)
            setPending(null)
          }}
          onConfirm={() => void insert(replace.lesson, async () => [{ id: replace.fileId, mime: 'video/mp4' }], true)}
        />
      ) : null}
    </>
  )
  return { start: files => setPending(() => files), dialogs }
}
