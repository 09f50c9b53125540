// `node server/main.ts start` as an operator runs it: prints where to go and
// how to sign in, serves, and stops cleanly on SIGTERM.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { after, before, test } from 'node:test';
import { openTestDatabase, type TestDatabase } from '../support/server.js';

let db: TestDatabase;
before(async () => {
  db = await openTestDatabase();
});
after(() => db.close());

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
}

async function startCli(): Promise<Started> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...db.env, PORT: '0', HOST: '127.0.0.1', ZX_LOG_LEVEL: 'warn' };
  delete env.ZX_DEMO_PASSWORD;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', 'start'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  const deadline = Date.now() + 30_000;
  while (!/^Data: /m.test(output)) {
    if (child.exitCode !== null) throw new Error(`start exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`start printed nothing in 30 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const url = /running: (http:\/\/\S+)\//.exec(output)?.[1];
  assert.ok(url, output);
  return { child, url, output: () => output };
}

async function stop(child: ChildProcess): Promise<number | null> {
  child.kill('SIGTERM');
  const [code] = (await once(child, 'exit')) as [number | null];
  return code;
}

test('start seeds, prints the URL and the demo logins once, serves, and stops on SIGTERM', async () => {
  const first = await startCli();
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
  const second = await startCli();
  try {
    assert.doesNotMatch(second.output(), /password: /);
    assert.match(second.output(), /as printed at the first start/);
  } finally {
    assert.equal(await stop(second.child), 0);
  }
});
