// The question bank's files in every language (evaluation-bank.test.ts has
// the rest of the bank): the template and the export are written in the
// reader's language, and the import reads a file written in any of the five,
// so a file made by an English teacher imports for a Chinese one and back.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { evaluationCourse } from '../../support/evaluation-course.js';
import ExcelJS from 'exceljs';
import { SERVER_LOCALES, type ServerLocale } from '../../../server/i18n/locales.js';
import { publishedCourse } from '../../support/published-course.js';
import { type TestServer } from '../../support/server.js';

const HAN = /[\u4e00-\u9fff]/u;

/** One question of each type, in several languages, as a teacher saves it. */
const QUESTIONS = [
  {
    type: 'single',
    stem: 'Which address sets the spindle speed?',
    options: ['S', 'F', 'T', 'M'],
    answer: 0,
    points: 2,
    difficulty: 2,
    tags: ['Commands'],
    explanation: 'S sets it.',
  },
  {
    type: 'multiple',
    stem: '以下哪些是插补指令？',
    // More options than the template's six columns: the export widens to hold them all.
    options: ['G01', 'G02', 'M03', 'G03', 'G04', 'G05', 'G17', 'G18'],
    answer: [0, 1, 3, 7],
    points: 3,
    difficulty: 3,
    tags: ['指令', '插补'],
  },
  { type: 'judge', stem: 'G00 — команда ускоренного позиционирования.', answer: false, points: 1, difficulty: 1, tags: ['Команды'] },
  { type: 'judge', stem: 'G01은 직선 보간이다.', answer: true, points: 1, difficulty: 1, tags: [] },
  { type: 'blank', stem: 'The command that ends the program is ____.', answer: ['M30', 'M 30'], points: 2, difficulty: 2, tags: ['Program structure'] },
  // Answers holding a slash or a comma come back whole.
  { type: 'blank', stem: 'Three quarters of 1,332 is ____.', answer: ['999', '3/4 of 1,332'], points: 2, difficulty: 2, tags: [] },
  {
    type: 'short',
    stem: 'Describe tool setting.',
    answer: 'Locate the workpiece zero.',
    // Levels come back on their criteria: one with a colon in a level and a "|" between, one without levels.
    rubric: [
      { criterion: 'Principle', points: 6, levels: ['Complete: zero and offset', 'Names the zero only', 'Missing'] },
      { criterion: '步骤', points: 4 },
      { criterion: 'Safety: guard closed', points: 0.5, levels: ['守规', '违规'] },
    ],
    points: 10.5,
    difficulty: 4,
    tags: ['Tool setting'],
    explanation: 'See lesson 3.',
  },
  {
    type: 'practical',
    stem: 'Set the tool on the lathe and upload a photo.',
    answer: 'The offset is entered.',
    rubric: [{ criterion: 'Photo shows the offset', points: 5 }],
    points: 5,
    difficulty: 5,
    tags: ['Tool setting'],
    explanation: '',
  },
];

/** A question as the bank lists it or an import previews it, without what neither file nor bank add. */
function content(q: any) {
  return {
    type: q.type,
    stem: q.stem,
    options: q.options?.length ? q.options : null,
    answer: q.answer ?? null,
    rubric: q.rubric ?? null,
    points: q.points,
    difficulty: q.difficulty ?? 3,
    tags: q.tags ?? [],
    explanation: q.explanation ?? '',
  };
}
const byStem = (a: { stem: string }, b: { stem: string }) => a.stem.localeCompare(b.stem);
const contents = (questions: any[]) => questions.map(content).sort(byStem);

async function readSheet(bytes: ArrayBuffer): Promise<{ name: string; rows: string[][] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
  return { name: sheet.name, rows };
}

