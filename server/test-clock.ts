// A clock the end-to-end flows can move forward (a student silent for three
// days, a link past its expiry) in the built server, as server tests do by
// replacing ctx.now: ZX_TEST_CLOCK names a file holding an offset in
// milliseconds, read at most every 100 ms. It works only with NODE_ENV=test;
// a server started with ZX_TEST_CLOCK otherwise refuses to start, so no
// installation can run on a moved clock.
import { readFileSync } from 'node:fs';
import { ConfigError } from './config.js';

const REREAD_MS = 100;

export function testClock(env: Readonly<Record<string, string | undefined>>): (() => number) | undefined {
  const file = env.ZX_TEST_CLOCK?.trim();
  if (!file) return undefined;
  if (env.NODE_ENV !== 'test') throw new ConfigError('ZX_TEST_CLOCK moves the server clock for tests and needs NODE_ENV=test; unset it.');
  let offset = 0;
  let readAt = -Infinity;
  return () => {
    const real = Date.now();
    if (real - readAt >= REREAD_MS) {
      readAt = real;
      try {
        offset = Number(readFileSync(file, 'utf8').trim()) || 0;
      } catch {
        offset = 0;
      }
    }
    return real + offset;
  };
}
