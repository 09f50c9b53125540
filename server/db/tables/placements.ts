// Tables of the work-placement area (server/modules/placements): each
// student's placement at a company, their daily logs, the weekly sign links a
// company mentor opens without an account, the signed weeks, and the alerts
// raised to the school supervisor. Composed into `Database` in ../schema.ts.

/** planned → active → finished, or ended early with a reason. */
export type PlacementState = 'planned' | 'active' | 'finished' | 'ended';
/** silence: no log for three days; hours: over the legal day or week; night: a night shift; injury: a word of harm in a log. */
export type PlacementAlertKind = 'silence' | 'hours' | 'night' | 'injury';

export interface PlacementsTable {
  id: string;
  student_id: string;
  company_name: string;
  company_address: string;
  company_contact: string;
  post: string;
  /** Calendar days, YYYY-MM-DD, in the school's time zone. */
  start_date: string;
  end_date: string;
  /** The school supervisor (a teacher account). */
  supervisor_id: string;
  mentor_name: string;
  mentor_phone: string;
  state: PlacementState;
  end_reason: string;
  /** File ids of the agreement and the insurance, JSON array. */
  file_ids: string;
  created_by: string;
  created_at: number;
  updated_at: number;
}

export interface PlacementLogsTable {
  id: string;
  placement_id: string;
  /** YYYY-MM-DD: one log per day and placement. */
  day: string;
  text: string;
  /** Minutes worked that day (hours × 60, kept whole). */
  minutes: number;
  /** 1: the student marked the day a night shift. */
  night: number;
  location: string;
  /** JSON array of uploaded file ids (photos). */
  file_ids: string;
  created_at: number;
}

export interface PlacementSignLinksTable {
  id: string;
  placement_id: string;
  week: number;
  /** SHA-256 of the token the link carries; the token itself is never stored. */
  token_hash: string;
  expires_at: number;
  used_at: number | null;
  created_by: string;
  created_at: number;
}

export interface PlacementSignaturesTable {
  placement_id: string;
  week: number;
  comment: string;
  signed_at: number;
  ip: string;
}

export interface PlacementAlertsTable {
  id: string;
  placement_id: string;
  kind: PlacementAlertKind;
  /** The day (YYYY-MM-DD) or week (W3) it is about: one alert per kind and day. */
  about: string;
  detail: string;
  handled_by: string | null;
  handled_at: number | null;
  comment: string;
  created_at: number;
}

export interface PlacementTables {
  placements: PlacementsTable;
  placement_logs: PlacementLogsTable;
  placement_sign_links: PlacementSignLinksTable;
  placement_signatures: PlacementSignaturesTable;
  placement_alerts: PlacementAlertsTable;
}
