// The key of the records chain, derived from ZX_SECRET_KEY (the environment,
// never the database): someone who can write the database but does not hold
// the server secret cannot recompute a record's hash after changing it.
// Without ZX_SECRET_KEY the chain is a plain hash chain (it shows accidents
// and careless edits, not a deliberate rewrite), and verification says so.
// Each change of the chain head is also written to the log (see appender.ts),
// so a head kept outside the database shows a cut tail.
import { hkdfSync } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Env } from '../../config.js';
import type { Database } from '../../db/schema.js';

export interface ChainHead {
  seq: number;
  hash: string;
}

export interface ChainOptions {
  /** HMAC key; null: unkeyed sha256 (no ZX_SECRET_KEY). */
  key: Buffer | null;
  /** Told of every new head (the log line that keeps it outside the database). */
  onHead?: (head: ChainHead) => void;
}

const options = new WeakMap<Kysely<Database>, ChainOptions>();

export function chainKeyFrom(env: Env): Buffer | null {
  const secret = env.ZX_SECRET_KEY?.trim();
  return secret ? Buffer.from(hkdfSync('sha256', secret, 'zhixue', 'operation-records-chain', 32)) : null;
}

/** Sets how records on this database handle are chained (the server and the CLI call it once). */
export function useChainOptions(db: Kysely<Database>, env: Env, log?: FastifyBaseLogger): void {
  options.set(db, {
    key: chainKeyFrom(env),
    ...(log ? { onHead: (head: ChainHead) => log.info({ recordsHead: `${head.seq}:${head.hash}` }, 'operation records head') } : {}),
  });
}

export function chainOptionsOf(db: Kysely<Database>): ChainOptions {
  return options.get(db) ?? { key: null };
}

/** `SEQ:HASH`, as the log and the exports write a head; null when it is not one. */
export function parseHead(text: string): ChainHead | null {
  const match = /^(\d{1,15}):((?:m1:)?[0-9a-f]{64})$/u.exec(text.trim());
  return match ? { seq: Number(match[1]), hash: match[2]! } : null;
}
