// Class management: teachers make classes and fill them (search, a pasted
// list, the class join code); only a class's own teachers change it;
// managers see every class; students join with the code.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../../support/server.js';
import { addPerson, type Person } from '../courses/courses-school.js';

describe('classes', () => {
  let server: TestServer;
  let teacher: string;
  let manager: string;
  let student: string;
  let otherTeacher: Person;
  let newcomer: Person;
  let classId = '';
  let joinCode = '';

  before(async () => {
    server = await startTestServer();
    [teacher, manager, student] = await Promise.all([server.login('teacher'), server.login('manager'), server.login('student')]);
    otherTeacher = await addPerson(server, 'teacher3', ['1']);
    newcomer = await addPerson(server, 'lihua', ['3']);
    await addPerson(server, 'zhangsan', ['3']);
  });
  after(() => server.close());

  const api = <T = any>(method: string, path: string, token: string, body?: unknown) =>
    server.api<T>(method, path, { token, ...(body !== undefined ? { body } : {}) });

  it('a teacher creates a class they teach, with a join code; a second class of the same name is refused', async () => {
    const made = await api('POST', '/course/classes', teacher, { name: '2025级工业机器人1班', term: '2025-2026学年第一学期' });
    assert.equal(made.status, 200, made.body.msg);
    classId = made.body.data.id;
    joinCode = made.body.data.joinCode;
    assert.match(joinCode, /^[A-Z2-9]{6}$/);
    assert.equal(made.body.data.mine, true);
    assert.deepEqual(
      made.body.data.teachers.map((t: any) => t.username),
      ['teacher'],
    );
    assert.deepEqual(made.body.data.students, []);
    const twin = await api('POST', '/course/classes', otherTeacher.token, { name: '2025级工业机器人1班' });
    assert.equal(twin.status, 400);
    assert.match(twin.body.msg, /已有名为/);
    const inEnglish = await server.api('POST', '/course/classes', {
      token: otherTeacher.token,
      body: { name: '2025级工业机器人1班' },
      headers: { 'accept-language': 'en-US' },
    });
    assert.equal(inEnglish.body.msg, 'A class named “2025级工业机器人1班” already exists. Choose another name (add the year or the major)');
    assert.equal((await api('POST', '/course/classes', teacher, { name: '  ' })).status, 400);
    const listed = (await api('GET', '/course/classes', teacher)).body.data as Array<{ id: string; mine: boolean }>;
    assert.equal(listed.find((c) => c.id === classId)?.mine, true);
    assert.ok(
      listed.findIndex((c) => !c.mine) === -1 || listed.findIndex((c) => !c.mine) > listed.findIndex((c) => c.id === classId),
      'their own classes come first',
    );
  });

  it('finds students only, and adds them by a pick and by a pasted list, saying who was not added and why', async () => {
    const found = await api('GET', '/course/students?keyword=li', teacher);
    assert.deepEqual(
      found.body.data.map((p: any) => p.username),
      ['lihua'],
    );
    const teachersNotOffered = await api('GET', '/course/students?keyword=teacher', teacher);
    assert.deepEqual(teachersNotOffered.body.data, []);

    const picked = await api('POST', `/course/classes/${classId}/students`, teacher, { userIds: [newcomer.id] });
    assert.equal(picked.status, 200, picked.body.msg);
    assert.deepEqual(picked.body.data.added, ['lihua']);

    const pasted = await api('POST', `/course/classes/${classId}/students`, teacher, { usernames: ['ZhangSan', 'lihua', 'nobody', 'teacher3'] });
    assert.equal(pasted.status, 200, pasted.body.msg);
    assert.deepEqual(pasted.body.data.added, ['zhangsan'], 'usernames are case-insensitive');
    assert.deepEqual(pasted.body.data.already, ['lihua']);
    assert.deepEqual(pasted.body.data.unknown, ['nobody']);
    assert.deepEqual(pasted.body.data.notStudents, ['teacher3']);
    assert.deepEqual(
      pasted.body.data.class.students.map((s: any) => s.username),
      ['lihua', 'zhangsan'],
    );
  });

  it('a student joins with the class code and then sees the courses taught to the class', async () => {
    const course = await api('POST', '/course/courses', teacher, { title: '工业机器人编程' });
    const chapter = await api('POST', `/course/courses/${course.body.data.id}/chapters`, teacher, { title: '第一章' });
    await api('POST', `/course/chapters/${chapter.body.data.id}/lessons`, teacher, { title: '示教器' });
    await api('PUT', `/course/courses/${course.body.data.id}/classes`, teacher, { classIds: [classId] });
    await api('POST', `/course/courses/${course.body.data.id}/status`, teacher, { status: 'published' });

    const joined = await api('POST', '/course/join', student, { code: joinCode.toLowerCase() });
    assert.equal(joined.status, 200, joined.body.msg);
    assert.deepEqual(joined.body.data.class, { id: classId, name: '2025级工业机器人1班' });
    const courses = await api('GET', '/course/courses', student);
    assert.ok(
      courses.body.data.items.some((c: any) => c.id === course.body.data.id),
      'the class brings its course',
    );

    // The teacher switches the code off: it no longer works.
    const off = await api('POST', `/course/classes/${classId}/joinCode`, teacher, { action: 'disable' });
    assert.equal(off.body.data.joinCode, null);
    assert.equal((await api('POST', '/course/join', newcomer.token, { code: joinCode })).status, 400);
    const again = await api('POST', `/course/classes/${classId}/joinCode`, teacher, { action: 'regenerate' });
    assert.match(again.body.data.joinCode, /^[A-Z2-9]{6}$/);
  });

  it('only the class’s teachers change it; another teacher gets 404 and changes nothing', async () => {
    const before = (await api('GET', `/course/classes/${classId}`, teacher)).body.data;
    const someone = before.students[0].id;
    for (const [method, path, body] of [
      ['GET', `/course/classes/${classId}`, undefined],
      ['POST', `/course/classes/${classId}/students`, { usernames: ['lihua'] }],
      ['DELETE', `/course/classes/${classId}/students/${someone}`, undefined],
      ['POST', `/course/classes/${classId}/joinCode`, { action: 'regenerate' }],
      ['DELETE', `/course/classes/${classId}`, undefined],
    ] as const) {
      const res = await api(method, path, otherTeacher.token, body);
      assert.equal(res.status, 404, `${method} ${path} → ${res.status}`);
    }
    for (const [method, path, body] of [
      ['POST', `/course/classes/${classId}/students`, { usernames: ['lihua'] }],
      ['POST', '/course/classes', { name: '管理员的班' }],
      ['DELETE', `/course/classes/${classId}`, undefined],
      ['GET', '/course/students?keyword=li', undefined],
    ] as const) {
      assert.equal((await api(method, path, student, body)).status, 403, `student ${method} ${path}`);
      assert.equal((await api(method, path, manager, body)).status, 403, `manager ${method} ${path}`);
    }
    assert.deepEqual((await api('GET', `/course/classes/${classId}`, teacher)).body.data, before);
  });

  it('managers see every class and its students, without the join code', async () => {
    const all = await api('GET', '/course/classes', manager);
    assert.equal(all.status, 200, all.body.msg);
    assert.ok(all.body.data.some((c: any) => c.id === classId));
    assert.ok(all.body.data.length >= 2, 'the seeded class too');
    const read = await api('GET', `/course/classes/${classId}`, manager);
    assert.equal(read.status, 200);
    assert.equal(read.body.data.joinCode, undefined);
    assert.equal(read.body.data.students.length, 3);
    assert.equal((await api('GET', '/course/classes', student)).status, 403);
  });

  it('the teacher removes a student, then deletes the class', async () => {
    const detail = (await api('GET', `/course/classes/${classId}`, teacher)).body.data;
    const lihua = detail.students.find((s: any) => s.username === 'lihua');
    const removed = await api('DELETE', `/course/classes/${classId}/students/${lihua.id}`, teacher);
    assert.equal(removed.status, 200, removed.body.msg);
    assert.ok(!removed.body.data.students.some((s: any) => s.username === 'lihua'));
    assert.equal((await api('DELETE', `/course/classes/${classId}/students/${lihua.id}`, teacher)).status, 404);
    assert.equal((await api('DELETE', `/course/classes/${classId}`, teacher)).status, 200);
    assert.equal((await api('GET', `/course/classes/${classId}`, teacher)).status, 404);
  });
});
