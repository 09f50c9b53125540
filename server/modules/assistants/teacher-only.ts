// The seeded assistants that are teaching tools (migration 0003 seeds them
// with audience "teachers"): a student session does not list or open them.
// Ids are stable; the list is copied here so the module does not read a
// migration's frozen data.
export const TEACHER_ONLY_ASSISTANT_IDS: ReadonlySet<string> = new Set([
  'sys-lesson-plan',
  'sys-question-writer',
  'sys-activity-designer',
  'sys-training-guide',
  'form-lesson-plan',
  'form-reflection',
  'form-rubric',
  'form-student-comment',
]);
