// A course server in the test page: one course with two chapters and three
// lessons, answering the calls the course elements make.
import type { CourseBoard, CourseDetail, Lesson } from '../../../src/api/courses'
import { $course, $lesson } from '../../../src/stores/courses'
import { clearToasts } from '../../../src/stores/toasts'
import { envelope, fakeFetch, type FakeFetch, type SentRequest } from '../support/fake-fetch'

export function sampleCourse(role: CourseDetail['role'] = 'teacher'): CourseDetail {
  const head = (id: string, title: string) => ({ id, title, durationMinutes: 30, hasVideo: false, attachmentCount: 0, progress: null })
  return {
    id: 'c1',
    title: '数控车床编程与操作',
    description: '从对刀到 G 代码',
    cover: '',
    category: '数控技术',
    term: '2025-2026学年第一学期',
    status: 'draft',
    teachers: [{ id: 't1', name: '王老师' }],
    classes: [],
    lessonCount: 3,
    studentCount: 0,
    publishedAt: null,
    updateTime: 1,
    role,
    canEdit: role === 'teacher',
    ...(role === 'teacher'
      ? { joinCode: 'ABC234', ai: { systemPrompt: '', assistantId: null, model: null, modelVersion: null, temperature: null, topP: null, datasetIds: [] } }
      : {}),
    chapters: [
      { id: 'ch1', title: '第一章', lessons: [head('l1', '1.1 对刀'), head('l2', '1.2 安全')] },
      { id: 'ch2', title: '第二章', lessons: [head('l3', '2.1 G 代码')] },
    ],
  }
}

export function sampleBoard(): CourseBoard {
  const days = ['2026-11-19', '2026-11-20', '2026-11-21']
  return {
    days: days.length,
    enrolment: { students: 2, viaCode: 0, classes: [{ id: 'k1', name: '2024级数控技术1班', students: 2 }] },
    lessons: { total: 3 },
    completion: {
      completions: 2,
      rate: 33,
      finishedStudents: 0,
      perLesson: [{ lessonId: 'l1', title: '1.1 对刀', chapterTitle: '第一章', opened: 2, completed: 2 }],
    },
    daily: days.map((day, i) => ({ day, activeStudents: i, questions: i * 2, completions: i === 2 ? 2 : 0 })),
    totals: { questions: 6, activeStudents: 2, completions: 2 },
    topics: [
      { term: '对刀', count: 4 },
      { term: '数控', count: 2 },
    ],
  }
}

const TEACHERS = [
  { id: 't1', name: '王老师', username: 'teacher' },
  { id: 't2', name: '李老师', username: 'teacher2' },
]

export interface FakeCourseServer extends FakeFetch {
  /** Bodies of the lesson saves (PUT /course/lessons/{id}), in order. */
  lessonSaves(): Array<{ content: string }>
  /** Bodies of the outline saves, in order. */
  outlines(): Array<{ chapters: Array<{ id: string; lessonIds: string[] }> }>
}

const path = (request: SentRequest) => new URL(request.url, location.href).pathname.replace(/^\/new-chat\//, '')

/** A lesson as GET /course/lessons/{id} returns it; its text is markdown written before the editor existed. */
export function sampleLesson(id: string, content = '## 对刀\n\n先回零，再试切。'): Lesson {
  return { id, courseId: 'c1', chapterId: 'ch1', title: '1.1 对刀', content, durationMinutes: 30, video: null, attachments: [], updateTime: 1, progress: null }
}

/** What the course's page lists as shared from the resource library. */
export function sampleMaterial(name: string) {
  const url = `/new-chat/app/api/file/f-${encodeURIComponent(name)}?access=signed`
  return {
    id: `r-${name}`,
    name,
    mime: 'application/pdf',
    size: 2048,
    kind: 'pdf',
    tags: [],
    folderId: null,
    url,
    downloadUrl: `${url}&download=1`,
    courseIds: [],
    mine: false,
    createTime: 1,
    updateTime: 1,
  }
}

export function startFakeCourseServer(course: CourseDetail = sampleCourse(), materials: unknown[] = []): FakeCourseServer {
  let current = course
  const lessons = new Map<string, Lesson>()
  let uploaded = 0
  const fake = fakeFetch(async request => {
    const p = path(request)
    if (request.method === 'GET' && p === `course/courses/${current.id}`) return envelope(200, current)
    if (request.method === 'PUT' && p === `course/courses/${current.id}/outline`) {
      const body = JSON.parse(String(request.body)) as { chapters: Array<{ id: string; lessonIds: string[] }> }
      const lessons = new Map(current.chapters.flatMap(c => c.lessons).map(l => [l.id, l]))
      const titles = new Map(current.chapters.map(c => [c.id, c.title]))
      current = { ...current, chapters: body.chapters.map(c => ({ id: c.id, title: titles.get(c.id)!, lessons: c.lessonIds.map(id => lessons.get(id)!) })) }
      return envelope(200, current)
    }
    const lesson = /^course\/lessons\/([\w-]+)$/.exec(p)
    if (lesson && request.method === 'GET') return envelope(200, lessons.get(lesson[1]!) ?? sampleLesson(lesson[1]!))
    if (lesson && request.method === 'PUT') {
      const saved = { ...(lessons.get(lesson[1]!) ?? sampleLesson(lesson[1]!)), ...(JSON.parse(String(request.body)) as object) } as Lesson
      lessons.set(lesson[1]!, saved)
      return envelope(200, saved)
    }
    if (request.method === 'POST' && p === 'app/api/file/upload') {
      const file = (request.body as FormData).get('file') as File
      if (file.name.startsWith('broken')) return envelope(415, null, '不支持的文件类型')
      const id = `f${++uploaded}`
      return envelope(200, { id, url: `/new-chat/app/api/file/${id}`, name: file.name, size: file.size, mime: file.type })
    }
    if (request.method === 'GET' && p === `course/courses/${current.id}/board`) return envelope(200, sampleBoard())
    if (request.method === 'GET' && p === `course/resource/course/${current.id}`) return envelope(200, materials)
    if (request.method === 'GET' && p === 'course/teachers') return envelope(200, TEACHERS)
    if (request.method === 'PUT' && p === `course/courses/${current.id}/teachers`) {
      const { userIds } = JSON.parse(String(request.body)) as { userIds: string[] }
      current = { ...current, teachers: TEACHERS.filter(t => userIds.includes(t.id)).map(t => ({ id: t.id, name: t.name })) }
      return envelope(200, current)
    }
    return envelope(404, null, '没有这个接口')
  })
  return {
    ...fake,
    lessonSaves: () => fake.requests.filter(r => r.method === 'PUT' && r.url.includes('/lessons/')).map(r => JSON.parse(String(r.body))),
    outlines: () => fake.requests.filter(r => r.method === 'PUT' && r.url.includes('/outline')).map(r => JSON.parse(String(r.body))),
  }
}

/**
 * Around each test of the calling describe block: empty course stores and
 * toasts, a fresh fake server (`fake.server`, which a test may swap for one
 * playing another course), restored afterwards.
 */
export function useFakeCourseServer(): { server: FakeCourseServer } {
  const fake = {} as { server: FakeCourseServer }
  beforeEach(() => {
    $course.set({ data: null, loading: false, failed: false })
    $lesson.set({ data: null, loading: false, failed: false })
    clearToasts()
    fake.server = startFakeCourseServer()
  })
  afterEach(() => fake.server.restore())
  return fake
}
