// Tables of live sessions (0075_live). Composed into `Database` in ../schema.ts.
import type { Generated } from 'kysely';

export interface LiveSessionsTable {
  id: string;
  course_id: string;
  lesson_id: string | null;
  teacher_id: string;
  /** Random; the join code of each 30-second window is derived from it. */
  secret: string;
  /** The number of the session's last event. */
  seq: Generated<number>;
  wall_paused: Generated<number>;
  /** 1: the wall shows no names. */
  wall_anonymous: Generated<number>;
  first_question_at: number | null;
  started_at: number;
  ended_at: number | null;
}

export interface LiveAttendanceTable {
  session_id: string;
  user_id: string;
  joined_at: number;
  late: number;
}

export interface LiveQuestionsTable {
  id: string;
  session_id: string;
  position: number;
  /** JSON: the question as in evaluation. */
  question: string;
  shown_at: number;
  closes_at: number;
  revealed_at: number | null;
}

export interface LiveAnswersTable {
  question_id: string;
  session_id: string;
  user_id: string;
  /** JSON: the value as given. */
  value: string;
  score: number;
  correct: number;
  answered_at: number;
}

export type LiveCallMark = 'right' | 'partly' | 'wrong';

export interface LiveCallsTable {
  id: string;
  session_id: string;
  user_id: string;
  called_at: number;
  mark: LiveCallMark | null;
}

export interface LiveWallTable {
  id: string;
  session_id: string;
  user_id: string;
  text: string;
  hidden: Generated<number>;
  anonymous: Generated<number>;
  created_at: number;
}

export interface LiveTables {
  live_sessions: LiveSessionsTable;
  live_attendance: LiveAttendanceTable;
  live_questions: LiveQuestionsTable;
  live_answers: LiveAnswersTable;
  live_calls: LiveCallsTable;
  live_wall: LiveWallTable;
}
