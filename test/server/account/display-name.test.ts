// A nickname changed in the profile is the name a teacher goes by in courses
// too (it already was in AI apps): course teachers, class teachers and the
// co-teacher picker read it, not the account's original name.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startTestServer, type TestServer } from '../../support/server.js';

let server: TestServer;
let teacher: string;
let student: string;

before(async () => {
  server = await startTestServer();
  [teacher, student] = await Promise.all([server.login('teacher'), server.login('student')]);
});
after(() => server.close());

test('a changed nickname shows wherever courses name the teacher', async () => {
  const renamed = await server.api<{ nickname: string }>('PUT', '/app/user', { token: teacher, body: { nickname: '数控王老师' } });
  assert.equal(renamed.status, 200, renamed.body.msg);

  const course = await server.api<{ id: string; teachers: Array<{ name: string }> }>('POST', '/course/courses', {
    token: teacher,
    body: { title: '昵称课程' },
  });
  assert.deepEqual(
    course.body.data.teachers.map((t) => t.name),
    ['数控王老师'],
  );
  const read = await server.api<{ teachers: Array<{ name: string }> }>('GET', `/course/courses/${course.body.data.id}`, { token: teacher });
  assert.deepEqual(
    read.body.data.teachers.map((t) => t.name),
    ['数控王老师'],
  );

  const classes = await server.api<Array<{ mine: boolean; teachers: Array<{ name: string }> }>>('GET', '/course/classes', { token: teacher });
  assert.ok(
    classes.body.data.filter((c) => c.mine).every((c) => c.teachers.some((t) => t.name === '数控王老师')),
    'class teachers',
  );

  const options = await server.api<Array<{ username: string; name: string }>>('GET', '/course/teachers?keyword=数控王', { token: teacher });
  assert.deepEqual(
    options.body.data.map((t) => [t.username, t.name]),
    [['teacher', '数控王老师']],
    'found and named by the nickname',
  );

  // The student sees the same name on a published course of their class.
  const chapter = await server.api<{ id: string }>('POST', `/course/courses/${course.body.data.id}/chapters`, { token: teacher, body: { title: '第一章' } });
  await server.api('POST', `/course/chapters/${chapter.body.data.id}/lessons`, { token: teacher, body: { title: '第一课' } });
  const mine = classes.body.data.find((c) => c.mine) as unknown as { id: string };
  await server.api('PUT', `/course/courses/${course.body.data.id}/classes`, { token: teacher, body: { classIds: [mine.id] } });
  await server.api('POST', `/course/courses/${course.body.data.id}/status`, { token: teacher, body: { status: 'published' } });
  const seen = await server.api<{ teachers: Array<{ name: string }> }>('GET', `/course/courses/${course.body.data.id}`, { token: student });
  assert.equal(seen.status, 200, seen.body.msg);
  assert.deepEqual(
    seen.body.data.teachers.map((t) => t.name),
    ['数控王老师'],
  );
});
