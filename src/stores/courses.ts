import { atom } from 'nanostores'
import { completeLesson, fetchCourse, fetchLesson, leaveCourse, listCourses, type CourseDetail, type CourseListQuery, type Lesson } from '../api/courses'
import { fetchDict } from '../api/content'
import { isCancel } from '../api/errors'
import { loadable } from './loadable'
import { onUserChange, perUser } from './user-scope'

/**
 * Course state: the list a side sees, the open course and the open lesson.
 * The server is the source of truth; nothing here is persisted. Each load
 * cancels the one before it, so a fast typist's older search never lands last.
 */

export interface Loadable<T> {
  data: T | null
  loading: boolean
  /** The load failed (the API client already told the user why). */
  failed: boolean
  /** Why, for the page to tell "gone" from "try again". */
  error?: unknown
}

const idle = <T>(): Loadable<T> => ({ data: null, loading: false, failed: false })

export const $course = perUser(atom<Loadable<CourseDetail>>(idle()), idle)
export const $lesson = perUser(atom<Loadable<Lesson>>(idle()), idle)

/** Runs `load` into `store`, cancelling the previous run; keeps shown data while reloading. */
function loader<T, A extends unknown[]>(store: ReturnType<typeof atom<Loadable<T>>>, load: (signal: AbortSignal, ...args: A) => Promise<T>) {
  let current: AbortController | undefined
  return async (...args: A): Promise<T | null> => {
    current?.abort()
    const controller = (current = new AbortController())
    store.set({ ...store.get(), loading: true, failed: false })
    try {
      const data = await load(controller.signal, ...args)
      if (current === controller) store.set({ data, loading: false, failed: false })
      return data
    } catch (error) {
      if (current === controller && !isCancel(error)) store.set({ data: null, loading: false, failed: true, error })
      return null
    }
  }
}

/** The list a side sees (teacher's, student's, the showcase's), one query at a time. */
export const $courseList = loadable((signal, query: CourseListQuery) => listCourses(query, { signal }))
export const loadCourseList = (query: CourseListQuery) => $courseList.load(query)
onUserChange(() => $courseList.reset())

/** The course detail; `quiet` when a 404 is shown in the page instead of a toast. */
export const loadCourse = loader($course, (signal, id: string) => fetchCourse(id, { signal, quiet: true }))

export const loadLesson = loader($lesson, (signal, id: string) => fetchLesson(id, { signal }))

/** Replaces the open course with what a call returned (edits answer with the whole detail). */
export function showCourse(detail: CourseDetail): void {
  $course.set({ data: detail, loading: false, failed: false })
}

export function clearLesson(): void {
  $lesson.set(idle())
}

/** A student's progress on a lesson, as the server returned it, shown in the outline and the course's counts. */
export function applyLessonProgress(lesson: Lesson): void {
  const course = $course.get().data
  if (!course || course.id !== lesson.courseId || !lesson.progress) return
  const chapters = course.chapters.map(ch => ({
    ...ch,
    lessons: ch.lessons.map(l => (l.id === lesson.id ? { ...l, progress: lesson.progress } : l)),
  }))
  const heads = chapters.flatMap(c => c.lessons)
  const completed = heads.filter(l => l.progress?.completedAt).length
  const opened = heads.filter(l => l.progress).length
  const progress = course.progress && {
    ...course.progress,
    completed,
    opened,
    percent: course.lessonCount ? Math.round((completed / course.lessonCount) * 100) : 0,
    lastLessonId: lesson.id,
  }
  showCourse({ ...course, chapters, ...(progress ? { progress } : {}) })
}

/** A student marks a lesson (not) completed. */
export async function setLessonCompleted(lessonId: string, completed: boolean): Promise<void> {
  const lesson = await completeLesson(lessonId, completed)
  if ($lesson.get().data?.id === lessonId) $lesson.set({ data: lesson, loading: false, failed: false })
  applyLessonProgress(lesson)
}

/** Majors and terms offered when a course is created or edited (the school's dictionaries). */
export const $courseDicts = atom<{ categories: string[]; terms: string[] }>({ categories: [], terms: [] })

let dictsLoaded = false
onUserChange(() => (dictsLoaded = false))
export async function loadCourseDicts(): Promise<void> {
  if (dictsLoaded) return
  dictsLoaded = true
  const [categories, terms] = await Promise.all([fetchDict('course_category').catch(() => []), fetchDict('term').catch(() => [])])
  $courseDicts.set({ categories: categories.map(d => d.label), terms: terms.map(d => d.label) })
}

/** A student leaves a course they joined with its code. */
export async function leaveJoinedCourse(courseId: string): Promise<void> {
  await leaveCourse(courseId)
  $course.set(idle())
}
