// Packages only some installations use (the AWS SDK for S3 storage, ioredis
// for several instances) are loaded where they are first used, not when the
// server starts: together they cost about 0.7 s of CPU to load, paid by every
// start (and every test file) of a school that uses neither. They are
// CommonJS, so `require` loads them synchronously where the caller is not
// async (building the app); async callers use `await import()` instead.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The package's exports (`typeof import('name')` as T), loaded now if no one has yet. */
export function requirePackage<T>(name: string): T {
  return require(name) as T;
}
