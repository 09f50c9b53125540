// Tables of the evaluation area (course assessments, submissions, grading).
// Composed into `Database` in ../schema.ts. Questions are copied into an
// evaluation when it is built (evaluation_items), so editing the bank never
// changes a paper students already answered. JSON columns are text.

/** practical: a practical task answered with uploaded files (report, photo, video), graded against a rubric. */
export type QuestionType = 'single' | 'multiple' | 'judge' | 'blank' | 'short' | 'practical';
/** What an assignment does with work after its due date (closes_at). */
export type LatePolicy = 'refuse' | 'accept' | 'penalty';
export type EvaluationKind = 'quiz' | 'assignment' | 'survey';
export type EvaluationStatus = 'draft' | 'published' | 'closed';
export type SubmissionStatus = 'in_progress' | 'submitted' | 'graded';
/** Who handed an attempt in: the student, or the server when its deadline passed. */
export type HandedInBy = 'student' | 'deadline';
export type GradingJobStatus = 'queued' | 'running' | 'done' | 'failed';

/** Question bank: per course, shared by its teachers. */
export interface EvalQuestionsTable {
  id: string;
  course_id: string;
  author_id: string;
  type: QuestionType;
  stem: string;
  /** JSON string[] (choice questions) or null. */
  options: string | null;
  /** JSON: number | number[] | boolean | string[] | string, or null (surveys). */
  answer: string | null;
  /** JSON [{criterion, points, levels?}] or null. */
  rubric: string | null;
  points: number;
  /** JSON string[] of knowledge points. */
  tags: string;
  /** 1 (easy) … 5 (hard). */
  difficulty: number;
  explanation: string;
  /** JSON {kind: 'lesson'|'passage', id, title, excerpt} or null. */
  source: string | null;
  created_at: number;
  updated_at: number;
}

export interface EvaluationsTable {
  id: string;
  course_id: string;
  author_id: string;
  title: string;
  description: string;
  kind: EvaluationKind;
  status: EvaluationStatus;
  /** JSON list of class ids it is assigned to; empty means every student of the course. */
  class_ids: string;
  /** Minutes; null for no limit. */
  time_limit_minutes: number | null;
  max_attempts: number;
  shuffle: number;
  pass_mark: number | null;
  opens_at: number | null;
  closes_at: number | null;
  /** 'manual': the teacher releases results; 'immediate': at submission. */
  release_mode: 'manual' | 'immediate';
  released_at: number | null;
  anonymous: number;
  /** 'proportional' (right minus wrong choices) or 'all-or-nothing' for multiple choice. */
  multiple_scoring: 'proportional' | 'all-or-nothing';
  /** Assignments: after the due date refuse, accept marked late, or accept with `late_penalty`. */
  late_policy: LatePolicy;
  /** Percent taken off a late submission's score (policy 'penalty'). */
  late_penalty: number;
  /** Last moment late work is taken; null: until the teacher closes it. */
  late_until: number | null;
  published_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface EvaluationItemsTable {
  id: string;
  evaluation_id: string;
  position: number;
  bank_question_id: string | null;
  type: QuestionType;
  stem: string;
  options: string | null;
  answer: string | null;
  rubric: string | null;
  points: number;
  tags: string;
  explanation: string;
  source: string | null;
}

export interface SubmissionsTable {
  id: string;
  evaluation_id: string;
  student_id: string;
  attempt: number;
  status: SubmissionStatus;
  /** JSON {[itemId]: value}: autosaved while in progress, final once submitted. */
  answers: string;
  /** JSON item order for this attempt (shuffled papers stay the same after a reload). */
  item_order: string;
  /** JSON {[itemId]: number[]} option order per choice item, when shuffled. */
  option_order: string;
  started_at: number;
  /** Server-side deadline (time limit or closing time); null for none. */
  deadline_at: number | null;
  submitted_at: number | null;
  /** Sum of item scores (less any late penalty) once every item is scored; null while any awaits grading. */
  score: number | null;
  /** 1 when submitted after the assignment's due date. */
  late: number;
  /** Percent taken off this submission's score for lateness, fixed at submission. */
  late_penalty: number;
  /** Who handed it in: 'student', or 'deadline' when the server did as its time ran out. */
  handed_in_by: HandedInBy;
  /** While a deadline sweep hands it in, until when that sweep holds it; null otherwise. */
  sweep_lease_until: number | null;
  updated_at: number;
}

/** One row per submitted item: the score, and for rubric items the AI's suggestion and the teacher's decision. */
export interface SubmissionItemsTable {
  submission_id: string;
  item_id: string;
  /** Null while awaiting grading. */
  score: number | null;
  /** 'auto' (objective), 'ai' (suggestion accepted as is), 'teacher', or null while pending. */
  graded_by: string | null;
  /** JSON [{criterion, points, max, comment, evidence: string[]}] as it stands (teacher's decision over AI's suggestion). */
  criteria: string | null;
  /** JSON of the AI's untouched suggestion, kept for the record. */
  ai_suggestion: string | null;
  feedback: string;
  /** Set when the answer looked like instructions to the grader: a teacher must look. */
  flagged: string | null;
  updated_at: number;
}

/** AI rubric grading work, claimed by lease so a crash never leaves an item pending forever. */
export interface GradingJobsTable {
  id: string;
  submission_id: string;
  item_id: string;
  status: GradingJobStatus;
  attempts: number;
  lease_until: number | null;
  error: string | null;
  created_at: number;
  updated_at: number;
}

/** Every change of a grade, kept (who, when, what it was, what it became). */
export interface GradeChangesTable {
  id: string;
  submission_id: string;
  item_id: string;
  changed_by: string;
  before: string;
  after: string;
  created_at: number;
}

/** Course evaluation (managers): the school's indicator system. */
export interface CourseEvalIndicatorsTable {
  id: string;
  name: string;
  /** Share of the total, in percent; the indicators' weights add up to 100. */
  weight: number;
  /** JSON string[]: level descriptions, best first. */
  levels: string;
  position: number;
  created_at: number;
  updated_at: number;
}

/** A manager's score (0–100) and comment for one course on one indicator. */
export interface CourseEvalScoresTable {
  course_id: string;
  indicator_id: string;
  score: number;
  comment: string;
  scored_by: string;
  updated_at: number;
}

export interface EvaluationTables {
  eval_questions: EvalQuestionsTable;
  evaluations: EvaluationsTable;
  evaluation_items: EvaluationItemsTable;
  submissions: SubmissionsTable;
  submission_items: SubmissionItemsTable;
  grading_jobs: GradingJobsTable;
  grade_changes: GradeChangesTable;
  course_eval_indicators: CourseEvalIndicatorsTable;
  course_eval_scores: CourseEvalScoresTable;
}
