// Every course call, as every side of the product that is not the course's
// teacher: what each may do, and that everything else is refused (403 for
// the wrong client type, 404 for a course they may not see) and changes nothing.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../../support/server.js';
import { addPerson, classId, DEMO_CLASS_NAME } from './courses-school.js';

type Role = 'otherTeacher' | 'manager' | 'student' | 'otherStudent';
const ROLES: Role[] = ['otherTeacher', 'manager', 'student', 'otherStudent'];

interface Ids {
  course: string;
  chapter: string;
  lesson: string;
  member: string;
  /** Another teacher's id (for the teachers call). */
  otherTeacher: string;
}

interface Call {
  name: string;
  method: string;
  path: (ids: Ids) => string;
  body?: unknown | ((ids: Ids) => unknown);
  /** Expected status per role on a published course of the student's class. */
  published: Record<Role, number>;
}

const TEACHER_ONLY = { otherTeacher: 404, manager: 403, student: 403, otherStudent: 403 };

const CALLS: Call[] = [
  {
    name: 'detail',
    method: 'GET',
    path: (i) => `/course/courses/${i.course}`,
    published: { otherTeacher: 404, manager: 200, student: 200, otherStudent: 404 },
  },
  { name: 'edit', method: 'PUT', path: (i) => `/course/courses/${i.course}`, body: { title: '改名' }, published: TEACHER_ONLY },
  { name: 'delete', method: 'DELETE', path: (i) => `/course/courses/${i.course}`, published: TEACHER_ONLY },
  { name: 'status', method: 'POST', path: (i) => `/course/courses/${i.course}/status`, body: { status: 'archived' }, published: TEACHER_ONLY },
  { name: 'join code', method: 'POST', path: (i) => `/course/courses/${i.course}/joinCode`, body: { action: 'disable' }, published: TEACHER_ONLY },
  { name: 'classes', method: 'PUT', path: (i) => `/course/courses/${i.course}/classes`, body: { classIds: [] }, published: TEACHER_ONLY },
  {
    name: 'teachers',
    method: 'PUT',
    path: (i) => `/course/courses/${i.course}/teachers`,
    body: (i: Ids) => ({ userIds: [i.otherTeacher] }),
    published: TEACHER_ONLY,
  },
  {
    name: 'students',
    method: 'GET',
    path: (i) => `/course/courses/${i.course}/students`,
    published: { otherTeacher: 404, manager: 200, student: 404, otherStudent: 404 },
  },
  { name: 'remove member', method: 'DELETE', path: (i) => `/course/courses/${i.course}/members/${i.member}`, published: TEACHER_ONLY },
  {
    name: 'board',
    method: 'GET',
    path: (i) => `/course/courses/${i.course}/board`,
    published: { otherTeacher: 404, manager: 200, student: 404, otherStudent: 404 },
  },
  { name: 'outline', method: 'PUT', path: (i) => `/course/courses/${i.course}/outline`, body: { chapters: [] }, published: TEACHER_ONLY },
  { name: 'add chapter', method: 'POST', path: (i) => `/course/courses/${i.course}/chapters`, body: { title: '新章' }, published: TEACHER_ONLY },
  { name: 'rename chapter', method: 'PUT', path: (i) => `/course/chapters/${i.chapter}`, body: { title: '新名' }, published: TEACHER_ONLY },
  { name: 'delete chapter', method: 'DELETE', path: (i) => `/course/chapters/${i.chapter}`, published: TEACHER_ONLY },
  { name: 'add lesson', method: 'POST', path: (i) => `/course/chapters/${i.chapter}/lessons`, body: { title: '新课时' }, published: TEACHER_ONLY },
  {
    name: 'read lesson',
    method: 'GET',
    path: (i) => `/course/lessons/${i.lesson}`,
    published: { otherTeacher: 404, manager: 200, student: 200, otherStudent: 404 },
  },
  { name: 'edit lesson', method: 'PUT', path: (i) => `/course/lessons/${i.lesson}`, body: { content: '改写' }, published: TEACHER_ONLY },
  { name: 'delete lesson', method: 'DELETE', path: (i) => `/course/lessons/${i.lesson}`, published: TEACHER_ONLY },
  {
    name: 'complete lesson',
    method: 'POST',
    path: (i) => `/course/lessons/${i.lesson}/complete`,
    body: { completed: true },
    published: { otherTeacher: 403, manager: 403, student: 200, otherStudent: 404 },
  },
  {
    name: 'leave',
    method: 'DELETE',
    path: (i) => `/course/courses/${i.course}/membership`,
    published: { otherTeacher: 403, manager: 403, student: 404, otherStudent: 404 },
  },
];

