// Tables of the generation job queue. Composed into `Database` in ../schema.ts.

export type GenerationStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';
/** Where the one paid "create" call upstream stands (see migration 0028). */
export type GenerationCreateState = 'none' | 'sending' | 'created';
export type GenerationChargeState = 'none' | 'reserved' | 'settled' | 'refunded';

export interface GenerationJobsTable {
  id: string;
  owner_id: string;
  /** 'image' | 'video' | 'mindmap' | any kind another area registers. */
  kind: string;
  status: GenerationStatus;
  /** 0 until its credits are reserved (the row is written under the owner's lock, within the per-user limit). */
  admitted: number;
  /** Concurrency key: the provider the job talks to. */
  provider: string;
  model: string;
  /** JSON: the request as the kind's handler normalized it. */
  input: string;
  progress: number;
  error: string | null;
  upstream_id: string | null;
  create_state: GenerationCreateState;
  attempts: number;
  /** Not claimed before this time (retry backoff, 429 Retry-After). */
  run_after: number;
  lease_owner: string | null;
  lease_until: number | null;
  /** Failed by the sweeper once this passes. */
  deadline_at: number;
  /** JSON list of {id, mime} of stored result files. */
  files: string;
  /** Mind maps: the outline as markdown (grows while streaming). */
  outline: string | null;
  /** JSON the quota helper handed back on reserve (null without quota). */
  charge: string | null;
  charge_state: GenerationChargeState;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

export interface GenerationSlotsTable {
  provider: string;
  slot: number;
  job_id: string | null;
  lease_until: number | null;
}

export interface GenerationTables {
  generation_jobs: GenerationJobsTable;
  generation_slots: GenerationSlotsTable;
}
