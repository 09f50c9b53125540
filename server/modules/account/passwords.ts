// Password hashing with scrypt (Node built-in, memory-hard). The parameters
// travel inside the hash, so they can be raised later without breaking old ones.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 32;
type ScryptCost = { N: number; r: number; p: number };
const DEFAULT_COST: ScryptCost = { N: 16384, r: 8, p: 1 };
let hashCost = DEFAULT_COST;

/**
 * The server test suites only (test/support/server.ts), as Rails tests lower
 * bcrypt's cost: a cheaper scrypt for the passwords they create. One hash
 * costs 240 ms of CPU on a 2-core CI machine, and the suites seed and sign in
 * hundreds of times. Verifying reads the cost from the hash, so nothing else
 * changes; no setting or environment variable reaches this.
 */
export function setPasswordCostForTests(testCost: ScryptCost): void {
  hashCost = testCost;
}

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 128 * cost.N * cost.r * 2 };
  return new Promise((resolve, reject) => scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))));
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = hashCost;
  const key = await derive(password, salt, hashCost);
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(N), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

// Verifying against this when the username does not exist makes a wrong
// username take as long as a wrong password, so timing tells nothing.
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(password, await dummyHash);
}

/** A password to read out or copy once (demo logins, one-time passwords): no look-alike characters. */
export function generateReadablePassword(length = 12): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return [...randomBytes(length)].map((b) => alphabet[b % alphabet.length]).join('');
}
