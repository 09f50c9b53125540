// The courses module's public face: what other modules may use. Import this file,
// never another module's store, service or helper directly.
export { canReadCourse, COURSE_NOT_FOUND, courseRoleFor, holdsClientType, isCourseTeacher, requireTeacher } from './access.js';
export { dayOf } from './days.js';
export { type DemoCourseInput, seedDemoCourse } from './demo-course.js';
export { generateJoinCode, normalizeJoinCode } from './join-code.js';
export { countLessons, findLesson } from './outline-store.js';
export { addCourseClass, findCourse, studentCounts } from './store.js';
export { enrolledStudents } from './board-store.js';
export { LESSON_NOT_FOUND } from './access.js';
export { type TopicCount, topTopics } from './topics.js';
export { findTeachers } from './course-teachers.js';
