// Daily roll-ups behind the data board: complete days are
// summed once, so a year's board reads a few thousand rows instead of
// millions of messages. Composed into `Database` in ../schema.ts.

/** AI use per day, by the asker's client type, course, assistant and model. */
export interface BoardDailyUsageTable {
  /** YYYY-MM-DD in the server's time zone. */
  day: string;
  client_type: string;
  /** '' outside a course / without an assistant. */
  course_id: string;
  assistant_id: string;
  model: string;
  questions: number;
  answers: number;
  prompt_tokens: number;
  completion_tokens: number;
  /** Answers that cited knowledge passages. */
  grounded: number;
}

/** Who was active on which day (asked the AI, opened a lesson or signed in). */
export interface BoardUserDaysTable {
  user_id: string;
  day: string;
}

/** Active people per day and client type. */
export interface BoardDailyActiveTable {
  day: string;
  client_type: string;
  users: number;
}

/** One row (id 1): days before `rolled_until` are in the roll-ups. */
export interface BoardRollupStateTable {
  id: number;
  rolled_until: string;
  updated_at: number;
}

export interface BoardTables {
  board_daily_usage: BoardDailyUsageTable;
  board_user_days: BoardUserDaysTable;
  board_daily_active: BoardDailyActiveTable;
  board_rollup_state: BoardRollupStateTable;
}
