/**
 * Where the course elements lead. They navigate with ordinary links, so the
 * host app's router (which reads clicks inside shadow roots) keeps the URL,
 * and a page without it simply loads the address.
 */

export interface DetailPlace {
  lessonId?: string
  tab?: string
  /** 'teach': the lesson full screen for a projector, the AI panel beside it. */
  view?: string
}

export const COURSE_LIST_PATH = '/course/list'

/** Class management lives in the course list page (every side has /course/list). */
export const CLASSES_PATH = `${COURSE_LIST_PATH}?view=classes`

export function classHref(classId: string): string {
  return `${CLASSES_PATH}&${new URLSearchParams({ classId })}`
}

/**
 * Where a course opens. Students have no detail route (SPEC §2 gives client
 * type 3 only /course/list): their list element shows the course itself
 * when the URL names one.
 */
export function detailHref(course: string | { id: string; role?: string }, place: DetailPlace = {}): string {
  const { id: courseId, role } = typeof course === 'string' ? { id: course, role: undefined } : course
  const base = role === 'student' ? COURSE_LIST_PATH : '/course/detail'
  const query = new URLSearchParams({ courseId })
  if (place.lessonId) query.set('lessonId', place.lessonId)
  if (place.tab) query.set('tab', place.tab)
  if (place.view) query.set('view', place.view)
  return `${base}?${query}`
}

/** Follows a path the way a click on a link would (the host router, or a page load). */
export function go(from: HTMLElement | undefined, path: string): void {
  const root = from?.shadowRoot ?? document.body
  const link = document.createElement('a')
  link.href = path
  link.hidden = true
  root.append(link)
  link.click()
  link.remove()
}

/** The teacher's projector page of a live session, and the students' page to join one. */
export const LIVE_PATH = '/course/live'
export const LIVE_JOIN_PATH = '/course/liveJoin'

export function liveHref(sessionId: string): string {
  return `${LIVE_PATH}?${new URLSearchParams({ sessionId })}`
}

/** The join page with the code filled in (what the projector's QR code holds). */
export function liveJoinHref(code: string, origin = ''): string {
  return `${origin}${LIVE_JOIN_PATH}?${new URLSearchParams({ code })}`
}
