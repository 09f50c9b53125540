// A short-lived, bounded memory of recent token checks (the token
// query was the largest cost of a signed-in request after the socket write).
//
// Revocation must stay immediate, so the cache forgets everything the moment
// this process writes to `users` or `auth_tokens` — logout, password change
// or reset, disable, client switch, a side taken away, a profile edit, a
// deleted account — through a Kysely plugin that sees every query, not a
// list of call sites that a new revocation path could miss. Only a process
// that sees every such write may use it: the embedded SQLite database with
// no other instance (buildApp enables it only without Redis and on SQLite;
// other instances, or PostgreSQL's pooled connections reading before a
// commit, would need revocations broadcast first).
import type { PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import type { EveryRunPlugin } from '../../db/precompiled.js';
import type { TokenOwner } from './tokens.js';

/** How long a check is trusted without asking the database (ms); revocations clear it sooner. */
export const TOKEN_CACHE_TTL_MS = 5000;
/** Tokens remembered at most (the oldest leave first). */
export const TOKEN_CACHE_SIZE = 10_000;

const WATCHED_TABLES = new Set(['users', 'auth_tokens']);

interface Entry {
  owner: TokenOwner;
  /** The token's own expiry (the server's clock, ctx.now). */
  expiresAt: number;
  /** When this entry stops being trusted (monotonic clock). */
  staleAt: number;
}

/** Whether a query node names a watched table anywhere in it. */
function touchesWatchedTable(node: unknown): boolean {
  if (!node || typeof node !== 'object') return false;
  if (Array.isArray(node)) return node.some(touchesWatchedTable);
  const record = node as Record<string, unknown>;
  if (record.kind === 'TableNode') {
    const name = (record.table as { identifier?: { name?: unknown } } | undefined)?.identifier?.name;
    return typeof name === 'string' && WATCHED_TABLES.has(name);
  }
  for (const value of Object.values(record)) if (value && typeof value === 'object' && touchesWatchedTable(value)) return true;
  return false;
}

/** Where each kind of write names the table it writes (a table only read, in a where or a values subquery, is not written). */
const WRITE_TARGETS: Record<string, string> = { InsertQueryNode: 'into', UpdateQueryNode: 'table', DeleteQueryNode: 'from', MergeQueryNode: 'into' };

/**
 * Whether the query writes a watched table: its own target, or the target
 * of a write in one of its common table expressions (PostgreSQL's
 * `with … (update users …) select`). Only the targets are walked: walking
 * the whole query (every inserted value) was 1.9 % of a chat question's
 * CPU, and it also counted a write that merely read `users`.
 */
function writesWatchedTable(node: unknown): boolean {
  if (!node || typeof node !== 'object') return false;
  const record = node as { kind?: string; with?: { expressions?: Array<{ expression?: unknown }> } } & Record<string, unknown>;
  const target = record.kind === undefined ? undefined : WRITE_TARGETS[record.kind];
  if (target !== undefined && touchesWatchedTable(record[target])) return true;
  return (record.with?.expressions ?? []).some((cte) => writesWatchedTable(cte.expression));
}

export class TokenCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped on every watched write: a check that read the database before it must not be stored after it. */
  private generation = 0;
  /** Writes under way (a failed one is never seen again, so weakly held). */
  private readonly writes = new WeakSet<object>();

  constructor(
    private readonly ttlMs = TOKEN_CACHE_TTL_MS,
    private readonly size = TOKEN_CACHE_SIZE,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** The plugin to install on the Kysely instance every write goes through. */
  readonly plugin: EveryRunPlugin = {
    // A write to users or tokens must reach transformQuery on every run: it is never precompiled (server/db/precompiled.ts).
    seesEveryRun: (node: RootOperationNode) => writesWatchedTable(node),
    transformQuery: (args: PluginTransformQueryArgs): RootOperationNode => {
      if (writesWatchedTable(args.node)) {
        this.clear(); // before the write too: a check running alongside it must not be kept
        this.writes.add(args.queryId);
      }
      return args.node;
    },
    transformResult: async (args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => {
      if (this.writes.delete(args.queryId)) this.clear();
      return args.result;
    },
  };

  /** A stamp to hand back to set(): the entry is kept only if no watched write happened in between. */
  stamp(): number {
    return this.generation;
  }

  get(tokenHash: string, now: number): TokenOwner | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.staleAt <= this.clock() || entry.expiresAt <= now) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.owner;
  }

  set(tokenHash: string, owner: TokenOwner, expiresAt: number, stamp: number): void {
    if (stamp !== this.generation) return;
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, { owner, expiresAt, staleAt: this.clock() + this.ttlMs });
    if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}
