import { uploadFile, type UploadedFile } from '../api/files'
import { listAllAssistants } from '../api/assistants'
import { fetchModels } from '../api/chat'
import type { StoredFile } from '../api/uploader'
import { uploadOneFile } from './single-upload'
import {
  addChapter as addChapterCall,
  addLesson as addLessonCall,
  changeJoinCode,
  deleteChapter,
  deleteLesson,
  fetchClassOptions,
  fetchCourseStudents,
  fetchDatasetOptions,
  fetchLesson,
  fetchTeacherOptions,
  removeCourseMember,
  renameChapter as renameChapterCall,
  saveOutline,
  setCourseClasses,
  setCourseTeachers,
  updateCourse,
  updateLesson,
  type Chapter,
  type ClassOption,
  type CourseFields,
  type CourseStudent,
  type DatasetOption,
  type Lesson,
  type LessonFields,
} from '../api/courses'
import { $course, loadCourse, showCourse } from './courses'

/**
 * The teacher's edits to the open course. Each goes to the server and the
 * outline is then shown as the server has it, so two teachers editing at
 * once never see a made-up order.
 */

const reload = (courseId: string) => loadCourse(courseId)

/** The outline in a new order: shown at once, then confirmed (or restored) by the server. */
export async function reorder(courseId: string, chapters: Chapter[]): Promise<void> {
  const course = $course.get().data
  if (course?.id === courseId) showCourse({ ...course, chapters })
  try {
    showCourse(
      await saveOutline(
        courseId,
        chapters.map(c => ({ id: c.id, lessonIds: c.lessons.map(l => l.id) })),
      ),
    )
  } catch {
    await reload(courseId)
  }
}

export async function addChapter(courseId: string, title: string): Promise<void> {
  await addChapterCall(courseId, title)
  await reload(courseId)
}

export async function renameChapter(courseId: string, chapterId: string, title: string): Promise<void> {
  await renameChapterCall(chapterId, title)
  await reload(courseId)
}

export async function removeChapter(courseId: string, chapterId: string): Promise<void> {
  await deleteChapter(chapterId)
  await reload(courseId)
}

export async function addLesson(courseId: string, chapterId: string, title: string): Promise<Lesson> {
  const lesson = await addLessonCall(chapterId, { title })
  await reload(courseId)
  return lesson
}

export async function saveLesson(courseId: string, lessonId: string, fields: LessonFields): Promise<Lesson> {
  const lesson = await updateLesson(lessonId, fields)
  await reload(courseId)
  return lesson
}

export async function removeLesson(courseId: string, lessonId: string): Promise<void> {
  await deleteLesson(lessonId)
  await reload(courseId)
}

export async function saveCourse(courseId: string, fields: CourseFields): Promise<void> {
  showCourse(await updateCourse(courseId, fields))
}

/** The lesson as the editor opens it (teachers' reads leave no progress). */
export function lessonForEditing(lessonId: string): Promise<Lesson> {
  return fetchLesson(lessonId)
}

/** An image or attachment for a lesson or a cover (small uploads; the server publishes it when it is used). */
export function uploadCourseFile(file: File): Promise<UploadedFile> {
  return uploadFile(file)
}

export interface AiOptions {
  models: Array<{ name: string; label: string; versions: string[] }>
  assistants: Array<{ id: string; title: string }>
  datasets: DatasetOption[]
}

/** What the course AI can be set to: configured models, usable assistants, readable datasets. */
export async function loadAiOptions(): Promise<AiOptions> {
  const [catalogue, assistants, datasets] = await Promise.all([
    fetchModels({ quiet: true }).catch(() => null),
    listAllAssistants({}, { quiet: true }).catch(() => []),
    fetchDatasetOptions(),
  ])
  return {
    models: (catalogue?.models ?? []).map(m => ({ name: m.name, label: m.label, versions: m.versions })),
    assistants: assistants.map(a => ({ id: a.id, title: a.title })),
    datasets,
  }
}

export const classOptions = (): Promise<ClassOption[]> => fetchClassOptions()

export async function saveClasses(courseId: string, classIds: string[]): Promise<void> {
  showCourse(await setCourseClasses(courseId, classIds))
}

/** A new join code, or none (disabled); the open course shows it. */
export async function changeCode(courseId: string, action: 'regenerate' | 'disable'): Promise<void> {
  const { joinCode } = await changeJoinCode(courseId, action)
  const course = $course.get().data
  if (course?.id === courseId) showCourse({ ...course, joinCode })
}

export const courseStudents = (courseId: string): Promise<CourseStudent[]> => fetchCourseStudents(courseId)

export const removeStudent = (courseId: string, userId: string): Promise<null> => removeCourseMember(courseId, userId)

export const teacherOptions = (keyword?: string) => fetchTeacherOptions(keyword)

/** The course's teachers now; the open course shows them. */
export async function saveTeachers(courseId: string, userIds: string[]): Promise<void> {
  showCourse(await setCourseTeachers(courseId, userIds))
}

/** A lesson video through the chunked, resumable uploader (large files; a dropped connection resumes). */
export const uploadLessonVideo = (file: File, onProgress: (fraction: number) => void): Promise<StoredFile> => uploadOneFile(file, onProgress)
