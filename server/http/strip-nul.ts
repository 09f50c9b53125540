// PostgreSQL cannot store U+0000 in text, and text pasted from PDFs carries
// it: every incoming string (JSON body, query, route parameters) loses its
// NUL characters here, before validation, so no route can hit the database
// with one and both databases store the same text.
import type { FastifyInstance } from 'fastify';

// eslint-disable-next-line no-control-regex -- NUL is exactly what this removes
const NUL = /\u0000/gu;

/** The value with NUL removed from every string in it (objects and arrays are changed in place). */
export function stripNul<T>(value: T): T {
  if (typeof value === 'string') return (value.includes('\u0000') ? value.replace(NUL, '') : value) as T;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = stripNul(value[i]);
    return value;
  }
  if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const inner = stripNul(record[key]);
      if (!key.includes('\u0000')) {
        record[key] = inner;
        continue;
      }
      delete record[key];
      const clean = stripNul(key);
      // A key that only becomes __proto__ once cleaned must not reach the prototype.
      if (clean !== '__proto__') record[clean] = inner;
    }
  }
  return value;
}

export function installNulStripping(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    request.body = stripNul(request.body);
    request.query = stripNul(request.query);
    request.params = stripNul(request.params);
    done();
  });
}
