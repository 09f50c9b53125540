// A file linked from a lesson's text is never made public: readers of a
// published lesson of a published course get signed links, a draft's files
// stay closed, and the links stop working when the course is withdrawn.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import sharp from 'sharp';
import { startTestServer, type TestServer } from '../../support/server.js';

let server: TestServer;
let teacher: string;
let student: string;
before(async () => {
  server = await startTestServer();
  [teacher, student] = await Promise.all([server.login('teacher'), server.login('student')]);
});
after(() => server?.close());

async function ok<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const res = await server.api<T>(method, path, { token, ...(body !== undefined ? { body } : {}) });
  assert.equal(res.status, 200, `${method} ${path}: ${res.body.msg}`);
  return res.body.data;
}

test('a picture in a draft lesson stays private; published, its readers get signed links that end when the course is withdrawn', async () => {
  const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();
  const fileId = await server.uploadFile(teacher, 'diagram.png', png);
  const classes = await ok<Array<{ id: string; mine: boolean }>>('GET', '/course/classes', teacher);
  const course = await ok<{ id: string }>('POST', '/course/courses', teacher, { title: '草稿课程' });
  await ok('PUT', `/course/courses/${course.id}/classes`, teacher, { classIds: classes.filter((c) => c.mine).map((c) => c.id) });
  const chapter = await ok<{ id: string }>('POST', `/course/courses/${course.id}/chapters`, teacher, { title: '第一章' });
  const lesson = await ok<{ id: string }>('POST', `/course/chapters/${chapter.id}/lessons`, teacher, { title: '第一课' });
  await ok('PUT', `/course/lessons/${lesson.id}`, teacher, { content: `图示：![图](/new-chat/app/api/file/${fileId})` });

  const file = () => server.data.db.selectFrom('files').select('visibility').where('id', '=', fileId).executeTakeFirstOrThrow();
  assert.equal((await file()).visibility, 'private', 'linking from a draft publishes nothing');
  const anonymous = await fetch(`${server.baseUrl}/new-chat/app/api/file/${fileId}`);
  assert.notEqual(anonymous.status, 200);

  // The teacher's own view of the draft shows the picture through a signed link, and saving that text back stores it unsigned.
  const draft = await ok<{ content: string }>('GET', `/course/lessons/${lesson.id}`, teacher);
  const teacherLink = /\((\/new-chat\/app\/api\/file\/[^)]+\?access=[^)]+)\)/u.exec(draft.content)?.[1];
  assert.ok(teacherLink, draft.content);
  assert.equal((await fetch(`${server.baseUrl}${teacherLink}`)).status, 200);
  await ok('PUT', `/course/lessons/${lesson.id}`, teacher, { content: draft.content });
  const stored = await server.data.db.selectFrom('lessons').select('content').where('id', '=', lesson.id).executeTakeFirstOrThrow();
  assert.ok(!stored.content.includes('access='), stored.content);

  await ok('POST', `/course/courses/${course.id}/status`, teacher, { status: 'published' });
  const read = await ok<{ content: string }>('GET', `/course/lessons/${lesson.id}`, student);
  const link = /\((\/new-chat\/app\/api\/file\/[^)]+\?access=[^)]+)\)/u.exec(read.content)?.[1];
  assert.ok(link, read.content);
  const shown = await fetch(`${server.baseUrl}${link}`);
  assert.equal(shown.status, 200);
  assert.doesNotMatch(shown.headers.get('cache-control') ?? '', /public/u);
  assert.equal((await file()).visibility, 'private');

  await ok('POST', `/course/courses/${course.id}/status`, teacher, { status: 'archived' });
  assert.notEqual((await fetch(`${server.baseUrl}${link}`)).status, 200, 'a withdrawn course shows the picture no more');
});

test("someone else's private file cannot be put into a lesson's text", async () => {
  const other = await server.login('manager');
  const foreign = await server.uploadFile(other, 'secret.txt', 'private notes');
  const course = await ok<{ id: string }>('POST', '/course/courses', teacher, { title: '别人的文件' });
  const chapter = await ok<{ id: string }>('POST', `/course/courses/${course.id}/chapters`, teacher, { title: '一' });
  const lesson = await ok<{ id: string }>('POST', `/course/chapters/${chapter.id}/lessons`, teacher, { title: '一' });
  const res = await server.api('PUT', `/course/lessons/${lesson.id}`, { token: teacher, body: { content: `![x](/new-chat/app/api/file/${foreign})` } });
  assert.equal(res.status, 400);
});
