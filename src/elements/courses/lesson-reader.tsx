import { useStore } from '@nanostores/react'
import { createElement, useEffect, useRef, useState } from 'react'
import type { CourseDetail, Lesson } from '../../api/courses'
import { $coursesMessages, $locale } from '../../i18n'
import { $lesson, applyLessonProgress, loadLesson, setLessonCompleted } from '../../stores/courses'
import { MarkdownView } from '../shared/markdown'
import { Icon } from '../shared/ui'
import { detailHref, go } from '../shared/links'
import { OutlineView } from './outline-view'
import { Loading } from './loading'
import { StartLive } from './start-live'
import { useLazyElement } from '../shared/use-lazy-element'
import { styles } from '../shared/styles'

/**
 * A lesson with the outline on one side and the course AI on the other
 * (`<zx-dialogue course-id lesson-id>`: each question carries the lesson).
 * `teach`: the teacher's projector view: the whole window, large type,
 * full screen on request, the AI panel beside it; Page Down / Page Up (a
 * presenter clicker) or the arrow keys turn the lesson.
 */
export function LessonReader({ course, lessonId, teach, host }: { course: CourseDetail; lessonId: string; teach: boolean; host: HTMLElement | undefined }) {
  const t = useStore($coursesMessages)
  const locale = useStore($locale)
  const state = useStore($lesson)
  const [aiOpen, setAiOpen] = useState(true)
  const [fullscreen, setFullscreen] = useState(false)
  const root = useRef<HTMLDivElement>(null)

  useEffect(() => {
    void loadLesson(lessonId).then(lesson => lesson && applyLessonProgress(lesson))
  }, [lessonId])

  useEffect(() => {
    const follow = () => setFullscreen(!!document.fullscreenElement)
    document.addEventListener('fullscreenchange', follow)
    return () => document.removeEventListener('fullscreenchange', follow)
  }, [])

  const heads = course.chapters.flatMap(c => c.lessons)
  const index = heads.findIndex(l => l.id === lessonId)
  const previous = index > 0 ? heads[index - 1] : undefined
  const next = index >= 0 ? heads[index + 1] : undefined
  const place = (id: string) => detailHref(course, { lessonId: id, ...(teach ? { view: 'teach' } : {}) })

  // A classroom presenter clicker sends Page Down / Page Up: in the teaching view they turn the lesson.
  useEffect(() => {
    if (!teach) return
    const onKey = (event: KeyboardEvent) => {
      const target = event.composedPath()[0] as HTMLElement | undefined
      if (event.defaultPrevented || target?.closest?.('input, textarea, select, [contenteditable="true"]')) return
      const to = event.key === 'PageDown' || event.key === 'ArrowRight' ? next : event.key === 'PageUp' || event.key === 'ArrowLeft' ? previous : undefined
      if (!to) return
      event.preventDefault()
      go(host, place(to.id))
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the neighbours' ids; next/previous/place are fresh objects on every render
  }, [teach, next?.id, previous?.id, host])
  const lesson = state.data?.id === lessonId ? state.data : null

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen()
    else void (host ?? root.current)?.requestFullscreen?.()
  }

  return (
    <div ref={root} className={teach ? 'reader teach' : 'reader'} data-ai={aiOpen || undefined} data-testid="lesson-reader">
      <header className="reader-bar">
        <a className="back" href={detailHref(course)} title={teach ? t.exitTeachView : t.backToCourses}>
          <Icon name="back" /> <span className="reader-course">{course.title}</span>
        </a>
        <span className="reader-tools">
          {teach ? (
            <button type="button" className="button ghost" onClick={toggleFullscreen}>
              <Icon name={fullscreen ? 'shrink' : 'expand'} /> {fullscreen ? t.exitFullscreen : t.enterFullscreen}
            </button>
          ) : null}
          {teach && course.role === 'teacher' && course.status === 'published' ? <StartLive courseId={course.id} lessonId={lessonId} host={host} /> : null}
          <button type="button" className="button ghost" aria-pressed={aiOpen} onClick={() => setAiOpen(open => !open)} data-testid="toggle-ai">
            <Icon name="sparkles" /> {aiOpen ? t.hideAi : t.showAi}
          </button>
        </span>
      </header>
      <div className="reader-body">
        {!teach ? (
          <aside className="reader-outline">
            <OutlineView course={course} currentLessonId={lessonId} compact />
          </aside>
        ) : null}
        {/* Not <main>: the page's layout holds the one main landmark. */}
        <article className="reader-main">
          {lesson ? <LessonContent lesson={lesson} course={course} locale={locale} /> : <Loading />}
          <nav className="pager" aria-label={t.outline}>
            {/* Keyed: Preact matches an unkeyed child with any unkeyed sibling of the same
                type, so the first lesson's <span> turning into a link took the "next" <a>,
                and the "next" link a keyboard user had just pressed became "previous". */}
            {previous ? (
              <a key="previous" className="button" href={place(previous.id)} rel="prev">
                <Icon name="back" /> {t.previousLesson}
              </a>
            ) : (
              <span key="previous" />
            )}
            {next ? (
              <a key="next" className="button primary" href={place(next.id)} rel="next" data-testid="next-lesson">
                {t.nextLesson} <Icon name="next" />
              </a>
            ) : null}
          </nav>
        </article>
        {aiOpen ? (
          <aside className="reader-ai" aria-label={t.courseAi}>
            <CourseAiPanel courseId={course.id} lessonId={lessonId} />
          </aside>
        ) : null}
      </div>
    </div>
  )
}

