// Token checks are remembered for a few seconds on one instance
// (server/modules/account/token-cache.ts); each way a token stops working
// must still refuse the very next request. Each test first uses the token,
// so its check is in the cache when it is revoked.
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import { Kysely, PostgresDialect } from 'kysely';
import type { Database } from '../../../server/db/schema.js';
import { hashPassword } from '../../../server/modules/account/passwords.js';
import { TokenCache } from '../../../server/modules/account/token-cache.js';
import { createUser } from '../../../server/modules/account/store.js';
import { issueToken } from '../../../server/modules/account/tokens.js';
import { startTestServer, type TestServer } from '../../support/server.js';

let server: TestServer;
let manager: string;
before(async () => {
  server = await startTestServer();
  const passwordHash = await hashPassword('cache-pass-1');
  for (const username of ['c-logout', 'c-password', 'c-disabled', 'c-reset', 'c-switch', 'c-expiry', 'c-profile', 'c-sides'])
    await createUser(server.data.db, { username, name: username, passwordHash, clientTypes: ['1', '2'] }, Date.now());
  manager = await server.login('manager');
});
after(() => server.close());

const userId = async (username: string) =>
  (await server.data.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

/** Signs in and uses the token twice, so its check is cached. */
async function warmToken(username: string): Promise<string> {
  const token = await server.login(username, 'cache-pass-1');
  for (let i = 0; i < 2; i++) assert.equal((await server.api('GET', '/app/user', { token })).status, 200);
  return token;
}

const statusOf = async (token: string) => (await server.api('GET', '/app/user', { token })).status;

describe('a cached token stops at once', () => {
  test('logout', async () => {
    const token = await warmToken('c-logout');
    assert.equal((await server.api('POST', '/app/api/oauth/logout', { token })).status, 200);
    assert.equal(await statusOf(token), 401);
  });

  test('password change: the other sessions end', async () => {
    const other = await warmToken('c-password');
    const token = await server.login('c-password', 'cache-pass-1');
    const changed = await server.api('PUT', '/app/user/password/update', { token, body: { oldPassword: 'cache-pass-1', newPassword: 'cache-pass-2' } });
    assert.equal(changed.status, 200, changed.body.msg);
    assert.equal(await statusOf(other), 401);
  });

  test('an administrator disables the account', async () => {
    const token = await warmToken('c-disabled');
    assert.equal((await server.api('POST', `/course/admin/users/${await userId('c-disabled')}/disable`, { token: manager })).status, 200);
    assert.equal(await statusOf(token), 401);
  });

  test('an administrator resets the password', async () => {
    const token = await warmToken('c-reset');
    assert.equal((await server.api('POST', `/course/admin/users/${await userId('c-reset')}/password/reset`, { token: manager })).status, 200);
    assert.equal(await statusOf(token), 401);
  });

  test('an administrator takes away the side the token is on', async () => {
    const token = await warmToken('c-sides');
    const changed = await server.api('PUT', `/course/admin/users/${await userId('c-sides')}`, { token: manager, body: { clientTypes: ['2'] } });
    assert.equal(changed.status, 200, changed.body.msg);
    assert.equal(await statusOf(token), 401);
  });

  test('switching client type revokes the old token', async () => {
    const token = await warmToken('c-switch');
    const switched = await server.api<{ token: string }>('GET', '/course/app/api/teacher-switch?clientType=2', { token });
    assert.equal(switched.body.code, 200, switched.body.msg);
    assert.equal(await statusOf(token), 401);
    assert.equal(await statusOf(switched.body.data.token), 200);
  });

  test('the token expires', async () => {
    // 1.5 s to live: the two checks before it ends must fit even on a busy machine.
    const { token } = await issueToken(server.data.db, { userId: await userId('c-expiry'), clientType: '1', ttlMs: 1_500, now: Date.now() });
    for (let i = 0; i < 2; i++) assert.equal(await statusOf(token), 200);
    await sleep(1_600);
    assert.equal(await statusOf(token), 401);
  });
});

test('a profile edit shows in the next GET /app/user, not the cached one', async () => {
  const token = await warmToken('c-profile');
  assert.equal((await server.api('PUT', '/app/user', { token, body: { nickname: '新昵称' } })).status, 200);
  const session = await server.api<{ nickname: string }>('GET', '/app/user', { token });
  assert.equal(session.body.data.nickname, '新昵称');
});

test('the cache forgets on writes to users or tokens (also inside a CTE), not on writes that only read them', () => {
  const cache = new TokenCache();
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: {} as never }), plugins: [cache.plugin] });
  const forgets = (query: { compile(): unknown }) => {
    const before = cache.stamp();
    query.compile();
    return cache.stamp() !== before;
  };
  assert.equal(forgets(db.updateTable('users').set({ nickname: 'x' }).where('id', '=', 'u')), true);
  assert.equal(forgets(db.deleteFrom('auth_tokens').where('user_id', '=', 'u')), true);
  assert.equal(forgets(db.insertInto('auth_tokens').values({ user_id: 'u' } as never)), true);
  assert.equal(
    forgets(
      db
        .with('gone', (q) => q.updateTable('users').set({ nickname: 'x' }).where('id', '=', 'u').returning('id'))
        .selectFrom('gone')
        .selectAll(),
    ),
    true,
    'a write to users inside a CTE',
  );
  assert.equal(
    forgets(
      db
        .updateTable('quota_accounts')
        .set({ updated_at: 1 })
        .where('user_id', 'in', (q) => q.selectFrom('users').select('id')),
    ),
    false,
    'only reads users',
  );
  assert.equal(forgets(db.selectFrom('users').selectAll()), false);
});
