// The question bank: teachers of a course share it; imports from
// the Chinese paper layout and the spreadsheet template preview every row and
// write nothing while one is wrong; the export reads back as the same
// questions; drawing by rules picks without repeats.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { evaluationCourse } from '../../support/evaluation-course.js';
import ExcelJS from 'exceljs';
import { type TestServer } from '../../support/server.js';
import { makeDocx } from '../../support/documents.js';
import { addPerson, type Person } from '../courses/courses-school.js';

const PAPER = `数控编程第一单元测验

1. 数控车床的主轴功能字是？
A. S
B. F
C. T
D. M
答案：A
解析：S 指定主轴转速。
知识点：指令

2、以下哪些是插补指令？
A．G01
B．G02
C．M03
D．G03
答案：ABD

3. G00 是快速定位指令。
答案：对

4. 程序结束并返回的指令是 ____。
答案：M30；M 30
知识点：程序结构

5. 简述对刀的原理和步骤。
答案：确定工件坐标系原点的位置……
评分标准：原理:6；步骤:4
分值：10
`;

describe('question bank', () => {
  let server: TestServer;
  let teacher: string;
  let student: string;
  let otherTeacher: Person;
  let courseId: string;

  before(async () => {
    ({ server, teacher, student, courseId } = await evaluationCourse('数控编程'));
    otherTeacher = await addPerson(server, 'teacher-b', ['1']);
  });
  after(() => server.close());

  const upload = (token: string, name: string, content: Buffer) => server.uploadFile(token, name, content);
  const bank = async () =>
    (await server.api<{ items: any[]; tags: string[] }>('GET', `/course/question-bank?courseId=${courseId}`, { token: teacher })).body.data;

  it('imports the usual Chinese paper layout: a preview first, then every question with its type and answer', async () => {
    const fileId = await upload(teacher, '测验.txt', Buffer.from(PAPER));
    const preview = await server.api<any>('POST', '/course/question-bank/import', { token: teacher, body: { courseId, fileId } });
    assert.equal(preview.status, 200);
    assert.equal(preview.body.data.rows.length, 5);
    assert.equal(preview.body.data.imported, 0);
    assert.equal((await bank()).items.length, 0, 'a preview writes nothing');
    const done = await server.api<any>('POST', '/course/question-bank/import', { token: teacher, body: { courseId, fileId, commit: true } });
    assert.equal(done.body.data.imported, 5);
    const { items, tags } = await bank();
    const byStem = (s: string) => items.find((q) => q.stem.startsWith(s));
    assert.deepEqual([byStem('数控车床').type, byStem('数控车床').answer], ['single', 0]);
    assert.deepEqual([byStem('以下哪些').type, byStem('以下哪些').answer, byStem('以下哪些').options[0]], ['multiple', [0, 1, 3], 'G01']);
    assert.deepEqual([byStem('G00').type, byStem('G00').answer], ['judge', true]);
    assert.deepEqual([byStem('程序结束').type, byStem('程序结束').answer], ['blank', ['M30', 'M 30']]);
    assert.deepEqual(byStem('简述').rubric, [
      { criterion: '原理', points: 6 },
      { criterion: '步骤', points: 4 },
    ]);
    assert.equal(byStem('数控车床').explanation, 'S 指定主轴转速。');
    assert.deepEqual(tags, ['指令', '程序结构']);
  });

  it('a Word paper keeps its text as written (full-width punctuation, m², ①), whatever width its numbers, letters and labels are typed in', async () => {
    const paper = makeDocx([
      '１．直径 20 mm 的圆，截面积约为多少 mm²？',
      'Ａ．314 mm²',
      'Ｂ．628 mm²',
      '答案：Ａ',
      '解析：S＝πd²/4：①先算半径；②再算面积。',
      '2. 下列说法正确的是（  ）',
      'A. 切削液用于冷却、润滑',
      'B. 进给量的单位是 mm/r',
      'C. 体积的单位是 m³',
      '答案：ＡＢ',
      '分值：４',
      '3. 简述“试切法”对刀的步骤。',
      '评分标准：外圆试切（４分）；端面试切：６',
      '分值：１０',
      '4. 主轴正转的指令是＿＿＿。',
      '答案：Ｍ03；M3',
    ]);
    const fileId = await upload(teacher, '试卷.docx', paper);
    const preview = await server.api<any>('POST', '/course/question-bank/import', { token: teacher, body: { courseId, fileId } });
    assert.equal(preview.body.data.errors, 0, JSON.stringify(preview.body.data.rows));
    const [area, statements, steps, blank] = preview.body.data.rows.map((r: any) => r.question);
    assert.equal(area.stem, '直径 20 mm 的圆，截面积约为多少 mm²？');
    assert.deepEqual([area.type, area.options, area.answer], ['single', ['314 mm²', '628 mm²'], 0]);
    assert.equal(area.explanation, 'S＝πd²/4：①先算半径；②再算面积。');
    assert.equal(statements.stem, '下列说法正确的是（  ）');
    assert.deepEqual([statements.type, statements.answer, statements.points, statements.options[2]], ['multiple', [0, 1], 4, '体积的单位是 m³']);
    assert.equal(steps.stem, '简述“试切法”对刀的步骤。');
    assert.deepEqual(
      [steps.points, steps.rubric],
      [
        10,
        [
          { criterion: '外圆试切', points: 4 },
          { criterion: '端面试切', points: 6 },
        ],
      ],
    );
    // A blank's accepted answers stay as typed; scoring compares them width-folded (Ｍ03 accepts M03).
    assert.deepEqual([blank.type, blank.answer], ['blank', ['Ｍ03', 'M3']]);
  });

  it('a spreadsheet with one wrong row imports nothing and names the row; fixed, it imports', async () => {
    const before = (await bank()).items.length;
    const template = await fetch(`${server.baseUrl}/new-chat/course/question-bank/template`, { headers: { authorization: `Bearer ${teacher}` } });
    assert.equal(template.status, 200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await template.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    assert.equal(sheet.getRow(1).getCell(1).value, '题型');
    sheet.getRow(3).getCell(9).value = 'Z'; // the multiple-choice example now names no option
    const bad = await upload(teacher, '题库.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    const res = await server.api<any>('POST', '/course/question-bank/import', { token: teacher, body: { courseId, fileId: bad, commit: true } });
    assert.equal(res.body.data.imported, 0);
    assert.equal(res.body.data.errors, 1);
    assert.equal(res.body.data.rows.find((r: any) => r.error).line, 3);
    assert.equal((await bank()).items.length, before, 'nothing written');
    // An English reader's preview names the row's problem in English.
    const english = await server.api<any>('POST', '/course/question-bank/import', {
      token: teacher,
      body: { courseId, fileId: bad },
      headers: { 'accept-language': 'en-US' },
    });
    const problem = english.body.data.rows.find((r: any) => r.error).error;
    assert.doesNotMatch(problem, /[\u4e00-\u9fff]/u, problem);
    sheet.getRow(3).getCell(9).value = 'ABD';
    const good = await upload(teacher, '题库.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    const ok = await server.api<any>('POST', '/course/question-bank/import', { token: teacher, body: { courseId, fileId: good, commit: true } });
    assert.equal(ok.body.data.imported, 5);
  });

  it('a question the editor could not save (a stem over 10,000 characters, 21 knowledge points, a criterion over 200) names its row and imports nothing', async () => {
    const before = (await bank()).items.length;
    const paper = [
      `1. ${'长'.repeat(10_001)}`,
      '答案：对',
      '',
      '2. 以下哪个是主轴功能字？',
      'A. S',
      'B. F',
      '答案：A',
      `知识点：${Array.from({ length: 21 }, (_, i) => `点${i + 1}`).join('、')}`,
      '',
      '3. 简述对刀。',
      `评分标准：${'要'.repeat(201)}:5`,
      '分值：5',
      '',
      '4. G00 是快速定位指令。',
      '答案：对',
    ].join('\n');
    const fileId = await upload(teacher, '超长.txt', Buffer.from(paper));
    const res = await server.api<any>('POST', '/course/question-bank/import', {
      token: teacher,
      body: { courseId, fileId, commit: true },
      headers: { 'accept-language': 'en-US' },
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.data.imported, 0);
    assert.deepEqual(
      res.body.data.rows.filter((r: any) => r.error).map((r: any) => r.line),
      [1, 4, 10],
    );
    const [stem, tags, criterion] = res.body.data.rows.filter((r: any) => r.error).map((r: any) => r.error);
    assert.match(stem, /Question \(stem\)/u, stem);
    assert.match(stem, /10000|10,000/u, stem);
    assert.match(tags, /Knowledge point/u, tags);
    assert.match(tags, /20/u, tags);
    assert.match(criterion, /200/u, criterion);
    for (const text of [stem, tags, criterion]) assert.doesNotMatch(text, /[\u4e00-\u9fff]/u, text);
    assert.equal((await bank()).items.length, before, 'nothing written');
  });

  it('the export reads back as the same questions', async () => {
    const res = await fetch(`${server.baseUrl}/new-chat/course/question-bank/export?courseId=${courseId}`, { headers: { authorization: `Bearer ${teacher}` } });
    assert.equal(res.headers.get('content-type'), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const { items } = await bank();
    assert.equal(sheet.rowCount - 1, items.length);
    const stems = new Set<string>();
    sheet.eachRow((row, n) => n > 1 && stems.add(String(row.getCell(2).value)));
    assert.ok(items.every((q) => stems.has(q.stem)));
    const multiple = [...Array(sheet.rowCount).keys()].map((i) => sheet.getRow(i + 1)).find((r) => r.getCell(1).value === '多选')!;
    assert.equal(multiple.getCell(9).value, 'ABD');
  });

  it('pages and filters the list, and the knowledge points offered stay those of the whole bank', async () => {
    const all = (await bank()).items;
    const list = async (query: string) =>
      (await server.api<{ items: any[]; total: number; tags: string[] }>('GET', `/course/question-bank?courseId=${courseId}&${query}`, { token: teacher })).body
        .data;
    const byTag = await list(`tag=${encodeURIComponent('程序结构')}`);
    assert.ok(byTag.items.length > 0 && byTag.items.every((q) => q.tags.includes('程序结构')));
    assert.deepEqual(byTag.tags, ['对刀', '指令', '程序结构'].sort(), 'a tag filter does not shrink the choice of tags');
    const first = await list('pageSize=3&page=1');
    const second = await list('pageSize=3&page=2');
    assert.equal(first.total, all.length);
    assert.equal(first.items.length, 3);
    assert.deepEqual(
      [...first.items, ...second.items].map((q) => q.id),
      all.slice(0, first.items.length + second.items.length).map((q) => q.id),
    );
    const single = await list('type=single&keyword=%E4%B8%BB%E8%BD%B4');
    assert.ok(single.items.length > 0 && single.items.every((q) => q.type === 'single' && q.stem.includes('主轴')));
    assert.equal(single.total, single.items.length);
  });

  it('every bank call, for each client type, owner and non-owner: managers and students 403, a teacher of another course 404, the signed-out 401', async () => {
    const manager = await server.login('manager');
    const id = (await bank()).items[0].id;
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/course/question-bank?courseId=${courseId}`],
      ['POST', '/course/question-bank', { courseId, questions: [{ type: 'judge', stem: '外人加的题', answer: true, points: 1 }] }],
      ['PUT', `/course/question-bank/${id}`, { type: 'judge', stem: '外人改的题', answer: true, points: 1 }],
      ['POST', '/course/question-bank/delete', { courseId, ids: [id] }],
      ['POST', '/course/question-bank/draw', { courseId, rules: [{ count: 1 }] }],
      ['POST', '/course/question-bank/import', { courseId, fileId: 'no-such-file' }],
      ['GET', `/course/question-bank/export?courseId=${courseId}`],
      ['GET', '/course/question-bank/template'],
      ['POST', '/course/question-bank/generate', { courseId, topic: '对刀', types: ['blank'], count: 1 }],
    ];
    const run = async (token: string | undefined) => {
      const got: number[] = [];
      for (const [method, path, body] of calls) {
        const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
        if (body !== undefined) headers['content-type'] = 'application/json';
        // fetch, not api(): exports answer workbooks, generate a stream.
        const res = await fetch(`${server.baseUrl}/new-chat${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
        await res.arrayBuffer();
        got.push(res.status);
      }
      return got;
    };
    //                                      list  add  edit  del  draw  import export template generate
    assert.deepEqual(await run(manager), Array(calls.length).fill(403), 'managers');
    assert.deepEqual(await run(student), Array(calls.length).fill(403), 'students');
    assert.deepEqual(await run(undefined), Array(calls.length).fill(401), 'signed out');
    assert.deepEqual(
      await run(otherTeacher.token),
      [404, 404, 404, 404, 404, 404, 404, 200, 404],
      'a teacher of another course (the blank template is no course\u2019s data)',
    );
    const after = await bank();
    assert.ok(
      after.items.some((q) => q.id === id),
      'nothing was deleted',
    );
    assert.ok(!after.items.some((q) => /外人/u.test(q.stem)), 'nothing was added or changed');
  });

  it("only the course's teachers read or change its bank", async () => {
    for (const token of [student, otherTeacher.token]) {
      assert.notEqual((await server.api('GET', `/course/question-bank?courseId=${courseId}`, { token })).status, 200);
      assert.notEqual(
        (await server.api('POST', '/course/question-bank', { token, body: { courseId, questions: [{ type: 'judge', stem: 'x', answer: true, points: 1 }] } }))
          .status,
        200,
      );
    }
    const id = (await bank()).items[0].id;
    const edit = await server.api('PUT', `/course/question-bank/${id}`, {
      token: otherTeacher.token,
      body: { type: 'judge', stem: '改', answer: true, points: 1 },
    });
    assert.equal(edit.status, 404);
    const own = await server.api('PUT', `/course/question-bank/${id}`, {
      token: teacher,
      body: { type: 'judge', stem: '改过的题干', answer: false, points: 1, tags: ['指令'] },
    });
    assert.equal(own.status, 200);
    assert.ok((await bank()).items.some((q) => q.stem === '改过的题干'));
  });

  it('draws by rules without repeats and says when the bank has too few', async () => {
    const drawn = await server.api<any[]>('POST', '/course/question-bank/draw', {
      token: teacher,
      body: {
        courseId,
        rules: [
          { count: 2, type: 'single' },
          { count: 1, tag: '指令' },
        ],
      },
    });
    assert.equal(drawn.status, 200);
    assert.equal(drawn.body.data.length, 3);
    assert.equal(new Set(drawn.body.data.map((q) => q.id)).size, 3);
    const tooMany = await server.api('POST', '/course/question-bank/draw', { token: teacher, body: { courseId, rules: [{ count: 50, type: 'short' }] } });
    assert.equal(tooMany.status, 400);
    assert.match(tooMany.body.msg, /只有 \d+ 道/u);
  });
});
