// Many signed-in students in one class, made straight in the database (one
// password hash, tokens issued without a sign-in each), for benches that
// need hundreds of students.
import { createUser } from '../../server/modules/account/store.js';
import { issueToken } from '../../server/modules/account/tokens.js';
import { addClassMember, ensureClass } from '../../server/modules/classes/store.js';
import type { TestServer } from '../../test/support/server.js';

export async function manyStudents(server: TestServer, count: number, className: string, prefix: string): Promise<string[]> {
  const db = server.data.db;
  const hash = (await db.selectFrom('users').select('password_hash').where('username', '=', 'student').executeTakeFirstOrThrow()).password_hash;
  const { id: classId } = await ensureClass(db, className, Date.now());
  const tokens: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const id = await createUser(db, { username: `${prefix}${i}`, name: `${prefix}${i}`, passwordHash: hash, clientTypes: ['3'] }, Date.now());
    await addClassMember(db, classId, id, 'student', Date.now());
    tokens.push((await issueToken(db, { userId: id, clientType: '3', ttlMs: 86_400_000, now: Date.now() })).token);
  }
  return tokens;
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** Runs `tasks` with at most `limit` at once. */
export async function pool<T>(items: T[], limit: number, task: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        await task(items[index]!, index);
      }
    }),
  );
}