describe('question bank files in every language', () => {
  let server: TestServer;
  let teacher: string;
  let courseId: string;

  before(async () => {
    ({ server, teacher, courseId } = await evaluationCourse('Bank languages'));
    const added = await server.api('POST', '/course/question-bank', { token: teacher, body: { courseId, questions: QUESTIONS } });
    assert.equal(added.status, 200, added.body.msg);
  });
  after(() => server.close());

  const download = (path: string, locale: ServerLocale) =>
    fetch(`${server.baseUrl}/new-chat${path}`, { headers: { authorization: `Bearer ${teacher}`, 'accept-language': locale } });
  const upload = (name: string, content: ArrayBuffer | Buffer) => server.uploadFile(teacher, name, content);
  const importAs = async (reader: ServerLocale, target: string, fileId: string, commit = false) =>
    (
      await server.api<any>('POST', '/course/question-bank/import', {
        token: teacher,
        body: { courseId: target, fileId, commit },
        headers: { 'accept-language': reader },
      })
    ).body.data;
  const bank = async (id: string) => (await server.api<{ items: any[] }>('GET', `/course/question-bank?courseId=${id}`, { token: teacher })).body.data.items;
  /** A Word or text paper's questions as the importer previews them for `reader`, checked to hold no error. */
  const paperQuestions = async (reader: ServerLocale, name: string, lines: string[]) => {
    const preview = await importAs(reader, courseId, await upload(name, Buffer.from(lines.join('\n'))));
    assert.equal(preview.errors, 0, JSON.stringify(preview.rows));
    return preview.rows.map((r: any) => r.question);
  };

  it('an English teacher downloads a template in English: sheet, headers, types, examples and file name', async () => {
    const res = await download('/course/question-bank/template', 'en-US');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-disposition')!, /filename\*=UTF-8''Question%20bank%20import%20template\.xlsx/u);
    const { name, rows } = await readSheet(await res.arrayBuffer());
    assert.equal(name, 'Question bank import template');
    assert.deepEqual(rows[0], [
      'Type',
      'Question',
      'Option A',
      'Option B',
      'Option C',
      'Option D',
      'Option E',
      'Option F',
      'Answer',
      'Points',
      'Difficulty',
      'Knowledge points',
      'Explanation',
      'Rubric',
      'Rubric levels',
    ]);
    assert.equal(
      rows[5]![14],
      'Principle: Complete and accurate | Mostly right | Missing or wrong\nSteps: Complete and accurate | Mostly right | Missing or wrong',
    );
    assert.deepEqual(
      rows.slice(1).map((r) => r[0]),
      ['Single choice', 'Multiple choice', 'True or false', 'Fill in the blank', 'Short answer'],
    );
    assert.equal(rows[3]![8], 'True', 'the true/false example answers in English');
    const chinese = rows.flat().filter((cell) => HAN.test(cell));
    assert.deepEqual(chinese, [], 'no Chinese character anywhere in the template');
  });

  // The reader's language changes only the words of a row's problem, never how a file is read; each
  // file is still read by a reader of another language, so every pair of languages comes up somewhere.
  it("each language's template imports as its five examples, for a reader of another language", async () => {
    for (const [i, locale] of SERVER_LOCALES.entries()) {
      const reader = SERVER_LOCALES[(i + 1) % SERVER_LOCALES.length]!;
      const fileId = await upload('template.xlsx', await (await download('/course/question-bank/template', locale)).arrayBuffer());
      const preview = await importAs(reader, courseId, fileId);
      assert.equal(preview.errors, 0, `${locale} template read by ${reader}: ${JSON.stringify(preview.rows.filter((r: any) => r.error))}`);
      assert.deepEqual(
        preview.rows.map((r: any) => r.question.type),
        ['single', 'multiple', 'judge', 'blank', 'short'],
        `${locale} template read by ${reader}`,
      );
      assert.deepEqual(preview.rows[2].question.answer, true);
      assert.deepEqual(preview.rows[3].question.answer, ['M30', 'M 30']);
      assert.equal(preview.rows[4].question.rubric.length, 2);
    }
  });

  it('the export in each language has that language on it and imports back as the same questions, for readers of other languages', async () => {
    const original = contents(await bank(courseId));
    assert.deepEqual(original, contents(QUESTIONS), 'the bank holds the questions as given');
    for (const [i, locale] of SERVER_LOCALES.entries()) {
      const res = await download(`/course/question-bank/export?courseId=${courseId}`, locale);
      assert.equal(res.status, 200);
      const bytes = await res.arrayBuffer();
      const { rows } = await readSheet(bytes);
      if (!locale.startsWith('zh')) {
        const words = [...rows[0]!, ...rows.slice(1).map((r) => r[0]!), ...rows.filter((r) => /^G0[01]/u.test(r[1]!)).map((r) => r[8]!)];
        assert.deepEqual(
          words.filter((w) => HAN.test(w)),
          [],
          `${locale}: headers, types and true/false words`,
        );
      }
      const fileId = await upload('bank.xlsx', bytes);
      // Previewed by a reader two languages on, imported for real into another course by the next one.
      const previewer = SERVER_LOCALES[(i + 2) % SERVER_LOCALES.length]!;
      const preview = await importAs(previewer, courseId, fileId);
      assert.equal(preview.errors, 0, `${locale} export read by ${previewer}`);
      assert.deepEqual(contents(preview.rows.map((r: any) => r.question)), original, `${locale} export read by ${previewer}`);
      const importer = SERVER_LOCALES[(i + 1) % SERVER_LOCALES.length]!;
      const copy = (await publishedCourse(server, teacher, `Copy ${locale}`)).id;
      const done = await importAs(importer, copy, fileId, true);
      assert.equal(done.imported, QUESTIONS.length);
      assert.deepEqual(contents(await bank(copy)), original, `${locale} export imported by ${importer}`);
    }
  });

  it('an old zh-CN template or export still imports for an English reader', async () => {
    // The columns and words every file had before the files spoke the reader's language.
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('题库导入模板');
    sheet.addRow(['题型', '题干', '选项A', '选项B', '选项C', '选项D', '选项E', '选项F', '答案', '分值', '难度', '知识点', '解析', '评分标准']);
    sheet.addRow(['单选', '数控车床的主轴功能字是？', 'S', 'F', 'T', 'M', '', '', 'A', 2, 2, '指令', 'S 指定主轴转速。', '']);
    sheet.addRow(['多选', '以下哪些是插补指令？', 'G01', 'G02', 'M03', 'G03', '', '', 'ABD', 3, 3, '指令', '', '']);
    sheet.addRow(['判断', 'G00 是快速定位指令。', '', '', '', '', '', '', '对', 1, 1, '指令', '', '']);
    sheet.addRow(['判断题', 'G01 是圆弧插补指令。', '', '', '', '', '', '', '错', 1, 1, '指令', '', '']);
    sheet.addRow(['填空', '程序结束并返回的指令是 ____。', '', '', '', '', '', '', 'M30；M 30', 2, 2, '程序结构', '', '']);
    sheet.addRow(['简答', '简述对刀的原理和步骤。', '', '', '', '', '', '', '确定工件坐标系……', 10, 3, '对刀、指令', '', '原理:6；步骤:4']);
    sheet.addRow(['实操', '完成一次对刀并上传照片。', '', '', '', '', '', '', '', 5, 3, '对刀', '', '对刀:5']);
    const fileId = await upload('old.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    const preview = await importAs('en-US', courseId, fileId);
    assert.equal(preview.errors, 0, JSON.stringify(preview.rows.filter((r: any) => r.error)));
    const questions = preview.rows.map((r: any) => r.question);
    assert.deepEqual(
      questions.map((q: any) => [q.type, q.answer ?? null]),
      [
        ['single', 0],
        ['multiple', [0, 1, 3]],
        ['judge', true],
        ['judge', false],
        ['blank', ['M30', 'M 30']],
        ['short', '确定工件坐标系……'],
        ['practical', null],
      ],
    );
    assert.deepEqual(questions[5].rubric, [
      { criterion: '原理', points: 6 },
      { criterion: '步骤', points: 4 },
    ]);
    assert.deepEqual(questions[5].tags, ['对刀', '指令']);
  });

  it('reads headers and words of mixed languages in any case with spaces around, and names an unknown type in the reader’s language', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('mixed');
    sheet.addRow(['  TYPE ', 'вопрос', '選項A', 'option b', '보기 C', '정답', 'points ', 'Сложность', 'knowledge POINTS']);
    sheet.addRow([' single CHOICE ', 'Pick one', 'x', 'y', 'z', ' b ', 2, 2, 'a, b']);
    sheet.addRow(['참/거짓', 'Правда ли?', '', '', '', ' НЕТ ', 1, 1, '']);
    sheet.addRow(['判斷題', 'Is it?', '', '', '', 'true', 1, 1, '']);
    sheet.addRow(['Essay', 'What type is this?', '', '', '', 'x', 1, 1, '']);
    const fileId = await upload('mixed.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    const preview = await importAs('en-US', courseId, fileId);
    const [single, ru, tw, unknown] = preview.rows;
    assert.deepEqual([single.question.type, single.question.options, single.question.answer, single.question.tags], ['single', ['x', 'y', 'z'], 1, ['a', 'b']]);
    assert.deepEqual([ru.question.type, ru.question.answer], ['judge', false]);
    assert.deepEqual([tw.question.type, tw.question.answer], ['judge', true]);
    assert.equal(unknown.line, 5);
    assert.match(unknown.error, /Essay/u);
    assert.match(unknown.error, /Single choice/u);
    assert.doesNotMatch(unknown.error, HAN, unknown.error);
  });

  it('reads a Word or text paper labelled in English or Russian', async () => {
    const [first, second] = await paperQuestions('zh-CN', 'paper.txt', [
      '1. Which address sets the spindle speed?',
      'A. S',
      'B. F',
      'Answer: A',
      'Explanation: S sets it.',
      'Knowledge points: Commands',
      '',
      '2. G00 is rapid.',
      'Ответ: Верно',
      'Баллы: 2',
    ]);
    assert.deepEqual([first.type, first.answer, first.explanation, first.tags], ['single', 0, 'S sets it.', ['Commands']]);
    assert.deepEqual([second.type, second.answer, second.points], ['judge', true, 2]);
  });

  it('reads a Russian paper lettered А Б В Г, where Cyrillic В is the third option', async () => {
    const [single, multiple] = await paperQuestions('ru-RU', 'paper-ru.txt', [
      '1. Какой адрес задаёт частоту вращения шпинделя?',
      'А) F',
      'Б) G',
      'В) S',
      'Г) T',
      'Ответ: В',
      '',
      '2. Какие адреса задают перемещение?',
      'Тип: Несколько ответов',
      'а. X',
      'б. M',
      'в. Z',
      'Ответ: А, в',
    ]);
    assert.deepEqual([single.type, single.options, single.answer], ['single', ['F', 'G', 'S', 'T'], 2]);
    assert.deepEqual([multiple.type, multiple.options, multiple.answer], ['multiple', ['X', 'M', 'Z'], [0, 2]]);
  });

  it('a paper gives rubric levels one criterion a line, by name or in order, and a line with no criterion is named', async () => {
    const [short] = await paperQuestions('en-US', 'levels.txt', [
      '1. Describe tool setting.',
      'Rubric: Principle:6; Steps:4',
      'Points: 10',
      'Rubric levels: Steps: All five | Three or four | Fewer',
      'Clear and right | Partly right',
    ]);
    assert.deepEqual(short.rubric, [
      { criterion: 'Principle', points: 6, levels: ['Clear and right', 'Partly right'] },
      { criterion: 'Steps', points: 4, levels: ['All five', 'Three or four', 'Fewer'] },
    ]);
    const fileId = await upload(
      'too-many-levels.txt',
      Buffer.from('1. Describe tool setting.\nRubric: Principle:10\nPoints: 10\nRubric levels: Principle: A | B\nSafety: Kept | Broken'),
    );
    const preview = await importAs('en-US', courseId, fileId);
    assert.equal(preview.rows[0].error, 'Line 2 of the rubric levels has no matching rubric criterion');
  });

  it('a question without a rubric gets its one criterion in the importing teacher’s language', async () => {
    const fileId = await upload('short.txt', Buffer.from('1. Describe how a tool is set.\nAnswer: Touch off, then enter the offset.\nPoints: 10'));
    const criterion = async (reader: ServerLocale) => (await importAs(reader, courseId, fileId)).rows[0].question.rubric;
    assert.deepEqual(await criterion('en-US'), [{ criterion: 'Key points', points: 10 }]);
    assert.deepEqual(await criterion('zh-CN'), [{ criterion: '答案要点', points: 10 }]);
  });
});
