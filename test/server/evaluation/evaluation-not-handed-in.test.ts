// Who has not handed in an evaluation yet (the teacher chases them) and the
// pass rate of graded attempts, in the analysis and its XLSX export; only
// the course's teachers and the school's managers read them. Runs on SQLite
// and PostgreSQL.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { evaluationCourse } from '../../support/evaluation-course.js';
import ExcelJS from 'exceljs';
import { type TestServer, okData } from '../../support/server.js';
import { addPerson, classId, DEMO_CLASS_NAME, type Person } from '../courses/courses-school.js';

describe('evaluation analysis: not handed in and pass rate', () => {
  let server: TestServer;
  let teacher: string;
  let student: string;
  let failing: Person;
  let answering: Person;
  let elsewhere: Person;
  let otherTeacher: Person;
  let courseId: string;

  before(async () => {
    ({ server, teacher, student, courseId } = await evaluationCourse('机械制图'));
    failing = await addPerson(server, 'student-fail', ['3'], DEMO_CLASS_NAME);
    answering = await addPerson(server, 'student-busy', ['3'], DEMO_CLASS_NAME);
    await addPerson(server, 'student-away', ['3'], DEMO_CLASS_NAME); // never opens it
    // In a class outside the course: not expected to hand it in.
    elsewhere = await addPerson(server, 'student-else', ['3'], '2025级机电一体化2班');
    otherTeacher = await addPerson(server, 'teacher-other', ['1']);
  });
  after(() => server.close());

  const JUDGE = { type: 'judge', stem: '三视图遵循长对正、高平齐、宽相等。', answer: true, points: 10 };
  const paper = (token: string, id: string) => okData(server.api<any>('GET', `/course/evaluations/${id}/paper`, { token }));
  const submit = (token: string, id: string, questionId: string, value: boolean) =>
    okData(server.api('POST', `/course/evaluations/${id}/submissions`, { token, body: { answers: [{ questionId, value }] } }));
  const workbook = async (id: string, language?: string) => {
    const headers: Record<string, string> = { authorization: `Bearer ${teacher}` };
    if (language) headers['accept-language'] = language;
    const res = await fetch(`${server.baseUrl}/new-chat/course/evaluations/${id}/analysis/export`, { headers });
    assert.equal(res.status, 200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await res.arrayBuffer()) as never);
    return book;
  };
  const rowsOf = (sheet: ExcelJS.Worksheet) =>
    [...Array(sheet.rowCount).keys()].map((i) => Array.from((sheet.getRow(i + 1).values as unknown[]).slice(1, 7), (v) => v ?? null));

  it('lists the assigned class students who have not handed in, with class and state, and the pass rate of graded attempts', async () => {
    const demoClass = await classId(server, DEMO_CLASS_NAME);
    const { id } = await okData(
      server.api<{ id: string }>('POST', '/course/evaluations', {
        token: teacher,
        body: { courseId, title: '制图小测', kind: 'quiz', releaseMode: 'immediate', passMark: 6, classIds: [demoClass], questions: [JUDGE] },
      }),
    );
    await okData(server.api('POST', `/course/evaluations/${id}/status`, { token: teacher, body: { status: 'published' } }));
    const right = await paper(student, id);
    await submit(student, id, right.questions[0].id, true);
    const wrong = await paper(failing.token, id);
    await submit(failing.token, id, wrong.questions[0].id, false);
    await paper(answering.token, id); // opened, not handed in

    const analysis = await okData(server.api<any>('GET', `/course/evaluations/${id}/analysis`, { token: teacher }));
    assert.equal(analysis.submitted, 2);
    assert.deepEqual([analysis.passMark, analysis.graded, analysis.passed, analysis.passRate], [6, 2, 1, 0.5]);
    const pending = new Map(analysis.notHandedIn.map((s: any) => [s.username, s]));
    assert.equal((pending.get('student-busy') as any)?.state, 'in_progress');
    assert.equal((pending.get('student-away') as any)?.state, 'not_started');
    assert.equal((pending.get('student-away') as any)?.className, DEMO_CLASS_NAME);
    assert.equal((pending.get('student-away') as any)?.name, 'student-away');
    for (const handedIn of ['student', 'student-fail']) assert.ok(!pending.has(handedIn), `${handedIn} handed in`);
    assert.ok(!pending.has('student-else'), 'a student of a class the evaluation is not for is not chased');

    const book = await workbook(id);
    assert.equal(book.worksheets[0]!.name, '概览');
    const overview = new Map(rowsOf(book.getWorksheet('概览')!).map((r) => [r[0], r[1]]));
    assert.equal(overview.get('及格率'), 0.5);
    assert.equal(overview.get('未交卷人数'), analysis.notHandedIn.length);
    const students = rowsOf(book.getWorksheet('学生成绩')!);
    assert.equal(students[0]![5], '状态');
    const stateOf = new Map(students.map((r) => [r[0], r[5]]));
    assert.deepEqual(
      ['student', 'student-fail', 'student-busy', 'student-away'].map((u) => stateOf.get(u)),
      ['已批改', '已批改', '作答中', '未开始'],
    );
    assert.equal(students.find((r) => r[0] === 'student-away')![3], null, 'no score for who has not handed in');

    const english = await workbook(id, 'en-US');
    assert.equal(english.worksheets[0]!.name, 'Overview');
    const englishOverview = new Map(rowsOf(english.worksheets[0]!).map((r) => [r[0], r[1]]));
    assert.equal(englishOverview.get('Pass rate'), 0.5);
    assert.equal(englishOverview.get('Not handed in'), analysis.notHandedIn.length);
    const englishStates = new Map(rowsOf(english.getWorksheet('Student scores')!).map((r) => [r[0], r[5]]));
    assert.deepEqual(
      ['student-busy', 'student-away', 'student'].map((u) => englishStates.get(u)),
      ['In progress', 'Not started', 'Graded'],
    );
  });

  it('no pass mark, no pass rate; only the course’s teachers (and managers) read who has not handed in', async () => {
    const { id } = await okData(
      server.api<{ id: string }>('POST', '/course/evaluations', { token: teacher, body: { courseId, title: '无及格线', kind: 'quiz', questions: [JUDGE] } }),
    );
    await okData(server.api('POST', `/course/evaluations/${id}/status`, { token: teacher, body: { status: 'published' } }));
    const analysis = await okData(server.api<any>('GET', `/course/evaluations/${id}/analysis`, { token: teacher }));
    assert.equal(analysis.passRate, null);
    const usernames = analysis.notHandedIn.map((s: any) => s.username);
    assert.ok(usernames.includes('student-away'), 'no classes named: every student of the course');
    assert.ok(!usernames.includes('student-else'), 'a student not in the course is not chased');
    for (const [who, token, status] of [
      ['another course’s teacher', otherTeacher.token, 404],
      ['a student of the course', student, 403],
      ['a student elsewhere', elsewhere.token, 403],
    ] as const) {
      const res = await server.api<any>('GET', `/course/evaluations/${id}/analysis`, { token });
      assert.equal(res.status, status, who);
      assert.doesNotMatch(JSON.stringify(res.body), /student-away/u, `${who} sees no names`);
      const file = await fetch(`${server.baseUrl}/new-chat/course/evaluations/${id}/analysis/export`, { headers: { authorization: `Bearer ${token}` } });
      assert.equal(file.status, status, `${who}: the export`);
    }
  });
});
