// Creates accounts from a school roster CSV:
//   username,name,client_type,class,password
// client_type is 1 (teacher), 2 (manager) or 3 (student), several joined by |
// (e.g. 1|2, the first is where they land); class is optional and created by
// name when new. Every row is checked first; if any row is bad, every bad row
// is reported by line and nothing is written. The writes share one transaction.
import type { Kysely } from 'kysely';
import { MIN_PASSWORD_LENGTH } from '../../config.js';
import type { ClientType, Database } from '../../db/schema.js';
import { createAccount, existingUsernames, hashPassword, isClientType, isWeakPassword, normalizeUsername, WEAK_PASSWORD_MESSAGE } from '../account/index.js';
import { addClassMember, ensureClass } from '../classes/index.js';
import { parseRosterCsv, type RosterProblem, type RosterTable } from './roster-table.js';
import { hasControlChars } from '../../../shared/control-chars.js';

export type { RosterProblem, RosterTable } from './roster-table.js';

export type RosterResult = { ok: true; created: number; classesCreated: string[] } | { ok: false; problems: RosterProblem[] };

interface RosterRow {
  line: number;
  username: string;
  name: string;
  clientTypes: ClientType[];
  className: string | null;
  password: string;
}

const REQUIRED_COLUMNS = ['username', 'name', 'client_type', 'password'] as const;
/** The roster's columns, in the order of the template. */
export const ROSTER_COLUMNS = ['username', 'name', 'client_type', 'class', 'password'];
const ALL_COLUMNS = ROSTER_COLUMNS;
const USERNAME = /^[a-z0-9_.@-]{2,64}$/;

type Cells = Record<string, string>;

/**
 * The reasons one row is bad (empty when it is good). An account created in
 * school administration goes through the same checks as a roster row.
 */
export function checkRosterRow(cells: Cells): { reasons: string[]; row?: Omit<RosterRow, 'line'> } {
  const reasons: string[] = [];
  const username = normalizeUsername(cells.username ?? '');
  if (!username) reasons.push('用户名为空');
  else if (!USERNAME.test(username)) reasons.push(`用户名“${username}”只能包含字母、数字和 _ . @ -，长度 2 到 64`);

  const name = (cells.name ?? '').trim();
  if (!name) reasons.push('姓名为空');
  else if (name.length > 64) reasons.push('姓名不能超过 64 个字符');
  else if (hasControlChars(name)) reasons.push('姓名不能包含换行等控制字符');

  const typeCells = (cells.client_type ?? '').split('|').map((s) => s.trim());
  const clientTypes = [...new Set(typeCells)].filter(isClientType);
  if (clientTypes.length !== typeCells.length || clientTypes.length === 0) {
    reasons.push(`client_type“${cells.client_type ?? ''}”应为 1（教师）、2（管理）或 3（学生），多个用 | 分隔，如 1|2`);
  }

  const className = (cells.class ?? '').trim() || null;
  if (className && (className.length > 64 || hasControlChars(className))) reasons.push('班级名不能超过 64 个字符，也不能含控制字符');

  const password = cells.password ?? '';
  if (password.length < MIN_PASSWORD_LENGTH) reasons.push(`初始密码至少 ${MIN_PASSWORD_LENGTH} 个字符`);
  else if (password.length > 128) reasons.push('初始密码不能超过 128 个字符');

  return reasons.length ? { reasons } : { reasons, row: { username, name, clientTypes, className, password } };
}

function checkHeader(header: string[]): string | null {
  const unknown = header.filter((h) => !ALL_COLUMNS.includes(h));
  const missing = REQUIRED_COLUMNS.filter((c) => !header.includes(c));
  const repeated = header.filter((h, i) => header.indexOf(h) !== i);
  if (!unknown.length && !missing.length && !repeated.length) return null;
  const parts = [
    missing.length ? `缺少列 ${missing.join(', ')}` : '',
    unknown.length ? `未知的列 ${unknown.join(', ')}` : '',
    repeated.length ? `重复的列 ${repeated.join(', ')}` : '',
  ].filter(Boolean);
  return `表头不正确（${parts.join('；')}）；应为 ${ALL_COLUMNS.join(',')}`;
}

