import type { CourseCard } from '../../api/courses'
import { coverGradient } from './styles'

/** The cover image, or the course's initial on colours derived from its title. */
export function CourseCover({ course, children }: { course: Pick<CourseCard, 'cover' | 'title'>; children?: React.ReactNode }) {
  return (
    <div className="cover">
      {course.cover ? (
        <img src={course.cover} alt="" loading="lazy" />
      ) : (
        <div className="cover-art" style={{ background: coverGradient(course.title) }} aria-hidden="true">
          {Array.from(course.title.trim())[0] ?? ''}
        </div>
      )}
      {children}
    </div>
  )
}
