import { useStore } from '@nanostores/react'
import type { CourseDetail, LessonHead } from '../../api/courses'
import { $coursesMessages } from '../../i18n'
import { Icon } from '../shared/ui'
import { detailHref } from '../shared/links'
import { styles } from '../shared/styles'

/** The chapters and lessons as links; a student's ticks show what is done. */
export function OutlineView({ course, currentLessonId, compact = false }: { course: CourseDetail; currentLessonId?: string; compact?: boolean }) {
  const t = useStore($coursesMessages)
  if (course.chapters.length === 0) return <zx-empty-state message={t.emptyOutline} />
  return (
    <nav className={compact ? 'outline compact' : 'outline'} aria-label={t.outline} data-testid="outline">
      {course.chapters.map((chapter, ci) => (
        <section key={chapter.id} className="outline-chapter">
          <h3 className="outline-chapter-title">
            <span className="chapter-index">{ci + 1}</span>
            {chapter.title}
          </h3>
          {chapter.lessons.length === 0 ? <p className="muted outline-empty">{t.emptyChapter}</p> : null}
          <ol className="outline-lessons">
            {chapter.lessons.map(lesson => (
              <li key={lesson.id}>
                <a
                  className="outline-lesson"
                  href={detailHref(course, { lessonId: lesson.id })}
                  aria-current={lesson.id === currentLessonId ? 'page' : undefined}
                  data-testid="outline-lesson">
                  <LessonMark lesson={lesson} student={course.role === 'student'} />
                  <span className="outline-lesson-title">{lesson.title}</span>
                  {!compact ? <LessonFacts lesson={lesson} /> : null}
                </a>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </nav>
  )
}

function LessonMark({ lesson, student }: { lesson: LessonHead; student: boolean }) {
  const t = useStore($coursesMessages)
  if (!student) return <Icon name={lesson.hasVideo ? 'play' : 'book'} size={16} />
  if (lesson.progress?.completedAt) {
    return (
      <span className="mark done" title={t.completed}>
        <Icon name="check" size={14} />
        <span className="visually-hidden">{t.completed}</span>
      </span>
    )
  }
  return <span className={lesson.progress ? 'mark opened' : 'mark'} aria-hidden="true" />
}

export function LessonFacts({ lesson }: { lesson: LessonHead }) {
  const t = useStore($coursesMessages)
  return (
    <span className="lesson-facts">
      {lesson.hasVideo ? <Icon name="play" size={14} /> : null}
      {lesson.attachmentCount ? (
        <span>
          <Icon name="paperclip" size={14} />
          {lesson.attachmentCount}
        </span>
      ) : null}
      {lesson.durationMinutes ? <span>{t.minutes({ count: lesson.durationMinutes })}</span> : null}
    </span>
  )
}

export const outlineCss = `
.outline { display: flex; flex-direction: column; gap: 14px; }
.outline-chapter { background: var(--_bg-elevated); border: 1px solid var(--_border); border-radius: var(--_radius); padding: 12px 8px 8px; }
.outline.compact .outline-chapter { background: none; border: 0; padding: 0; }
.outline-chapter-title { display: flex; align-items: center; gap: 10px; margin: 0 8px 6px; font-size: 15px; font-weight: 600; }
.outline.compact .outline-chapter-title { font-size: 13px; color: var(--_text-muted); margin: 0 6px 4px; }
.chapter-index { display: inline-grid; place-items: center; width: 24px; height: 24px; border-radius: 7px; background: var(--_primary-soft);
  color: var(--_primary-strong); font-size: 12px; font-weight: 700; flex: none; }
.outline-empty { margin: 4px 12px 8px; font-size: 13px; }
.outline-lessons { list-style: none; margin: 0; padding: 0; }
.outline-lesson { display: flex; align-items: center; gap: 10px; padding: 9px 10px; border-radius: var(--_radius-small); color: var(--_text); }
.outline-lesson:hover { background: var(--_bg-hover); }
.outline-lesson[aria-current='page'] { background: var(--_primary-soft); color: var(--_primary-strong); font-weight: 600; }
.outline-lesson .icon { color: var(--_text-muted); }
.outline-lesson-title { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.outline.compact .outline-lesson { padding: 7px 8px; font-size: 13.5px; }
.lesson-facts { display: inline-flex; align-items: center; gap: 10px; color: var(--_text-muted); font-size: 12.5px; flex: none; }
.lesson-facts span { display: inline-flex; align-items: center; gap: 2px; }
.mark { width: 18px; height: 18px; border-radius: 50%; border: 2px solid var(--_border); flex: none; display: inline-grid; place-items: center; }
.mark.opened { border-color: var(--_primary); }
.mark.done { background: var(--_success); border-color: var(--_success); color: #fff; }
.mark.done .icon { color: #fff; stroke-width: 3; }
`

OutlineView.styles = styles(outlineCss)
