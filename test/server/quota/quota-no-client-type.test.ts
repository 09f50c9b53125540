// An account with no client type (an embed key's service user, or one whose
// types were all removed) asks for credits like anyone: the allowance that
// applies is looked up without error. Before, PostgreSQL refused the query
// (`in ()`), and every embed answer on PostgreSQL with allowances failed
// with 服务器开小差了.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { applicableAllowance } from '../../../server/modules/quota/allowances.js';
import { startTestServer, type TestServer } from '../../support/server.js';

describe('allowance of an account without a client type', () => {
  let server: TestServer;
  let userId: string;
  before(async () => {
    server = await startTestServer({ env: { ZX_LOG_LEVEL: 'error' } });
    userId = (await server.data.db.selectFrom('users').select('id').where('username', '=', 'student').executeTakeFirstOrThrow()).id;
    await server.data.db.updateTable('users').set({ client_types: '' }).where('id', '=', userId).execute();
  });
  after(() => server.close());

  it('is its own allowance when one is set, and none otherwise', async () => {
    assert.equal(await applicableAllowance(server.data.db, userId), null);
    await server.data.db.insertInto('quota_allowances').values({ scope: 'client', target_id: '1', credits: 50, updated_by: null, updated_at: 1 }).execute();
    assert.equal(await applicableAllowance(server.data.db, userId), null, 'a client-type allowance does not reach it');
    await server.data.db.insertInto('quota_allowances').values({ scope: 'user', target_id: userId, credits: 7, updated_by: null, updated_at: 1 }).execute();
    assert.equal(await applicableAllowance(server.data.db, userId), 7);
  });

  it("takes the largest of the person's client types, whatever their number, then the class's, then the person's own", async () => {
    const db = server.data.db;
    const teacherId = (await db.selectFrom('users').select('id').where('username', '=', 'teacher').executeTakeFirstOrThrow()).id;
    await db.deleteFrom('quota_allowances').execute();
    await db
      .insertInto('quota_allowances')
      .values([
        { scope: 'client', target_id: '1', credits: 10, updated_by: null, updated_at: 1 },
        { scope: 'client', target_id: '2', credits: 30, updated_by: null, updated_at: 1 },
        { scope: 'client', target_id: '3', credits: 90, updated_by: null, updated_at: 1 },
      ])
      .execute();
    // Any number of types, a type stored twice counting once, spaces and an empty entry allowed.
    for (const [types, expected] of [
      ['1', 10],
      ['1,2', 30],
      ['2,1,1', 30],
      ['1,2,3', 90],
      ['3,3,3,3', 90],
      [' 2 , 1', 30],
      ['1,', 10],
    ] as const) {
      await db.updateTable('users').set({ client_types: types }).where('id', '=', teacherId).execute();
      assert.equal(await applicableAllowance(db, teacherId), expected, `client types "${types}"`);
    }
    await db.insertInto('classes').values({ id: 'allowance-class', name: 'allowance class', created_at: 1 }).execute();
    // (Sitting in it as a student: a class's allowance is for its students.)
    await db.insertInto('class_members').values({ class_id: 'allowance-class', user_id: teacherId, role: 'student', created_at: 1 }).execute();
    await db.insertInto('quota_allowances').values({ scope: 'class', target_id: 'allowance-class', credits: 5, updated_by: null, updated_at: 1 }).execute();
    assert.equal(await applicableAllowance(db, teacherId), 5, 'a class allowance comes before client types');
    await db.insertInto('quota_allowances').values({ scope: 'user', target_id: teacherId, credits: 2, updated_by: null, updated_at: 1 }).execute();
    assert.equal(await applicableAllowance(db, teacherId), 2, "the person's own comes first");
    assert.equal(await applicableAllowance(db, userId), null, "another person's allowances never reach the student");
  });
});
