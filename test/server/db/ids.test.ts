// Primary keys: drawn from a pool of random bytes (server/db/ids.ts), so
// ids must stay unique and URL-safe across many refills of that pool.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newId } from '../../../server/db/ids.js';

test('ids are 128-bit, URL-safe and never repeat across pool refills', () => {
  const ids = Array.from({ length: 5_000 }, newId);
  assert.equal(new Set(ids).size, ids.length);
  for (const id of ids) assert.match(id, /^[A-Za-z0-9_-]{22}$/u);
});
