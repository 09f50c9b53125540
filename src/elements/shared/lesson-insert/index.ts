// "Insert into a lesson" for generated results (pictures, videos, mind maps):
// used by the generator pages and the mind map.
export { useInsertIntoLesson, type InsertableFiles } from './insert-into-lesson'
export { LessonPicker, type PickedLesson } from './lesson-picker'
