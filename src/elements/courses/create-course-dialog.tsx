import { useStore } from '@nanostores/react'
import { useEffect, useState, type FormEvent } from 'react'
import { createCourse } from '../../api/courses'
import { $coursesMessages } from '../../i18n'
import { $courseDicts, loadCourseDicts } from '../../stores/courses'
import { Modal, ModalActions } from '../shared/ui'
import { CourseFieldInputs, type CourseFieldValues } from './course-fields'
import { detailHref, go } from '../shared/links'

/** New course: title and the basics; the editor opens on the new course's outline. */
export function CreateCourseDialog({ host, onClose }: { host: HTMLElement | undefined; onClose: () => void }) {
  const t = useStore($coursesMessages)
  const dicts = useStore($courseDicts)
  const [values, setValues] = useState<CourseFieldValues>({ title: '', description: '', category: '', term: '' })
  const [busy, setBusy] = useState(false)

  useEffect(() => void loadCourseDicts(), [])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!values.title.trim() || busy) return
    setBusy(true)
    try {
      const course = await createCourse({ ...values, title: values.title.trim() })
      onClose()
      go(host, detailHref(course.id))
    } catch {
      setBusy(false)
    }
  }

  return (
    <Modal heading={t.createCourse} onClose={onClose} testId="create-course" wide>
      <form className="form" onSubmit={submit}>
        <CourseFieldInputs values={values} onChange={setValues} dicts={dicts} autoFocus />
        <ModalActions onCancel={onClose} confirmLabel={t.create} disabled={busy || !values.title.trim()} />
      </form>
    </Modal>
  )
}
