// Routes that return users, tokens, embed keys or prompt templates answer
// through compiled response schemas: a field the service adds (a token's
// id, a password hash, an owner's id) is never sent. A hook here puts an
// extra field into every answer before it is serialized; the schema'd
// routes drop it, a route without one keeps it (so the hook did its part).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../../support/server.js';

const LEAK = 'leakedField';

/** Adds the extra field to the data and to each object inside it, as a careless service would. */
function addLeak(value: unknown): void {
  if (Array.isArray(value)) value.forEach(addLeak);
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const inner of Object.values(record)) if (inner && typeof inner === 'object') addLeak(inner);
    record[LEAK] = 'secret';
  }
}

let server: TestServer;
let teacher: string;
let manager: string;

before(async () => {
  server = await startTestServer({
    setup: (app) =>
      app.addHook('preSerialization', async (_request, _reply, payload: unknown) => {
        const data = (payload as { data?: unknown } | null)?.data;
        if (data && typeof data === 'object') addLeak(data);
        return payload;
      }),
  });
  [teacher, manager] = await Promise.all([server.login('teacher'), server.login('manager')]);
});
after(() => server.close());

const leaks = (body: unknown) => JSON.stringify(body).includes(LEAK);

describe('response schemas', () => {
  it('a route without a response schema sends the extra field (the hook works)', async () => {
    const res = await server.api('GET', '/app/user/mindmaps', { token: teacher });
    assert.equal(res.status, 200, res.body.msg);
    await server.api('POST', '/app/user/mindmaps', { token: teacher, body: { title: 'Map', outline: '# Map' } });
    const listed = await server.api('GET', '/app/user/mindmaps', { token: teacher });
    assert.ok(leaks(listed.body), 'the control route keeps what the hook added');
  });

  it('sign-in, the session, the profile and the side switch send only their fields', async () => {
    const signIn = await server.api('POST', '/app/api/oauth/token', { body: { username: 'teacher', password: server.demoPassword } });
    assert.equal(signIn.status, 200, signIn.body.msg);
    assert.deepEqual(Object.keys(signIn.body.data as object).sort(), ['expiresIn', 'mustChangePassword', 'token']);
    // The switch ends the token it was called with: this test signs in on its own.
    const own = (signIn.body.data as { token: string }).token;
    for (const [method, path, body] of [
      ['GET', '/app/user'],
      ['PUT', '/app/user', { nickname: 'Wang' }],
      ['GET', '/course/app/api/teacher-switch?clientType=1'],
    ] as const) {
      const res = await server.api(method, path, { token: own, body });
      assert.equal(res.status, 200, `${method} ${path}: ${res.body.msg}`);
      assert.ok(!leaks(res.body), `${method} ${path} sent the extra field`);
    }
  });

  it('the people routes send only a person’s fields', async () => {
    const created = await server.api<{ person: { id: string } }>('POST', '/course/admin/users', {
      token: manager,
      body: { username: 'S3000001', name: 'New student', clientTypes: ['3'] },
    });
    assert.equal(created.status, 200, created.body.msg);
    assert.ok(!leaks(created.body), 'POST /course/admin/users sent the extra field');
    const id = created.body.data.person.id;
    for (const [method, path] of [
      ['GET', '/course/admin/users'],
      ['GET', `/course/admin/users/${id}`],
      ['POST', `/course/admin/users/${id}/disable`],
      ['POST', `/course/admin/users/${id}/password/reset`],
    ] as const) {
      const res = await server.api(method, path, { token: manager });
      assert.equal(res.status, 200, `${method} ${path}: ${res.body.msg}`);
      assert.ok(!leaks(res.body), `${method} ${path} sent the extra field`);
    }
  });

  it('the embed-key and prompt-template routes send only their fields', async () => {
    const made = await server.api<{ key: string }>('POST', '/app/user/embed/key', {
      token: teacher,
      body: { name: 'School site', assistantId: 'sys-safety-tutor', origins: ['https://www.school.example'] },
    });
    assert.equal(made.status, 200, made.body.msg);
    assert.ok(!leaks(made.body), 'POST /app/user/embed/key sent the extra field');
    const key = made.body.data.key;
    const template = await server.api('POST', '/app/user/promptTemplate', { token: teacher, body: { title: 'Lesson plan', content: 'Write…' } });
    assert.equal(template.status, 200, template.body.msg);
    assert.ok(!leaks(template.body), 'POST /app/user/promptTemplate sent the extra field');
    for (const [method, path] of [
      ['GET', '/app/user/embed/key'],
      ['GET', `/app/user/embed/key/${key}`],
      ['POST', `/app/user/embed/key/${key}/secret`],
      ['GET', '/app/user/promptTemplate'],
    ] as const) {
      const res = await server.api(method, path, { token: teacher });
      assert.equal(res.status, 200, `${method} ${path}: ${res.body.msg}`);
      assert.ok(!leaks(res.body), `${method} ${path} sent the extra field`);
    }
  });
});
