import '../shared/define'
import { defineZxElement } from '../shared/define-element'
import { courseCardCss } from './course-card'
import { classManagerCss } from './class-manager'
import { courseClassesCss } from './course-classes'
import { courseEvaluationsCss } from './course-evaluations'
import { courseMaterialsCss } from './course-materials'
import { CourseDetail, courseDetailCss } from './course-detail'
import { CourseList, courseListCss, type CourseListProps } from './course-list'
import { CourseShowcase, courseShowcaseCss } from './course-showcase'
import { courseSettingsCss } from './course-settings'
import { courseStudentsCss } from './course-students'
import { courseTeachersCss } from './course-teachers'
import { lessonEditorCss } from './lesson-editor'
import { lessonReaderCss } from './lesson-reader'
import { outlineEditorCss } from './outline-editor'
import { outlineCss } from './outline-view'
import { courseBaseCss } from './styles'
import { courseEvaluationCss } from '../shared/course-eval/styles'

/**
 * The courses bundle (/elements/courses.js):
 *   <zx-course-list client-type>   a teacher's courses (create, filters) or a student's (progress, join by code)
 *   <zx-course-showcase>           published courses for a school screen (client type 2)
 *   <zx-course-detail course-id lesson-id tab view>   one course: outline, settings, classes, students,
 *                                  the board (its chart library loads with that tab), lessons with the course AI,
 *                                  a student's evaluations (the paper loads from /elements/evaluation.js when opened)
 * Attributes and events are documented in docs/courses.md.
 */
const detailCss = [
  courseBaseCss,
  courseDetailCss,
  outlineCss,
  outlineEditorCss,
  lessonEditorCss,
  lessonReaderCss,
  courseSettingsCss,
  courseClassesCss,
  courseMaterialsCss,
  classManagerCss,
  courseStudentsCss,
  courseTeachersCss,
  courseEvaluationsCss,
  courseEvaluationCss,
].join('\n')
// The list also shows a course (students open courses inside their list page).
const listCss = [detailCss, courseCardCss, courseListCss].join('\n')

defineZxElement<CourseListProps>('zx-course-list', CourseList, { props: { clientType: 'string' }, css: listCss })
defineZxElement('zx-course-showcase', CourseShowcase, { css: [courseBaseCss, courseShowcaseCss, courseClassesCss, classManagerCss].join('\n') })
defineZxElement('zx-course-detail', CourseDetail, { css: detailCss })
