// Two administrators (or one in two tabs) adding the same person at the
// same moment: one account is made, and the other is told the username is
// taken, in their language, as when it was taken earlier. Before, the
// username was checked, then the password hashed (slow on purpose), then
// written: the later write broke the unique index and answered 500
// "something went wrong on the server".
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../../support/server.js';

describe('the same username added twice at once', () => {
  let server: TestServer;
  let manager: string;
  before(async () => {
    server = await startTestServer();
    manager = await server.login('manager');
  });
  after(() => server.close());

  it('creates one account; the others hear the username is taken', async () => {
    const tries = await Promise.all(
      [1, 2, 3].map(() =>
        server.api('POST', '/course/admin/users', {
          token: manager,
          body: { username: 's2025777', name: '同名同学', clientTypes: ['3'] },
          headers: { 'accept-language': 'ko-KR' },
        }),
      ),
    );
    assert.deepEqual(tries.map((t) => t.status).sort(), [200, 400, 400]);
    for (const refused of tries.filter((t) => t.status === 400)) assert.equal(refused.body.msg, '아이디 "s2025777"이(가) 이미 있습니다');
    assert.equal((await server.data.db.selectFrom('users').select('id').where('username', '=', 's2025777').execute()).length, 1);
  });
});
