// Reading the records: search, filters and pages, newest first.
import type { Kysely } from 'kysely';
import { containsText } from '../../db/contains.js';
import type { Database } from '../../db/schema.js';
import type { OperationRecordsTable } from '../../db/tables/records.js';

export interface RecordFilter {
  keyword?: string;
  /** Inclusive start and exclusive end, ms. */
  since?: number;
  until?: number;
  action?: string;
  result?: 'success' | 'failure';
  clientType?: string;
}

export interface RecordView {
  seq: number;
  time: number;
  userId: string | null;
  username: string;
  clientType: string | null;
  action: string;
  objectType: string;
  objectId: string | null;
  objectName: string | null;
  summary: string;
  ip: string;
  userAgent: string;
  result: 'success' | 'failure';
  status: number;
}

function filtered(db: Kysely<Database>, filter: RecordFilter) {
  let query = db.selectFrom('operation_records');
  if (filter.since !== undefined) query = query.where('at', '>=', filter.since);
  if (filter.until !== undefined) query = query.where('at', '<', filter.until);
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.result) query = query.where('result', '=', filter.result);
  if (filter.clientType) query = query.where('client_type', '=', filter.clientType);
  const keyword = filter.keyword?.trim();
  if (keyword) {
    query = query.where((eb) =>
      eb.or(['username', 'action', 'object_type', 'object_id', 'object_name', 'summary', 'ip'].map((column) => containsText(column, keyword))),
    );
  }
  return query;
}

export function toView(row: OperationRecordsTable): RecordView {
  return {
    seq: Number(row.seq),
    time: Number(row.at),
    userId: row.user_id,
    username: row.username,
    clientType: row.client_type,
    action: row.action,
    objectType: row.object_type,
    objectId: row.object_id,
    objectName: row.object_name,
    summary: row.summary,
    ip: row.ip,
    userAgent: row.user_agent,
    result: row.result,
    status: Number(row.status),
  };
}

export async function searchRecords(
  db: Kysely<Database>,
  filter: RecordFilter,
  page: number,
  pageSize: number,
): Promise<{ items: RecordView[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, filter)
      .selectAll()
      .orderBy('seq', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    filtered(db, filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toView), total: Number(count.n) };
}

/** The newest `limit` records matching, for an export. */
export async function recordsForExport(db: Kysely<Database>, filter: RecordFilter, limit: number): Promise<RecordView[]> {
  const rows = await filtered(db, filter).selectAll().orderBy('seq', 'desc').limit(limit).execute();
  return rows.map(toView);
}