describe('course calls for every client type', () => {
  let server: TestServer;
  let teacher: string;
  const tokens = {} as Record<Role, string>;
  let published: Ids;
  let draft: Ids;

  const bodyOf = (c: Call, ids: Ids) => (typeof c.body === 'function' ? c.body(ids) : c.body);
  const call = (token: string | undefined, c: Call, ids: Ids) =>
    server.api<any>(c.method, c.path(ids), { ...(token ? { token } : {}), ...(c.body !== undefined ? { body: bodyOf(c, ids) } : {}) });

  async function buildCourse(status: 'draft' | 'published', memberId: string, otherTeacher: string): Promise<Ids> {
    const data = async (method: string, path: string, body?: unknown) => {
      const res = await server.api<any>(method, path, { token: teacher, body });
      assert.equal(res.body.code, 200, res.body.msg);
      return res.body.data;
    };
    const course = await data('POST', '/course/courses', { title: `课程-${status}` });
    const chapter = await data('POST', `/course/courses/${course.id}/chapters`, { title: '第一章' });
    const lesson = await data('POST', `/course/chapters/${chapter.id}/lessons`, { title: '课时', content: '内容' });
    await data('PUT', `/course/courses/${course.id}/classes`, { classIds: [await classId(server, DEMO_CLASS_NAME)] });
    if (status === 'published') await data('POST', `/course/courses/${course.id}/status`, { status: 'published' });
    return { course: course.id, chapter: chapter.id, lesson: lesson.id, member: memberId, otherTeacher };
  }

  /** What a teacher sees of the course: unchanged by any refused call. */
  const snapshot = async (ids: Ids) => {
    const res = await server.api<any>('GET', `/course/courses/${ids.course}`, { token: teacher });
    const { updateTime: _u, activity: _a, ...rest } = res.body.data;
    return rest;
  };

  before(async () => {
    server = await startTestServer();
    teacher = await server.login('teacher');
    tokens.manager = await server.login('manager');
    tokens.student = await server.login('student');
    const other = await addPerson(server, 'teacher-b', ['1'], '2025级护理1班');
    tokens.otherTeacher = other.token;
    const otherStudent = await addPerson(server, 'student-b', ['3'], '2025级护理1班');
    tokens.otherStudent = otherStudent.token;
    published = await buildCourse('published', otherStudent.id, other.id);
    draft = await buildCourse('draft', otherStudent.id, other.id);
  });
  after(() => server.close());

  for (const c of CALLS) {
    it(`${c.method} ${c.name}: only what each side may do`, async () => {
      const before = { published: await snapshot(published), draft: await snapshot(draft) };
      for (const role of ROLES) {
        const onPublished = await call(tokens[role], c, published);
        assert.equal(onPublished.status, c.published[role], `${role} on a published course: ${onPublished.body.msg}`);
        assert.equal(onPublished.body.code, onPublished.status);
        // On a draft nobody but its teachers gets anything: 404, or 403 when the side may never make the call.
        const onDraft = await call(tokens[role], c, draft);
        const expected = c.published[role] === 403 ? 403 : 404;
        assert.equal(onDraft.status, expected, `${role} on a draft: ${onDraft.body.msg}`);
      }
      const after = { published: await snapshot(published), draft: await snapshot(draft) };
      if (c.name !== 'complete lesson') assert.deepEqual(after, before, 'refused calls changed nothing');
    });
  }

  it('lists: teachers their own, managers the showcase, students their published courses', async () => {
    const list = async (token: string) => ((await server.api<any>('GET', '/course/courses', { token })).body.data.items as any[]).map((c) => c.title);
    assert.deepEqual((await list(teacher)).sort(), ['课程-draft', '课程-published']);
    assert.deepEqual(await list(tokens.otherTeacher), []);
    assert.deepEqual(await list(tokens.manager), ['课程-published']);
    assert.deepEqual(await list(tokens.student), ['课程-published']);
    assert.deepEqual(await list(tokens.otherStudent), []);
  });

  it('creating a course, joining by code and picking classes are for their side only', async () => {
    for (const token of [tokens.manager, tokens.student])
      assert.equal((await server.api('POST', '/course/courses', { token, body: { title: 'x' } })).status, 403);
    for (const token of [teacher, tokens.manager]) assert.equal((await server.api('POST', '/course/join', { token, body: { code: 'ABCDEF' } })).status, 403);
    for (const token of [tokens.manager, tokens.student]) assert.equal((await server.api('GET', '/course/teachers', { token })).status, 403);
    // Managers see every class (read only); students none.
    assert.equal((await server.api('GET', '/course/classes', { token: tokens.student })).status, 403);
    assert.equal((await server.api('GET', '/course/classes', { token: tokens.manager })).status, 200);
    // a draft's code does not let a student in
    const { joinCode } = (await server.api<any>('GET', `/course/courses/${draft.course}`, { token: teacher })).body.data;
    const refused = await server.api<any>('POST', '/course/join', { token: tokens.otherStudent, body: { code: joinCode } });
    assert.equal(refused.status, 400);
    assert.match(refused.body.msg, /还没有发布/);
    assert.equal((await server.api('GET', `/course/courses/${draft.course}`, { token: tokens.otherStudent })).status, 404);
  });

  it('slows down guessing join codes', async () => {
    const guesser = await addPerson(server, 'student-guess', ['3']);
    const { joinCode } = (await server.api<any>('GET', `/course/courses/${published.course}`, { token: teacher })).body.data;
    for (let i = 0; i < 10; i++) assert.equal((await server.api('POST', '/course/join', { token: guesser.token, body: { code: `WRONG${i}` } })).status, 400);
    const locked = await server.api<any>('POST', '/course/join', { token: guesser.token, body: { code: joinCode } });
    assert.equal(locked.status, 429, 'even the right code waits once the limit is reached');
    assert.match(locked.body.msg, /分钟后再试/);
    assert.ok(Number(locked.headers.get('retry-after')) > 0);
  });

  it("a teacher cannot enrol another teacher's class to read its students; its own class and a manager may", async () => {
    const course = (await server.api<any>('POST', '/course/courses', { token: tokens.otherTeacher, body: { title: '别人的班' } })).body.data;
    const demoClass = await classId(server, DEMO_CLASS_NAME);
    const refused = await server.api<any>('PUT', `/course/courses/${course.id}/classes`, { token: tokens.otherTeacher, body: { classIds: [demoClass] } });
    assert.equal(refused.status, 403);
    assert.match(refused.body.msg, /任教的班级/);
    const roster = await server.api<any>('GET', `/course/courses/${course.id}/students`, { token: tokens.otherTeacher });
    assert.deepEqual(roster.body.data, [], 'no student of the other class is shown');
    const own = await server.api<any>('PUT', `/course/courses/${course.id}/classes`, {
      token: tokens.otherTeacher,
      body: { classIds: [await classId(server, '2025级护理1班')] },
    });
    assert.equal(own.status, 200);
    const dean = await addPerson(server, 'dean-teacher', ['1', '2']);
    const deanCourse = (await server.api<any>('POST', '/course/courses', { token: dean.token, body: { title: '教务处的课' } })).body.data;
    assert.equal((await server.api('PUT', `/course/courses/${deanCourse.id}/classes`, { token: dean.token, body: { classIds: [demoClass] } })).status, 200);
  });

  it('counts a join-code guess before checking it: a burst of wrong codes cannot sneak the right one in', async () => {
    const guesser = await addPerson(server, 'student-burst', ['3']);
    const { joinCode } = (await server.api<any>('GET', `/course/courses/${published.course}`, { token: teacher })).body.data;
    const codes = Array.from({ length: 30 }, (_, i) => (i === 20 ? joinCode : `WRONG${i}`));
    const results = await Promise.all(codes.map((code) => server.api<any>('POST', '/course/join', { token: guesser.token, body: { code } })));
    assert.equal(results.filter((r) => r.status === 400).length, 10, 'only the first 10 guesses are evaluated');
    assert.equal(results[20]!.status, 429, 'the right code, guessed after the limit, is refused');
    assert.equal(results.filter((r) => r.status === 200).length, 0);
  });

  it('signed-out callers get 401 everywhere', async () => {
    for (const c of CALLS) assert.equal((await call(undefined, c, published)).status, 401, c.name);
  });
});
