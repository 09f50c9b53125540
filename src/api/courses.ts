import { request, type RequestOptions } from './client'

/** Course calls (docs/api/courses.md): courses, chapters and lessons, progress, join codes, the board. */

export type CourseStatus = 'draft' | 'published' | 'archived'
export type CourseRole = 'teacher' | 'student' | 'manager'

export interface PersonRef {
  id: string
  name: string
}

export interface ClassRef {
  id: string
  name: string
  term: string
}

export interface CourseProgress {
  completed: number
  opened: number
  total: number
  percent: number
  lastLessonId: string | null
}

export interface CourseCard {
  id: string
  title: string
  description: string
  cover: string
  category: string
  term: string
  status: CourseStatus
  teachers: PersonRef[]
  classes: ClassRef[]
  lessonCount: number
  studentCount: number
  publishedAt: number | null
  updateTime: number
  progress?: CourseProgress
  activity?: { questions7d: number; activeStudents7d: number }
}

export interface CourseAi {
  systemPrompt: string
  assistantId: string | null
  model: string | null
  modelVersion: string | null
  temperature: number | null
  topP: number | null
  datasetIds: string[]
}

export interface LessonProgress {
  openedAt: number
  completedAt: number | null
}

export interface LessonHead {
  id: string
  title: string
  durationMinutes: number
  hasVideo: boolean
  attachmentCount: number
  progress: LessonProgress | null
}

export interface Chapter {
  id: string
  title: string
  lessons: LessonHead[]
}

export interface CourseDetail extends CourseCard {
  role: CourseRole
  canEdit: boolean
  /** Students only: joined with the code (and may leave). */
  joinedByCode?: boolean
  joinCode?: string | null
  ai?: CourseAi
  chapters: Chapter[]
}

export interface LessonVideo {
  url: string
  name: string
  fileId?: string
}

export interface LessonAttachment {
  fileId: string
  name: string
  size: number
  mime: string
  url: string
}

export interface Lesson {
  id: string
  courseId: string
  chapterId: string
  title: string
  content: string
  durationMinutes: number
  video: LessonVideo | null
  attachments: LessonAttachment[]
  updateTime: number
  progress: LessonProgress | null
}

export interface CourseListQuery {
  keyword?: string
  status?: CourseStatus
  category?: string
  term?: string
  page?: number
  pageSize?: number
}

export interface CourseList {
  items: CourseCard[]
  total: number
  facets: { categories: string[]; terms: string[] }
}

export interface CourseFields {
  title?: string
  description?: string
  cover?: string
  category?: string
  term?: string
  ai?: Partial<CourseAi>
}

export interface LessonFields {
  title?: string
  content?: string
  durationMinutes?: number
  video?: { fileId?: string; url?: string; name?: string } | null
  attachments?: Array<{ fileId: string }>
}

export interface ClassOption {
  id: string
  name: string
  term: string
  studentCount: number
  teachers: PersonRef[]
  mine: boolean
}

export interface CourseStudent {
  id: string
  name: string
  username: string
  classes: string[]
  viaCode: boolean
  completed: number
  opened: number
}

export interface CourseBoard {
  days: number
  enrolment: { students: number; viaCode: number; classes: Array<{ id: string; name: string; students: number }> }
  lessons: { total: number }
  completion: {
    completions: number
    rate: number
    finishedStudents: number
    perLesson: Array<{ lessonId: string; title: string; chapterTitle: string; opened: number; completed: number }>
  }
  daily: Array<{ day: string; activeStudents: number; questions: number; completions: number }>
  totals: { questions: number; activeStudents: number; completions: number }
  topics: Array<{ term: string; count: number }>
}

export interface DatasetOption {
  id: string
  name: string
  /** 'private' datasets answer their owner only, never the course's students. */
  visibility: string
}

const path = (...parts: string[]) => parts.map(encodeURIComponent).join('/')

