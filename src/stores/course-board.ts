import { atom } from 'nanostores'
import { fetchCourseBoard, type CourseBoard } from '../api/courses'
import { isCancel } from '../api/errors'
import { onUserChange, perUser } from './user-scope'

/** The course board shown (one at a time); each load cancels the one before. */
const empty = () => ({ courseId: '', days: 14, data: null, loading: false })
export const $courseBoard = perUser(atom<{ courseId: string; days: number; data: CourseBoard | null; loading: boolean }>(empty()), empty)

let current: AbortController | undefined
onUserChange(() => current?.abort())

export async function loadCourseBoard(courseId: string, days: number): Promise<void> {
  current?.abort()
  const controller = (current = new AbortController())
  const shown = $courseBoard.get()
  $courseBoard.set({ courseId, days, data: shown.courseId === courseId ? shown.data : null, loading: true })
  try {
    const data = await fetchCourseBoard(courseId, days, { signal: controller.signal })
    if (current === controller) $courseBoard.set({ courseId, days, data, loading: false })
  } catch (error) {
    if (current === controller && !isCancel(error)) $courseBoard.set({ courseId, days, data: null, loading: false })
  }
}
