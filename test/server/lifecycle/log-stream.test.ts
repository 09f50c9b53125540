// The production log destination (server/http/log-stream.ts): while stdout
// is not read, lines past the bound are dropped and counted, the count is
// logged once it is read again, and draining never waits past its limit.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { it } from 'node:test';
import { stdoutLog } from '../../../server/http/log-stream.js';

const turn = () => new Promise((resolve) => setImmediate(resolve));
const line = (n: number) => `${JSON.stringify({ level: 30, msg: `line ${n}`.padEnd(60, '.') })}\n`;

it('a stalled reader: lines past the bound are dropped, counted and reported once it reads again; drain gives up in time', async () => {
  // Nobody reads `out` until told: its buffer only grows, as a full pipe's would.
  const out = new PassThrough({ highWaterMark: 64 });
  const log = stdoutLog(out, 200);
  for (let n = 0; n < 10; n++) {
    log.write(line(n));
    await turn();
  }
  assert.equal(await log.drain(50), false, 'drain returns although stdout was never read');
  let text = '';
  out.on('data', (chunk: Buffer) => (text += chunk));
  await once(out, 'drain');
  log.write(line(10));
  await turn();
  await turn();
  const lines = text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { level: number; msg: string });
  const kept = lines.filter((l) => l.msg.startsWith('line')).map((l) => Number(l.msg.split(' ')[1]!.replace(/\.+$/u, '')));
  assert.ok(kept.length < 10, 'some lines were dropped while nobody read');
  assert.equal(kept.at(-1), 10, 'logging carries on once stdout is read');
  const notice = lines.find((l) => l.msg.includes('log lines dropped'));
  assert.ok(notice, 'the drop is reported');
  assert.equal(notice.level, 40);
  assert.equal(Number(notice.msg.split(' ')[0]), 10 - (kept.length - 1), 'every dropped line is counted');
});
