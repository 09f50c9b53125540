import { randomFillSync } from 'node:crypto';

const ID_BYTES = 16;
/**
 * Random bytes are drawn 256 ids at a time: one randomBytes(16) call per id
 * was 1.3 % of a chat question's CPU (a question makes several).
 * The pool is as unguessable as the bytes it holds, each byte is used once,
 * and it never leaves this module.
 */
const pool = Buffer.allocUnsafe(ID_BYTES * 256);
let next = pool.length;

/** A random, URL-safe, unguessable id (128 bits), used as every primary key. */
export function newId(): string {
  if (next === pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  const id = pool.toString('base64url', next, next + ID_BYTES);
  next += ID_BYTES;
  return id;
}
