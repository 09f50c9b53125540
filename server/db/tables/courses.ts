// Tables of the courses area (teaching, lessons, progress, the course board).
// Composed into `Database` in ../schema.ts. Other areas read course_teachers,
// course_classes and course_members to check membership: keep these names,
// and prefer calling canReadCourse / isCourseTeacher (modules/courses/access.ts).

export type CourseStatus = 'draft' | 'published' | 'archived';

export interface CoursesTable {
  id: string;
  title: string;
  description: string;
  /** URL of a published image (/new-chat/app/api/file/<id>) or ''. */
  cover: string;
  /** Major or category: a value of the course_category dictionary, or free text. */
  category: string;
  /** A value of the term dictionary (e.g. '2025-1'), or ''. */
  term: string;
  status: CourseStatus;
  /** Students join with it; null once disabled. Unique among courses. */
  join_code: string | null;
  /** The course AI: its own settings; null means "inherit" (assistant, then chat defaults). */
  ai_system_prompt: string;
  ai_assistant_id: string | null;
  /** Who picked the assistant: it is resolved as that teacher (see courses/presets.ts). */
  ai_assistant_by: string | null;
  ai_model: string | null;
  ai_model_version: string | null;
  ai_temperature: number | null;
  ai_top_p: number | null;
  /** JSON list of knowledge dataset ids. */
  ai_dataset_ids: string;
  created_by: string;
  published_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface CourseTeachersTable {
  course_id: string;
  user_id: string;
  created_at: number;
}

export interface CourseClassesTable {
  course_id: string;
  class_id: string;
  created_at: number;
}

/** Students who joined with the join code (class students come through course_classes). */
export interface CourseMembersTable {
  course_id: string;
  user_id: string;
  via: 'code';
  created_at: number;
}

export interface ChaptersTable {
  id: string;
  course_id: string;
  title: string;
  position: number;
  created_at: number;
  updated_at: number;
}

export interface LessonsTable {
  id: string;
  course_id: string;
  chapter_id: string;
  title: string;
  /** Markdown (math, code, images by URL). */
  content: string;
  /** Estimated minutes; 0 when not given. */
  duration_minutes: number;
  /** JSON {url, name, fileId?} or null. */
  video: string | null;
  /** JSON list of {fileId, name, size, mime, url}. */
  attachments: string;
  position: number;
  created_at: number;
  updated_at: number;
}

export interface LessonProgressTable {
  user_id: string;
  lesson_id: string;
  course_id: string;
  opened_at: number;
  completed_at: number | null;
}

/** One row per student, course and day they opened a lesson (active students per day). */
export interface CourseVisitsTable {
  course_id: string;
  user_id: string;
  /** YYYY-MM-DD in the server's time zone. */
  day: string;
}

export interface CourseTables {
  courses: CoursesTable;
  course_teachers: CourseTeachersTable;
  course_classes: CourseClassesTable;
  course_members: CourseMembersTable;
  chapters: ChaptersTable;
  lessons: LessonsTable;
  lesson_progress: LessonProgressTable;
  course_visits: CourseVisitsTable;
}