export const listCourses = (query: CourseListQuery, options?: RequestOptions) => request<CourseList>('GET', 'course/courses', query, options)
export const fetchCourse = (id: string, options?: RequestOptions) => request<CourseDetail>('GET', `course/courses/${path(id)}`, undefined, options)
export const createCourse = (fields: CourseFields & { title: string }) => request<CourseDetail>('POST', 'course/courses', fields)
export const updateCourse = (id: string, fields: CourseFields) => request<CourseDetail>('PUT', `course/courses/${path(id)}`, fields)
export const deleteCourse = (id: string) => request<null>('DELETE', `course/courses/${path(id)}`)
export const setCourseStatus = (id: string, status: CourseStatus) => request<CourseDetail>('POST', `course/courses/${path(id)}/status`, { status })
export const changeJoinCode = (id: string, action: 'regenerate' | 'disable') =>
  request<{ joinCode: string | null }>('POST', `course/courses/${path(id)}/joinCode`, { action })
export const setCourseClasses = (id: string, classIds: string[]) => request<CourseDetail>('PUT', `course/courses/${path(id)}/classes`, { classIds })
export const fetchCourseStudents = (id: string) => request<CourseStudent[]>('GET', `course/courses/${path(id)}/students`)
export const removeCourseMember = (id: string, userId: string) => request<null>('DELETE', `course/courses/${path(id, 'members', userId)}`)
export const fetchCourseBoard = (id: string, days: number, options?: RequestOptions) =>
  request<CourseBoard>('GET', `course/courses/${path(id)}/board`, { days }, options)
export const saveOutline = (id: string, chapters: Array<{ id: string; lessonIds: string[] }>) =>
  request<CourseDetail>('PUT', `course/courses/${path(id)}/outline`, { chapters })
export const addChapter = (courseId: string, title: string) =>
  request<{ id: string; title: string }>('POST', `course/courses/${path(courseId)}/chapters`, { title })
export const renameChapter = (id: string, title: string) => request<unknown>('PUT', `course/chapters/${path(id)}`, { title })
export const deleteChapter = (id: string) => request<null>('DELETE', `course/chapters/${path(id)}`)
export const addLesson = (chapterId: string, fields: LessonFields & { title: string }) =>
  request<Lesson>('POST', `course/chapters/${path(chapterId)}/lessons`, fields)
export const fetchLesson = (id: string, options?: RequestOptions) => request<Lesson>('GET', `course/lessons/${path(id)}`, undefined, options)
export const updateLesson = (id: string, fields: LessonFields) => request<Lesson>('PUT', `course/lessons/${path(id)}`, fields)
export const deleteLesson = (id: string) => request<null>('DELETE', `course/lessons/${path(id)}`)
export const completeLesson = (id: string, completed: boolean) => request<Lesson>('POST', `course/lessons/${path(id)}/complete`, { completed })
export const leaveCourse = (id: string) => request<null>('DELETE', `course/courses/${path(id)}/membership`)
/** A course code joins the course; a class code joins the class (and so its courses). */
export const joinCourse = (code: string) => request<CourseCard | { class: { id: string; name: string } }>('POST', 'course/join', { code }, { quiet: true })
export const fetchClassOptions = () => request<ClassOption[]>('GET', 'course/classes')
export const fetchTeacherOptions = (keyword?: string) => request<Array<{ id: string; name: string; username: string }>>('GET', 'course/teachers', { keyword })
export const setCourseTeachers = (id: string, userIds: string[]) => request<CourseDetail>('PUT', `course/courses/${path(id)}/teachers`, { userIds })

/** Datasets the course AI may answer from (the knowledge library's picker); empty until that library exists. */
export async function fetchDatasetOptions(): Promise<DatasetOption[]> {
  try {
    const data = await request<unknown>('GET', 'course/ragDataset/ragDsSelect', undefined, { quiet: true })
    const list = Array.isArray(data) ? data : []
    return list
      .map(item => item as { id?: unknown; name?: unknown; visibility?: unknown })
      .map(item => ({ id: String(item.id ?? ''), name: String(item.name ?? ''), visibility: String(item.visibility ?? '') }))
      .filter(item => item.id)
  } catch {
    return []
  }
}

/** A generated picture (into the lesson text) or video (as the lesson video); 409 when the lesson has a video and `replaceVideo` is not set. */
export const insertIntoLesson = (lessonId: string, body: { fileId: string; caption?: string; replaceVideo?: boolean }, options?: RequestOptions) =>
  request<Lesson>('POST', `course/lessons/${path(lessonId)}/insert`, body, options)
