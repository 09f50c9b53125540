import { useStore } from '@nanostores/react'
import type { ReactNode } from 'react'
import { cancelGeneration, isActive, type Generation } from '../../api/generations'
import { addResources } from '../../api/resources'
import { $generationsMessages } from '../../i18n'
import { showToast } from '../../stores/toasts'
import { useInsertIntoLesson, type InsertableFiles } from '../shared/lesson-insert'
import { useClientType } from '../shared/use-client-type'

/**
 * Under a job's result: its prompt, then what can be done with it. A finished
 * result is saved to the resource library or (teachers: lessons are theirs)
 * put into a lesson; a queued or running job can be cancelled. `extra` are the
 * page's own buttons for a finished result, `after` those for an ended job.
 */
export function JobFooter({
  job,
  insert,
  extra,
  after,
  onChange,
}: {
  job: Generation
  /** The files that go into a lesson (pictures into its text, a video as its video). */
  insert?: InsertableFiles
  extra?: ReactNode
  after?: ReactNode
  onChange: () => Promise<void>
}) {
  const t = useStore($generationsMessages)
  const teacher = useClientType(undefined) === '1'
  const lessons = useInsertIntoLesson(t.aiMark)
  const save = async () => {
    try {
      await addResources(
        job.files.map(f => f.id),
        null,
        [t.aiMark],
      )
      showToast('success', t.saved)
    } catch {
      // toast shown by the client
    }
  }
  const cancel = () =>
    void cancelGeneration(job.id)
      .then(() => {
        showToast('info', t.cancelled)
        return onChange()
      })
      .catch(() => undefined)
  return (
    <>
      {lessons.dialogs}
      <p className="job-prompt" title={job.prompt}>
        {job.prompt}
      </p>
      <div className="job-actions">
        {job.status === 'succeeded' ? (
          <>
            <button type="button" className="button small" onClick={() => void save()}>
              {t.saveToLibrary}
            </button>
            {extra}
            {teacher && insert ? (
              <button type="button" className="button small ghost" onClick={() => lessons.start(insert)}>
                {t.insertIntoLesson}
              </button>
            ) : null}
          </>
        ) : null}
        {isActive(job) ? (
          <button type="button" className="button small ghost" onClick={cancel}>
            {t.cancel}
          </button>
        ) : (
          after
        )}
      </div>
    </>
  )
}
