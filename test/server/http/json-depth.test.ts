// A JSON body nested thousands of levels deep is refused with 400 on every
// route, sign-in included, before anything walks it (it used to overflow the
// stack and answer 500); ordinary nesting still reaches the route.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { MAX_JSON_DEPTH } from '../../../server/http/json-depth.js';
import { startTestServer, type TestServer } from '../../support/server.js';

let server: TestServer;
let teacher: string;
before(async () => {
  server = await startTestServer();
  teacher = await server.login('teacher');
});
after(() => server.close());

const nestedArrays = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
const nestedObjects = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

async function post(path: string, body: string, token?: string) {
  const response = await fetch(`${server.baseUrl}/new-chat${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en-US', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body,
  });
  return { status: response.status, body: (await response.json()) as { code: number; msg: string; data: unknown } };
}

for (const [shape, make] of [
  ['arrays', nestedArrays],
  ['objects', nestedObjects],
] as const) {
  it(`JSON ${shape} nested 5,000 levels deep: 400 with the envelope, signed out and signed in`, async () => {
    for (const [path, token] of [
      ['/app/api/oauth/token', undefined],
      ['/v1/chat', teacher],
    ] as const) {
      const res = await post(path, make(5_000), token);
      assert.equal(res.status, 400, `${path}: ${res.body.msg}`);
      assert.deepEqual(res.body, { code: 400, msg: 'The request is nested too deeply', data: null });
    }
  });
}

it('a body nested as deep as the limit reaches the route (refused there for what it says, not for its depth)', async () => {
  const res = await post('/app/api/oauth/token', nestedObjects(MAX_JSON_DEPTH - 1).replace('{"a":', '{"username":"x","password":"y","a":'));
  assert.notEqual(res.body.msg, 'The request is nested too deeply');
  assert.notEqual(res.status, 500);
  const signedIn = await post('/app/api/oauth/token', JSON.stringify({ username: 'teacher', password: server.demoPassword }));
  assert.equal(signedIn.status, 200, 'the server answers as usual afterwards');
});
