// The end-to-end flows' movable clock: it moves the server's time by the
// offset in its file, and only a server in test mode accepts it at all.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, it } from 'node:test';
import { ConfigError } from '../../../server/config.js';
import { testClock } from '../../../server/test-clock.js';

const DAY_MS = 86_400_000;

describe('the test clock', () => {
  it('is refused outside test mode, so no installation can run on a moved clock', () => {
    for (const NODE_ENV of [undefined, 'production', 'development'])
      assert.throws(() => testClock({ ZX_TEST_CLOCK: '/tmp/clock', ...(NODE_ENV ? { NODE_ENV } : {}) }), ConfigError);
    assert.equal(testClock({ NODE_ENV: 'test' }), undefined, 'unset: the real clock');
  });

  it('moves the server’s time by the offset written in its file, and back', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'zx-clock-')), 'offset');
    const now = testClock({ NODE_ENV: 'test', ZX_TEST_CLOCK: file })!;
    assert.ok(Math.abs(now() - Date.now()) < 1000, 'no file yet: the real time');
    writeFileSync(file, String(3 * DAY_MS));
    await sleep(150);
    assert.ok(Math.abs(now() - (Date.now() + 3 * DAY_MS)) < 1000, 'three days on');
    writeFileSync(file, '0');
    await sleep(150);
    assert.ok(Math.abs(now() - Date.now()) < 1000, 'back to the real time');
  });
});
