import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { fetchCourse, listCourses, type LessonHead } from '../../../api/courses'
import { $generationsMessages } from '../../../i18n'
import { LoadGate, useLoadable } from '../load'
import { Select } from '../select'
import { Field, Modal, ModalActions } from '../ui'

export interface PickedLesson {
  id: string
  title: string
  hasVideo: boolean
}

/**
 * Which lesson a generated result goes into: one of the courses the teacher
 * may edit, then one of its lessons (grouped by chapter). The server checks
 * again that the teacher teaches it.
 */
export function LessonPicker({ busy, onPick, onClose }: { busy: boolean; onPick: (lesson: PickedLesson) => void; onClose: () => void }) {
  const t = useStore($generationsMessages)
  const [coursesState, coursesStore] = useLoadable(signal => listCourses({ pageSize: 100 }, { signal, quiet: true }), [])
  const [courseId, setCourseId] = useState('')
  const [lessonId, setLessonId] = useState('')
  const chosenCourse = courseId || coursesState.data?.items[0]?.id || ''
  const [courseState, courseStore] = useLoadable(
    signal => (chosenCourse ? fetchCourse(chosenCourse, { signal, quiet: true }) : Promise.resolve(null)),
    [chosenCourse],
  )
  const lessons: LessonHead[] = courseState.data?.canEdit ? courseState.data.chapters.flatMap(c => c.lessons) : []
  const lesson = lessons.find(l => l.id === lessonId) ?? lessons[0]

  return (
    <Modal heading={t.insertIntoLesson} onClose={onClose} testId="lesson-picker">
      <LoadGate state={coursesState} what={t.coursesWhat} onRetry={() => void coursesStore.retry()} skeleton="lines" count={2}>
        {list =>
          list.items.length === 0 ? (
            <zx-empty-state message={t.noCourses} />
          ) : (
            <form
              onSubmit={e => {
                e.preventDefault()
                if (lesson) onPick({ id: lesson.id, title: lesson.title, hasVideo: lesson.hasVideo })
              }}>
              <Field label={t.course}>
                <Select
                  value={chosenCourse}
                  data-testid="pick-course"
                  onChange={e => {
                    setCourseId(e.currentTarget.value)
                    setLessonId('')
                  }}
                  options={list.items.map(c => ({ value: c.id, label: c.title }))}
                />
              </Field>
              <LoadGate state={courseState} what={t.lessonsWhat} onRetry={() => void courseStore.retry()} skeleton="lines" count={1}>
                {course =>
                  lessons.length === 0 ? (
                    <p className="notice">{course?.canEdit ? t.noLessons : t.notYourCourse}</p>
                  ) : (
                    <Field label={t.lesson}>
                      <Select value={lesson?.id ?? ''} data-testid="pick-lesson" onChange={e => setLessonId(e.currentTarget.value)}>
                        {course!.chapters.map(chapter => (
                          <optgroup key={chapter.id} label={chapter.title}>
                            {chapter.lessons.map(l => (
                              <option key={l.id} value={l.id}>
                                {l.title}
                              </option>
                            ))}
                          </optgroup>
                        ))}
                      </Select>
                    </Field>
                  )
                }
              </LoadGate>
              <ModalActions onCancel={onClose} confirmLabel={busy ? t.inserting : t.insert} disabled={busy || !lesson} testId="insert-confirm" />
            </form>
          )
        }
      </LoadGate>
    </Modal>
  )
}
