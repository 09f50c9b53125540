import '../shared/define'
import { defineZxElement } from '../shared/define-element'
import { CourseDetail } from './course-detail'
import { CourseList, type CourseListProps } from './course-list'
import { CourseShowcase } from './course-showcase'

/**
 * The courses bundle (/elements/courses.js):
 *   <zx-course-list client-type>   a teacher's courses (create, filters) or a student's (progress, join by code)
 *   <zx-course-showcase>           published courses for a school screen (client type 2)
 *   <zx-course-detail course-id lesson-id tab view>   one course: outline, settings, classes, students,
 *                                  the board (its chart library loads with that tab), lessons with the course AI,
 *                                  a student's evaluations (the paper loads from /elements/evaluation.js when opened)
 * Attributes and events are documented in docs/api/courses.md. Each element's CSS comes
 * with its components (CourseDetail.styles, CourseList.styles, CourseShowcase.styles).
 */

/**
 * A teacher's courses (search, filters, create) or a student's courses with
 * progress (join by code); with `course-id` it shows that course as
 * `<zx-course-detail>` does (docs/api/courses.md).
 * @tag zx-course-list
 * @prop {string} clientType - '1' teacher, '3' student (default: the session's)
 * @attr {string} course-id - show this course instead of the list
 * @attr {string} lesson-id - with course-id: open this lesson
 * @attr {string} view - with course-id: the course view (`teach` is the projector view)
 * @attr {string} class-id - the class whose courses to list
 * @csspart base - the whole page
 * @csspart header - the title row with the buttons
 * @csspart body - the course cards, or the empty state
 * @csspart actions - New course and Manage classes, or Join a course and Join a live class
 */
defineZxElement<CourseListProps>('zx-course-list', CourseList, { props: { clientType: 'string' } })
/**
 * The school's published courses for a screen: large covers, teachers,
 * enrolment and the last week's activity (client type 2).
 * @tag zx-course-showcase
 * @attr {string} view - the tab: courses, rating or indicators
 * @attr {string} course-id - open this course's page
 * @attr {string} class-id - open this class's page
 * @csspart base - the whole page
 * @csspart header - the title and the figures
 * @csspart body - the course cards
 * @csspart actions - Manage classes
 */
defineZxElement('zx-course-showcase', CourseShowcase)
/**
 * One course: its header and tabs (outline, settings, classes, students,
 * board, rating, a student's evaluations) or, with `lesson-id`, the lesson
 * with the course AI beside it. Attributes follow the URL
 * (/course/detail?courseId=…&lessonId=…&tab=…&view=…).
 * @tag zx-course-detail
 * @attr {string} course-id - the course
 * @attr {string} lesson-id - the lesson to read or edit
 * @attr {string} tab - the open tab
 * @attr {string} view - `teach`: the teacher's full-screen projector view
 * @attr {string} evaluation-id - the student's evaluation to open
 * @csspart base - the whole page, also while loading, on a failure or when the course is missing
 * @csspart header - the cover, title, teachers and progress
 * @csspart body - the open tab
 * @csspart actions - start or continue learning, or the teacher's status buttons
 */
defineZxElement('zx-course-detail', CourseDetail)
