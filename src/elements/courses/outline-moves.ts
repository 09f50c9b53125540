import type { Chapter } from '../../api/courses'

/**
 * The outline's reorderings as pure functions: the drag-and-drop handlers
 * and the keyboard up/down buttons both produce a new outline through them.
 */

/** Moves chapter `from` to index `to` (in the list without it). */
export function moveChapter(chapters: readonly Chapter[], chapterId: string, to: number): Chapter[] {
  const from = chapters.findIndex(c => c.id === chapterId)
  if (from < 0) return [...chapters]
  const rest = chapters.filter(c => c.id !== chapterId)
  const index = Math.max(0, Math.min(to, rest.length))
  return [...rest.slice(0, index), chapters[from]!, ...rest.slice(index)]
}

/** Moves a lesson into chapter `chapterId` at `index` (in that chapter without the lesson). */
export function moveLesson(chapters: readonly Chapter[], lessonId: string, chapterId: string, index: number): Chapter[] {
  const lesson = chapters.flatMap(c => c.lessons).find(l => l.id === lessonId)
  if (!lesson || !chapters.some(c => c.id === chapterId)) return [...chapters]
  return chapters.map(c => {
    const lessons = c.lessons.filter(l => l.id !== lessonId)
    if (c.id !== chapterId) return lessons.length === c.lessons.length ? c : { ...c, lessons }
    const at = Math.max(0, Math.min(index, lessons.length))
    return { ...c, lessons: [...lessons.slice(0, at), lesson, ...lessons.slice(at)] }
  })
}

/**
 * One step up or down, as the keyboard buttons do: within the chapter, or
 * across its edge into the end of the previous (start of the next) chapter.
 */
export function stepLesson(chapters: readonly Chapter[], lessonId: string, step: -1 | 1): Chapter[] {
  const ci = chapters.findIndex(c => c.lessons.some(l => l.id === lessonId))
  if (ci < 0) return [...chapters]
  const li = chapters[ci]!.lessons.findIndex(l => l.id === lessonId)
  const target = li + step
  if (target >= 0 && target < chapters[ci]!.lessons.length) return moveLesson(chapters, lessonId, chapters[ci]!.id, target)
  const neighbour = chapters[ci + step]
  if (!neighbour) return [...chapters]
  return moveLesson(chapters, lessonId, neighbour.id, step === -1 ? neighbour.lessons.length : 0)
}

/** Whether two outlines are in the same order (nothing to save). */
export function sameOrder(a: readonly Chapter[], b: readonly Chapter[]): boolean {
  const key = (chapters: readonly Chapter[]) => chapters.map(c => `${c.id}:${c.lessons.map(l => l.id).join(',')}`).join('|')
  return key(a) === key(b)
}
