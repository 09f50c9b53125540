import { useStore } from '@nanostores/react'
import type { CourseCard as Card } from '../../api/courses'
import { $coursesMessages } from '../../i18n'
import { CourseCover } from './course-cover'
import { Icon } from '../shared/ui'
import { detailHref } from '../shared/links'
import { StatusBadge } from './status-badge'
import { usePhrasing } from '../shared/use-phrasing'
import { styles } from '../shared/styles'

/** One course in a list: teachers see status and activity, students their progress. */
export function CourseCard({ course, side }: { course: Card; side: 'teacher' | 'student' | 'manager' }) {
  const t = useStore($coursesMessages)
  const say = usePhrasing()
  const progress = course.progress
  const resume = side === 'student' && progress?.lastLessonId ? { lessonId: progress.lastLessonId } : {}
  return (
    <article className="card" data-testid="course-card" data-course-id={course.id}>
      <a className="card-link" href={detailHref({ id: course.id, role: side }, resume)}>
        <CourseCover course={course}>{side === 'teacher' ? <StatusBadge status={course.status} /> : null}</CourseCover>
        <div className="card-body">
          <h3 className="card-title">{course.title}</h3>
          <div className="card-meta">
            {course.category ? <span>{course.category}</span> : null}
            {course.term ? <span>{course.term}</span> : null}
            <span>{say.list(course.teachers.map(p => p.name))}</span>
          </div>
          {course.description ? <p className="card-desc">{course.description}</p> : null}
          {side === 'student' && progress ? (
            <div className="card-progress">
              <div className="bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress.percent} aria-label={t.progress}>
                <span style={{ width: `${progress.percent}%` }} />
              </div>
              <div className="card-foot">
                <span data-testid="course-progress">{t.progressText({ completed: progress.completed, total: progress.total })}</span>
                <span className="link-text">{progress.opened ? t.continueLearning : t.startLearning} →</span>
              </div>
            </div>
          ) : (
            <div className="card-foot">
              <span className="card-meta">
                <span>
                  <Icon name="book" /> {t.lessonsCount({ count: course.lessonCount })}
                </span>
                <span>
                  <Icon name="users" /> {t.studentsCount({ count: course.studentCount })}
                </span>
              </span>
              {course.activity?.questions7d ? (
                <span>
                  <Icon name="message" size={14} /> {course.activity.questions7d}
                </span>
              ) : null}
            </div>
          )}
        </div>
      </a>
    </article>
  )
}

export const courseCardCss = `
.card-progress { margin-top: auto; display: grid; gap: 8px; padding-top: 4px; }
.link-text { color: var(--_primary-strong); font-weight: 600; }
`

CourseCard.styles = styles(courseCardCss)
