// bearerToken: the token of `Authorization`, however the client spells the
// scheme and spaces, and null when there is none.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FastifyRequest } from 'fastify';
import { bearerToken } from '../../../server/http/auth.js';

const withHeader = (authorization: unknown) => ({ headers: { authorization } }) as unknown as FastifyRequest;

test('reads the token whatever the spelling of the scheme and the spaces around it', () => {
  for (const header of ['Bearer abc.def', 'bearer abc.def', 'BEARER\tabc.def', 'Bearer   abc.def  ', '  abc.def ', 'abc.def']) {
    assert.equal(bearerToken(withHeader(header)), 'abc.def', JSON.stringify(header));
  }
});

test('no header, an empty one or a scheme alone: no token', () => {
  for (const header of [undefined, '', 'Bearer ', 'Bearer    ', '   ']) assert.equal(bearerToken(withHeader(header)), null, JSON.stringify(header));
});
