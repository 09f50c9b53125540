// An account with no client type (an embed key's service user, or one whose
// types were all removed) asks for credits like anyone: the allowance that
// applies is looked up without error. Before, PostgreSQL refused the query
// (`in ()`), and every embed answer on PostgreSQL with allowances failed
// with 服务器开小差了.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { applicableAllowance } from '../../server/modules/quota/allowances.js';
import { startTestServer, type TestServer } from '../support/server.js';

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
});
