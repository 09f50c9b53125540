// The record of every balance change and every use.
import type { Kysely } from 'kysely';
import { newId } from '../../db/ids.js';
import { precompiledInsert } from '../../db/precompiled.js';
import type { Database } from '../../db/schema.js';

// Every use writes a line: built once (server/db/precompiled.ts).
const insertLedgerRows = precompiledInsert('quota_ledger');

export interface LedgerEntry {
  userId: string;
  kind: string;
  /** Balance change in millicredits (negative for use). */
  delta: number;
  /** Price of a use in millicredits; 0 for changes that are not use. */
  cost?: number;
  model?: string | null;
  refId?: string | null;
  promptTokens?: number;
  completionTokens?: number;
  note?: string;
  actorId?: string | null;
}

export async function writeLedger(db: Kysely<Database>, entry: LedgerEntry, now: number): Promise<void> {
  await insertLedgerRows(db, [
    {
      id: newId(),
      user_id: entry.userId,
      kind: entry.kind,
      delta: entry.delta,
      cost: entry.cost ?? 0,
      model: entry.model ?? null,
      ref_id: entry.refId ?? null,
      prompt_tokens: entry.promptTokens ?? 0,
      completion_tokens: entry.completionTokens ?? 0,
      note: entry.note ?? '',
      actor_id: entry.actorId ?? null,
      created_at: now,
    },
  ]);
}