/** Validates the whole table; returns the rows only when every one is good. */
async function validateRoster(db: Kysely<Database>, parsed: RosterTable | RosterProblem): Promise<{ rows: RosterRow[] } | { problems: RosterProblem[] }> {
  if (!('header' in parsed)) return { problems: [parsed] };
  const headerProblem = checkHeader(parsed.header);
  if (headerProblem) return { problems: [{ line: parsed.headerLine, reason: headerProblem }] };
  if (parsed.records.length === 0) return { problems: [{ line: parsed.headerLine, reason: '文件里只有表头，没有账号' }] };

  const problems: RosterProblem[] = [];
  const rows: RosterRow[] = [];
  const firstLineOf = new Map<string, number>();
  for (const { line, cells } of parsed.records) {
    if (cells.length !== parsed.header.length) {
      problems.push({ line, reason: `有 ${cells.length} 列，表头有 ${parsed.header.length} 列` });
      continue;
    }
    const { reasons, row } = checkRosterRow(Object.fromEntries(parsed.header.map((h, i) => [h, cells[i] ?? ''])));
    const username = normalizeUsername(cells[parsed.header.indexOf('username')] ?? '');
    const earlier = firstLineOf.get(username);
    if (username && earlier !== undefined) reasons.push(`用户名“${username}”与第 ${earlier} 行重复`);
    else if (username) firstLineOf.set(username, line);
    if (reasons.length) problems.push({ line, reason: reasons.join('；') });
    else rows.push({ line, ...row! });
  }

  const taken = await existingUsernames(
    db,
    rows.map((r) => r.username),
  );
  for (const [index, row] of rows.entries()) {
    if (taken.has(row.username)) problems.push({ line: row.line, reason: `用户名“${row.username}”已存在` });
    if (isWeakPassword(row.password, [row.username, row.name])) problems.push({ line: row.line, reason: WEAK_PASSWORD_MESSAGE });
    // A few milliseconds a row: other requests get their turn on a long roster.
    if (index % 50 === 49) await new Promise((resolve) => setImmediate(resolve));
  }
  return problems.length ? { problems: problems.sort((a, b) => a.line - b.line) } : { rows };
}

/** A roster CSV (the command line): parsed here, then `importRosterTable`. */
export async function importRoster(db: Kysely<Database>, csvText: string, options: { now?: number } = {}): Promise<RosterResult> {
  return importRosterTable(db, parseRosterCsv(csvText), options);
}

/**
 * A roster already read into rows (CSV or a spreadsheet, possibly in a
 * worker): the same checks and the same all-or-nothing write for every source.
 * Accounts a manager imports keep the password of their row; `mustChangePassword`
 * makes each one change it at first sign-in.
 */
export async function importRosterTable(
  db: Kysely<Database>,
  table: RosterTable | RosterProblem,
  options: { now?: number; mustChangePassword?: boolean } = {},
): Promise<RosterResult> {
  const checked = await validateRoster(db, table);
  if ('problems' in checked) return { ok: false, problems: checked.problems };
  const { rows } = checked;
  const now = options.now ?? Date.now();

  // Hashing is the slow part: done in parallel, before the transaction starts.
  const hashes = await Promise.all(rows.map((r) => hashPassword(r.password)));
  const classesCreated: string[] = [];
  await db.transaction().execute(async (trx) => {
    const classIds = new Map<string, string>();
    for (const [i, row] of rows.entries()) {
      const userId = await createAccount(
        trx,
        { username: row.username, name: row.name, passwordHash: hashes[i]!, clientTypes: row.clientTypes, mustChangePassword: options.mustChangePassword },
        now,
      );
      if (!row.className) continue;
      let classId = classIds.get(row.className);
      if (!classId) {
        const ensured = await ensureClass(trx, row.className, now);
        if (ensured.created) classesCreated.push(row.className);
        classId = ensured.id;
        classIds.set(row.className, classId);
      }
      await addClassMember(trx, classId, userId, row.clientTypes.includes('3') ? 'student' : 'teacher', now);
    }
  });
  return { ok: true, created: rows.length, classesCreated };
}
