import { useStore } from '@nanostores/react'
import type { CourseCard } from '../../api/courses'
import { $coursesMessages } from '../../i18n'

/** A course's figures for screens: students, lessons, last week's questions (and active students). */
export function CourseStats({ course, className, withActive = false }: { course: CourseCard; className: string; withActive?: boolean }) {
  const t = useStore($coursesMessages)
  const figures: Array<[string, number]> = [
    [t.enrolled, course.studentCount],
    [t.lesson, course.lessonCount],
    [t.questions, course.activity?.questions7d ?? 0],
    ...(withActive ? [[t.activeStudents, course.activity?.activeStudents7d ?? 0] as [string, number]] : []),
  ]
  return (
    <dl className={className}>
      {figures.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
