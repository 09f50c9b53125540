// server/ticker.ts: one interval for many subscribers (the answer streams'
// heartbeats and relay watchdogs), running only while someone listens.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createTicker } from '../../../server/ticker.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a shared ticker', () => {
  it('calls every subscriber each period, one failing does not stop the others, and stops when the last leaves', async () => {
    const errors: unknown[] = [];
    const ticker = createTicker(20, (error) => errors.push(error));
    let a = 0;
    let b = 0;
    const leaveA = ticker.every(() => a++);
    const leaveFailing = ticker.every(() => {
      throw new Error('one subscriber fails');
    });
    const leaveB = ticker.every(() => b++);
    assert.equal(ticker.size, 3);
    // Until each has been called twice (about 40 ms; a busy machine can hold timers back, so no fixed sleep).
    const deadline = Date.now() + 5_000;
    while ((a < 2 || b < 2) && Date.now() < deadline) await sleep(10);
    assert.ok(a >= 2 && b >= 2, `ticks: ${a}, ${b}`);
    assert.ok(errors.length >= 2);
    leaveA();
    leaveFailing();
    leaveB();
    assert.equal(ticker.size, 0);
    const [seenA, seenB] = [a, b];
    await sleep(60);
    assert.deepEqual([a, b], [seenA, seenB], 'no tick after everyone left');
  });
});
