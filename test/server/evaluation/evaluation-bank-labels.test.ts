// A Word or Excel question bank whose lines carry several labels
// ("知识点：刀补 难度：1 分值：2", colons of either width) is read as that many
// fields, and the preview flags every question it could not read whole: a
// value that is no number, a line after the answer, a column the template
// does not have, a field written in two places.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { evaluationCourse } from '../../support/evaluation-course.js';
import ExcelJS from 'exceljs';
import { type TestServer } from '../../support/server.js';
import { makeDocx } from '../../support/documents.js';

describe('question files with several labels on a line', () => {
  let server: TestServer;
  let teacher: string;
  let courseId: string;

  before(async () => ({ server, teacher, courseId } = await evaluationCourse('数控车削')));
  after(() => server.close());

  const importFile = async (name: string, content: Buffer, commit = false, locale?: string) => {
    const fileId = await server.uploadFile(teacher, name, content);
    const res = await server.api<any>('POST', '/course/question-bank/import', {
      token: teacher,
      body: { courseId, fileId, commit },
      ...(locale ? { headers: { 'accept-language': locale } } : {}),
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.data;
  };
  const sheet = async (rows: string[][]) => {
    const workbook = new ExcelJS.Workbook();
    const ws = workbook.addWorksheet('题库');
    for (const row of rows) ws.addRow(row);
    return Buffer.from(await workbook.xlsx.writeBuffer());
  };

  it('reads 知识点, 难度 and 分值 on one Word line as three fields, with colons of either width', async () => {
    const paper = makeDocx([
      '1. 刀具半径补偿的指令是？',
      'A. G41',
      'B. G00',
      '答案：A',
      '知识点：刀补 难度：1 分值：2',
      '2. 刀补建立时应在直线段上进行。',
      '答案：对',
      '知识点:刀补 难度:1 分值:2',
      '3. Which code cancels cutter compensation? ____',
      'Answer: G40 Points: 3 Difficulty: 2',
    ]);
    const data = await importFile('刀补.docx', paper, true);
    assert.equal(data.errors, 0, JSON.stringify(data.rows));
    assert.deepEqual(
      data.rows.map((r: any) => [r.question.tags, r.question.difficulty, r.question.points]),
      [
        [['刀补'], 1, 2],
        [['刀补'], 1, 2],
        [[], 2, 3],
      ],
    );
    assert.equal(data.rows[2].question.answer[0], 'G40');
    const bank = (await server.api<any>('GET', `/course/question-bank?courseId=${courseId}`, { token: teacher })).body.data;
    assert.deepEqual(bank.tags, ['刀补'], 'no knowledge point named "刀补 难度：1 分值：2" reaches the bank');
  });

  it('flags every question not read whole: a value that is no number is a problem, a line after the answer is named', async () => {
    const paper = makeDocx([
      '1. 刀补取消的指令是 ____。',
      '答案：G40',
      '难度：很难',
      '2. G41 是左刀补。',
      '答案：对',
      '（此题来自期中考试）',
      '3. G42 是右刀补。',
      '答案：对 分值：两分',
    ]);
    const data = await importFile('有问题.docx', paper);
    assert.equal(data.errors, 2);
    const [first, second, third] = data.rows;
    assert.match(first.error, /难度.*很难/u);
    assert.ok(second.question, 'a question with an unread line still imports');
    assert.equal(second.notes.length, 1);
    assert.match(second.notes[0], /^第 \d+ 行没有读入：“（此题来自期中考试）”$/u);
    assert.match(third.error, /分值.*两分/u);
    const english = await importFile('problems.docx', paper, false, 'en-US');
    assert.match(english.rows[1].notes[0], /^Line \d+ was not read: "（此题来自期中考试）"$/u);
    assert.equal(english.rows[0].error, '"难度" should be a whole number from 1 to 5, but it says "很难"');
    const committed = await importFile('有问题.docx', paper, true);
    assert.equal(committed.imported, 0, 'nothing imports while a value cannot be read');
  });

  it('reads labels written inside an Excel cell, and flags unknown columns, unreadable numbers and a field written twice', async () => {
    const file = await sheet([
      ['题型', '题干', '答案', '分值', '知识点', '编号'],
      ['填空', '刀补取消的指令是 ____。', 'G40', '', '刀补 难度：1 分值：2', ''],
      ['判断', 'G41 是左刀补。', '对', '两分', '刀补', ''],
      ['判断', 'G42 是右刀补。', '对', '3', '刀补 分值：2', ''],
      ['判断', 'G40 取消刀补。', '对', '1', '刀补', 'Q-17'],
    ]);
    const data = await importFile('刀补.xlsx', file);
    const [embedded, words, twice, extra] = data.rows;
    assert.deepEqual([embedded.question.tags, embedded.question.difficulty, embedded.question.points], [['刀补'], 1, 2]);
    assert.match(words.error, /分值.*两分/u);
    assert.match(twice.error, /分值.*写了两处/u);
    assert.deepEqual(extra.notes, ['“编号”一栏不是模板的栏目，没有读入']);
    assert.equal(data.errors, 2);
  });
});
