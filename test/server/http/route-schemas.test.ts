// Route schemas compile at their route's first request, not at start
// (server/http/schema-compilers.ts). A schema that cannot compile would then
// fail only when someone first uses its route, so every route of the whole
// app is compiled here at once; and a route's validation and response
// schema still hold on its first request.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Fastify from 'fastify';
import { Type } from 'typebox';
import { deferredSchemaCompilers } from '../../../server/http/schema-compilers.js';
import { startTestServer, type TestServer } from '../../support/server.js';

describe('route schemas compiled at first use', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it("compiles every route's schemas of the whole app", () => {
    assert.doesNotThrow(() => server.app.compileRouteSchemas());
  });

  it('validates and shapes the answer on a route’s first request', async () => {
    const compilers = deferredSchemaCompilers();
    const app = Fastify({ schemaController: { compilersFactory: { buildValidator: compilers.buildValidator, buildSerializer: compilers.buildSerializer } } });
    app.post(
      '/echo',
      {
        schema: {
          body: Type.Object({ n: Type.Integer({ minimum: 1 }) }),
          response: { 200: Type.Object({ n: Type.Integer() }) },
        },
      },
      async (request) => ({ ...(request.body as object), secret: 'not sent' }),
    );
    try {
      const refused = await app.inject({ method: 'POST', url: '/echo', payload: { n: 0 } });
      assert.equal(refused.statusCode, 400);
      const answered = await app.inject({ method: 'POST', url: '/echo', payload: { n: 2 } });
      assert.equal(answered.statusCode, 200);
      assert.deepEqual(answered.json(), { n: 2 }, 'the response schema drops what it does not list');
    } finally {
      await app.close();
    }
  });

  it('names the route of a schema that does not compile', async () => {
    const compilers = deferredSchemaCompilers();
    const app = Fastify({ schemaController: { compilersFactory: { buildValidator: compilers.buildValidator } } });
    // A pattern no regular expression engine accepts: typebox refuses it when it compiles.
    app.post('/broken', { schema: { body: Type.String({ pattern: '(' }) } }, async () => 'never');
    try {
      await app.ready();
      assert.throws(() => compilers.compileAll(), /POST \/broken \(body\)/);
    } finally {
      await app.close();
    }
  });
});
