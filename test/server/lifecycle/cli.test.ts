// `node server/main.ts start` as an operator runs it: prints where to go and
// how to sign in, serves, and stops cleanly on SIGTERM.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startCli, stopCli } from '../../support/cli-server.js';
import { openTestDatabase, type TestDatabase } from '../../support/server.js';

let db: TestDatabase;
before(async () => {
  db = await openTestDatabase();
});
after(() => db.close());

const startCliHere = () => startCli(db.env);
const stop = stopCli;

test('start seeds, prints the URL and the demo logins once, serves, and stops on SIGTERM', async () => {
  const first = await startCliHere();
  try {
    const password = /password: (\S+)/.exec(first.output())?.[1];
    assert.ok(password, first.output());
    assert.match(first.output(), /shown only this once/);
    for (const user of ['teacher', 'manager', 'student']) assert.match(first.output(), new RegExp(`^  ${user} `, 'm'));
    assert.match(first.output(), db.config.database.kind === 'sqlite' ? /SQLite database .*zhixue\.db/ : /PostgreSQL .*schema zx_test_/);

    const health = await fetch(`${first.url}/new-chat/health`);
    assert.equal(health.status, 200);
    const login = await fetch(`${first.url}/new-chat/app/api/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'student', password }),
    });
    assert.equal(((await login.json()) as { code: number }).code, 200);
  } finally {
    assert.equal(await stop(first.child), 0, first.output());
  }

  // A second start finds the data and does not reseed or print a password.
  const second = await startCliHere();
  try {
    assert.doesNotMatch(second.output(), /password: /);
    assert.match(second.output(), /as printed at the first start/);
  } finally {
    assert.equal(await stop(second.child), 0);
  }
});
