// A JSON body nested thousands of levels deep parses (V8's JSON.parse does
// not recurse) but overflows the stack of anything that walks it by
// recursion: the NUL stripper, validators, loggers. Such a body is refused
// with 400 right after parsing, measured without recursion, before any of
// them runs. No request of ours nests more than a few levels.
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

/** Levels of objects and arrays a body may nest. */
export const MAX_JSON_DEPTH = 64;
export const TOO_DEEP_MESSAGE = '请求内容嵌套层数过多';

/** Whether `value` nests objects or arrays more than `max` levels deep (iterative: any depth is safe to measure). */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const inner of Array.isArray(current) ? current : Object.values(current)) {
      if (inner !== null && typeof inner === 'object') stack.push([inner, depth + 1]);
    }
  }
  return false;
}

/** Registered before any other preValidation hook (app.ts), so the check comes first. */
export function installJsonDepthLimit(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    if (typeof request.body === 'object' && request.body !== null && !Buffer.isBuffer(request.body) && nestsDeeperThan(request.body, MAX_JSON_DEPTH)) {
      done(badRequest(TOO_DEEP_MESSAGE));
      return;
    }
    done();
  });
}
