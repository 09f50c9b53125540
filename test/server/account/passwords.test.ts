// Password hashes as a real installation makes them. This file does not load
// test/support/server.ts, which lowers the cost for the other suites.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hashPassword, setPasswordCostForTests, verifyPassword } from '../../../server/modules/account/passwords.js';

test('a password is stored as scrypt at N=16384, r=8, with its own salt, and only it verifies', async () => {
  const [first, second] = await Promise.all([hashPassword('Classroom-1'), hashPassword('Classroom-1')]);
  assert.match(first, /^scrypt\$16384\$8\$1\$/);
  assert.notEqual(first, second, 'the same password gets a different salt');
  assert.ok(!first.includes('Classroom-1'));
  assert.equal(await verifyPassword('Classroom-1', first), true);
  assert.equal(await verifyPassword('classroom-1', first), false);
});

test('a hash made at another cost still verifies: the cost travels inside it', async () => {
  setPasswordCostForTests({ N: 1024, r: 8, p: 1 });
  const cheap = await hashPassword('Workshop-2');
  setPasswordCostForTests({ N: 16384, r: 8, p: 1 });
  assert.match(cheap, /^scrypt\$1024\$8\$1\$/);
  assert.equal(await verifyPassword('Workshop-2', cheap), true);
  assert.equal(await verifyPassword('Workshop-3', cheap), false);
  assert.match(await hashPassword('Workshop-2'), /^scrypt\$16384\$/);
});