function LessonContent({ lesson, course, locale }: { lesson: Lesson; course: CourseDetail; locale: string }) {
  const t = useStore($coursesMessages)
  const done = !!lesson.progress?.completedAt
  return (
    <article className="lesson" data-testid="lesson">
      <h1 className="lesson-title">{lesson.title}</h1>
      {lesson.content.trim() ? (
        <a className="lesson-mind-map" href={`/mindMap?lessonId=${encodeURIComponent(lesson.id)}`} data-testid="lesson-mind-map">
          <Icon name="shareNodes" size={14} /> {t.makeMindMap}
        </a>
      ) : null}
      {lesson.durationMinutes ? (
        <p className="muted lesson-meta">
          <Icon name="clock" size={14} /> {t.minutes({ count: lesson.durationMinutes })}
        </p>
      ) : null}
      {lesson.video ? (
        <video className="lesson-video" controls preload="metadata" src={lesson.video.url} data-testid="lesson-video">
          {t.videoUnsupported}
        </video>
      ) : null}
      {lesson.content.trim() ? (
        <MarkdownView key={lesson.id} text={lesson.content} locale={locale} className="lesson-text" />
      ) : (
        <p className="muted">{t.noLessonContent}</p>
      )}
      {lesson.attachments.length ? (
        <section className="lesson-files">
          <h2>{t.attachments}</h2>
          <ul className="files">
            {lesson.attachments.map(a => (
              <li key={a.fileId}>
                <Icon name="paperclip" size={14} />
                <span className="file-name">{a.name}</span>
                <a className="button ghost small" href={a.url} download={a.name} rel="external">
                  <Icon name="download" /> {t.download}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {course.role === 'student' ? (
        <div className="complete-row">
          <button
            type="button"
            className={done ? 'button done' : 'button primary'}
            aria-pressed={done}
            onClick={() => void setLessonCompleted(lesson.id, !done)}
            data-testid="complete-lesson">
            <Icon name="check" /> {done ? t.completed : t.markComplete}
          </button>
        </div>
      ) : null}
    </article>
  )
}

/** The dialogue element, loaded on first use, scoped to the course and told the lesson. */
function CourseAiPanel({ courseId, lessonId }: { courseId: string; lessonId: string }) {
  const ready = useLazyElement('zx-dialogue', () => import('../chat/define'))
  if (!ready) return <Loading />
  return createElement('zx-dialogue', { 'course-id': courseId, 'lesson-id': lessonId, compact: '', className: 'ai-dialogue', 'data-testid': 'course-ai' })
}

export const lessonReaderCss = `
.reader { display: flex; flex-direction: column; height: calc(100vh - 56px); height: calc(100dvh - 56px); min-height: 520px;
  background: var(--_bg); border: 1px solid var(--_border); border-radius: var(--_radius); overflow: hidden; }
.reader.teach { position: fixed; inset: 0; z-index: 50; height: 100vh; height: 100dvh; border: 0; border-radius: 0; }
.reader-bar { display: flex; align-items: center; justify-content: space-between; gap: 12px; height: 52px; padding: 0 12px; border-bottom: 1px solid var(--_border); flex: none; }
.reader-course { font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; max-width: 48vw; }
.reader-tools { display: inline-flex; gap: 6px; }
.reader-body { flex: 1; min-height: 0; display: grid; grid-template-columns: 260px minmax(0, 1fr); }
.reader[data-ai] .reader-body { grid-template-columns: 260px minmax(0, 1fr) minmax(320px, 400px); }
.reader.teach .reader-body { grid-template-columns: minmax(0, 1fr); }
.reader.teach[data-ai] .reader-body { grid-template-columns: minmax(0, 1fr) minmax(340px, 30vw); }
.reader-outline { overflow: auto; padding: 14px 10px; border-right: 1px solid var(--_border); background: var(--_bg-subtle); }
.reader-main { overflow: auto; padding: 28px clamp(16px, 4vw, 56px) 24px; display: flex; flex-direction: column; }
.reader-ai { border-left: 1px solid var(--_border); min-height: 0; display: flex; }
.ai-dialogue { flex: 1; min-height: 0; height: 100%; }
.lesson { max-width: 860px; width: 100%; margin: 0 auto; flex: 1; }
.lesson-mind-map { display: inline-flex; align-items: center; gap: 4px; font-size: 13px; color: var(--zx-primary-strong, #0a6f94); text-decoration: none; margin-bottom: 6px; }
.lesson-title { margin: 0 0 6px; font-size: 26px; font-weight: 700; line-height: 1.35; }
.lesson-meta { display: flex; align-items: center; gap: 4px; margin: 0 0 18px; font-size: 13px; }
.lesson-video { display: block; width: 100%; max-height: 60vh; margin: 0 0 20px; border-radius: var(--_radius-small); background: #000; }
.lesson-text { font-size: 15.5px; line-height: 1.8; }
.reader.teach .lesson { max-width: 1100px; }
.reader.teach .lesson-title { font-size: 40px; }
.reader.teach .lesson-text { font-size: 24px; line-height: 1.75; }
.lesson-files { margin-top: 24px; }
.lesson-files h2 { font-size: 15px; margin: 0 0 8px; }
.complete-row { margin-top: 28px; display: flex; justify-content: center; }
.button.done { background: color-mix(in srgb, var(--_success) 14%, transparent); border-color: transparent; color: var(--_success); }
.pager { max-width: 860px; width: 100%; margin: 28px auto 0; display: flex; justify-content: space-between; gap: 8px; }
.reader.teach .pager { max-width: 1100px; }
@media (max-width: 1100px) {
  .reader[data-ai] .reader-body { grid-template-columns: minmax(0, 1fr) minmax(300px, 360px); }
  .reader:not(.teach) .reader-outline { display: none; }
  .reader:not(.teach) .reader-body { grid-template-columns: minmax(0, 1fr); }
  .reader:not(.teach)[data-ai] .reader-body { grid-template-columns: minmax(0, 1fr) minmax(300px, 360px); }
}
@media (max-width: 760px) {
  .reader { height: auto; min-height: 0; border: 0; border-radius: 0; overflow: visible; }
  .reader-body, .reader[data-ai] .reader-body, .reader.teach[data-ai] .reader-body, .reader:not(.teach)[data-ai] .reader-body { display: flex; flex-direction: column; }
  .reader-main { overflow: visible; padding: 18px 4px; }
  .reader-ai { border-left: 0; border-top: 1px solid var(--_border); height: 70vh; }
  .lesson-title { font-size: 21px; }
}
`

LessonReader.styles = styles(lessonReaderCss)
