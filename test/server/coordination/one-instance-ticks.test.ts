// Periodic upkeep runs on one instance at a time: three instances sharing
// Redis each schedule the same task, and it runs about once per period in
// all (not three times); when the instance running it stops, another takes
// over within a period. Without Redis (one instance) it runs every period.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, describe, it } from 'node:test';
import { createMemoryCoordination, everyOnOneInstance, type Coordination } from '../../../server/coordination/index.js';
import { createRedisCoordination } from '../../../server/coordination/redis.js';
import { until } from '../../support/until.js';

const REDIS_URL = process.env.ZX_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const PERIOD = 200;

describe('periodic upkeep on one instance at a time', () => {
  const opened: Coordination[] = [];
  after(async () => {
    for (const c of opened) await c.close();
  });

  it('three instances on one Redis: about one run per period in all; another takes over when the runner stops', async () => {
    const prefix = `zxtest-ticks-${randomBytes(4).toString('hex')}`;
    const instances = [0, 1, 2].map(() => createRedisCoordination(REDIS_URL, prefix));
    opened.push(...instances);
    const runs = [0, 0, 0];
    const stops = instances.map((c, i) =>
      everyOnOneInstance(c, { name: 'sweep', everyMs: PERIOD, firstMs: 10 + i * 60, onError: (e) => assert.fail(String(e)) }, async () => {
        runs[i]! += 1;
      }),
    );
    const totalRuns = () => runs.reduce((a, b) => a + b, 0);
    // Ten periods pass first (were it on every instance, ~30 runs by then); a busy machine may
    // hold the timers back, so then wait (bounded) for the lower bound instead of failing on it.
    await sleep(PERIOD * 10 + 50);
    const total = await until(totalRuns, (n) => n >= 8);
    assert.ok(total >= 8 && total <= 12, `ran ${total} times in 10 periods across three instances (${runs.join('/')}); on every instance it would be ~30`);
    // The instance that ran most stops: the task goes on elsewhere.
    const runner = runs.indexOf(Math.max(...runs));
    stops[runner]!();
    const before = runs.map((n) => n);
    const othersRuns = () => runs.reduce((sum, n, i) => (i === runner ? sum : sum + n - before[i]!), 0);
    await sleep(PERIOD * 5); // time for the stopped instance to run again, were it still going
    const others = await until(othersRuns, (n) => n >= 3);
    assert.equal(runs[runner], before[runner], 'the stopped instance runs no more');
    assert.ok(others >= 3, `another instance took over (${others} runs in 5 periods)`);
    for (const stop of stops) stop();
  });

  it('a tick whose claim is still on its way when the task is stopped does not run the task', async () => {
    // As under load on Redis: the claim takes a while to answer.
    const memory = createMemoryCoordination();
    opened.push(memory);
    const slowClaims: Coordination = { ...memory, claim: async (...args) => (await sleep(100), memory.claim(...args)) };
    let runs = 0;
    const stop = everyOnOneInstance(slowClaims, { name: 'sweep', everyMs: 10_000, firstMs: 0, onError: (e) => assert.fail(String(e)) }, async () => {
      runs += 1;
    });
    await sleep(30); // the first tick is waiting for its claim
    stop();
    await sleep(200);
    assert.equal(runs, 0, 'the task ran after stop()');
  });

  it('one instance without Redis runs every period', async () => {
    const memory = createMemoryCoordination();
    opened.push(memory);
    let runs = 0;
    const stop = everyOnOneInstance(memory, { name: 'sweep', everyMs: PERIOD, firstMs: 0, onError: (e) => assert.fail(String(e)) }, async () => {
      runs += 1;
    });
    // Five periods pass first (the upper bound); then wait (bounded) for the lower one, as timers run late on a busy machine.
    await sleep(PERIOD * 5 + 100);
    await until(
      () => runs,
      (n) => n >= 5,
    );
    stop();
    assert.ok(runs >= 5 && runs <= 7, `ran ${runs} times in 5 periods`);
  });
});
