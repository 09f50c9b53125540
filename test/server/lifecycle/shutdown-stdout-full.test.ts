// The server process ends on SIGTERM whatever its stdout does: here stdout
// is a pipe the parent stops reading (a stalled log shipper), filled with
// access-log lines until it is full, and the process must still exit by
// itself within its shutdown limit instead of waiting for a reader for ever.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { after, it } from 'node:test';
import { SERVER_ARGS } from '../../support/cli-server.js';
import { openTestDatabase, TEST_DEMO_PASSWORD, type TestDatabase } from '../../support/server.js';

/** Far more than the shutdown limit (10 s) plus the log drain, even on a busy machine. */
const EXIT_WAIT_MS = 40_000;

let db: TestDatabase | undefined;
let child: ChildProcess | undefined;
after(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await db?.close();
});

/** Starts `main start` and reads its stdout only until it says where it serves; from then on nobody reads it. */
async function startWithUnreadStdout(env: Record<string, string>): Promise<{ child: ChildProcess; url: string; stderr: () => string }> {
  const started = spawn(process.execPath, [...SERVER_ARGS, 'start'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ZX_DEMO_PASSWORD: TEST_DEMO_PASSWORD, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  started.stderr!.on('data', (chunk: Buffer) => (stderr += chunk));
  let output = '';
  const onData = (chunk: Buffer) => (output += chunk);
  started.stdout!.on('data', onData);
  const deadline = Date.now() + 60_000;
  while (!/^Data: /m.test(output)) {
    if (started.exitCode !== null) throw new Error(`start exited early:\n${output}${stderr}`);
    if (Date.now() > deadline) throw new Error(`start printed nothing in 60 s:\n${output}${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  started.stdout!.off('data', onData);
  started.stdout!.pause();
  const url = /running: (http:\/\/\S+)\//.exec(output)?.[1];
  assert.ok(url, output);
  return { child: started, url, stderr: () => stderr };
}

it('SIGTERM ends the process by itself while its stdout is a full pipe nobody reads', { timeout: 180_000 }, async () => {
  db = await openTestDatabase();
  const server = await startWithUnreadStdout({ ...db.env, ZX_LOG_LEVEL: 'info', ZX_ACCESS_LOG: 'on' });
  child = server.child;
  // Each request writes its long URL to the log: a few megabytes in all, far more than a pipe holds.
  const padding = 'x'.repeat(4_000);
  for (let i = 0; i < 500; i++) {
    const response = await fetch(`${server.url}/new-chat/no-such-route?pad=${padding}${i}`);
    assert.equal(response.status, 404, 'the server keeps answering while its log waits');
    await response.arrayBuffer();
  }
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child!.kill('SIGKILL'), EXIT_WAIT_MS);
  const [code, signal] = await exited;
  clearTimeout(timer);
  assert.equal(signal, null, `the process had to be killed: it did not end by itself after SIGTERM\n${server.stderr()}`);
  assert.equal(code, 0, server.stderr());
});
