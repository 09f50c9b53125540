// Tables of the content-safety area (server/modules/safety): the school's
// word lists and allowlist, its settings, the verdicts (events) and the
// alerts raised to staff. Composed into `Database` in ../schema.ts.

export type SafetyCategory = 'politics' | 'violence' | 'sexual' | 'abuse' | 'self-harm' | 'illegal' | 'custom';
/** block: refused; review: let through and recorded for a manager to read. */
export type SafetyWordAction = 'block' | 'review';

export interface SafetyWordsTable {
  id: string;
  /** As the manager typed it; matched in its normalised form (safety/normalise.ts). */
  word: string;
  category: SafetyCategory;
  action: SafetyWordAction;
  /** 1: from the small list a new install starts with. */
  builtin: number;
  created_by: string | null;
  created_at: number;
}

export interface SafetyAllowTable {
  id: string;
  phrase: string;
  created_by: string | null;
  created_at: number;
}

/** One row per setting (JSON values); `version` counts every change of words, allowlist or settings. */
export interface SafetySettingsTable {
  key: string;
  value: string;
  updated_at: number;
}

export interface SafetyEventsTable {
  id: string;
  category: string;
  /** Where the text was met: chat, assistants, practice, courses, embed, mindmaps, generations, evaluation, share. */
  source: string;
  /** input (a person's text) or output (a model's). */
  direction: string;
  user_id: string | null;
  /** A short piece of the text around what matched. */
  excerpt: string;
  /** The listed word or the guard's category that matched. */
  matched: string;
  /** block, review, care (self-harm), flag (graded answers). */
  action: string;
  /** Output blocked mid-answer: what the model wrote (managers only). */
  model_text: string | null;
  message_id: string | null;
  /** 1: a manager marked it "not a violation". */
  dismissed: number;
  created_at: number;
}

export interface SafetyAlertsTable {
  id: string;
  event_id: string;
  /** The student who wrote it. */
  user_id: string;
  category: string;
  excerpt: string;
  handled_by: string | null;
  handled_at: number | null;
  created_at: number;
}

export interface SafetyTables {
  safety_words: SafetyWordsTable;
  safety_allow: SafetyAllowTable;
  safety_settings: SafetySettingsTable;
  safety_events: SafetyEventsTable;
  safety_alerts: SafetyAlertsTable;
}
