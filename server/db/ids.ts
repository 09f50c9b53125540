import { randomBytes } from 'node:crypto';

/** A random, URL-safe, unguessable id (128 bits), used as every primary key. */
export function newId(): string {
  return randomBytes(16).toString('base64url');
}
