// Question banks from other systems: Moodle XML, GIFT and Aiken files
// (test/fixtures/question-banks, written in Moodle's documented formats) come
// in through the same preview as Word and Excel, every question that has a
// counterpart here comes in right, and every one that has none is named; an
// export in each format imports back as the same questions.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { evaluationCourse } from '../../support/evaluation-course.js';
import { repoPath } from '../../support/repo.js';
import { type TestServer } from '../../support/server.js';

// From the repository root: the suite runs this file compiled in dist-tests/, where no fixture is copied.
const fixture = (name: string) => readFileSync(repoPath('test/fixtures/question-banks', name));

/** What a teacher checks of each question the preview shows. */
const seen = (q: any) => ({
  type: q.type,
  stem: q.stem,
  options: q.options ?? null,
  answer: q.answer ?? null,
  points: q.points,
  tags: q.tags ?? [],
  explanation: q.explanation ?? '',
});

const MOODLE_EXPECTED = [
  {
    type: 'single',
    stem: '数控车床的主轴功能字是？',
    options: ['S', 'F', 'T', 'M & S'],
    answer: 0,
    points: 2,
    tags: ['指令'],
    explanation: 'S 指定主轴转速。',
  },
  {
    type: 'multiple',
    stem: '以下哪些是插补指令？\n（多选）',
    options: ['G01', 'G02', 'M03', 'G03'],
    answer: [0, 1, 3],
    points: 3,
    tags: ['指令', '插补'],
    explanation: '',
  },
  { type: 'judge', stem: 'G00 是快速定位指令。', options: null, answer: true, points: 1, tags: ['指令'], explanation: '' },
  { type: 'blank', stem: '程序结束并返回的指令是 ____。', options: null, answer: ['M30', 'M 30'], points: 2, tags: ['程序结构'], explanation: '' },
  {
    type: 'blank',
    stem: '线速度 100 m/min、直径 50 mm 时主轴转速约为多少 r/min？',
    options: null,
    answer: ['637'],
    points: 4,
    tags: ['程序结构'],
    explanation: '',
  },
  { type: 'short', stem: '简述对刀的原理和步骤。', options: null, answer: '确定工件坐标系原点的位置……', points: 10, tags: ['程序结构'], explanation: '' },
];

describe('question banks from Moodle XML, GIFT and Aiken', () => {
  let server: TestServer;
  let teacher: string;
  let courseId: string;

  before(async () => ({ server, teacher, courseId } = await evaluationCourse('数控编程')));
  after(() => server.close());

  const preview = async (name: string, content: Buffer | string, locale?: string) => {
    const fileId = await server.uploadFile(teacher, name, content);
    const res = await server.api<any>('POST', '/course/question-bank/import', {
      token: teacher,
      body: { courseId, fileId },
      ...(locale ? { headers: { 'accept-language': locale } } : {}),
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return { fileId, data: res.body.data };
  };
  const bankStems = async () =>
    (await server.api<{ items: any[] }>('GET', `/course/question-bank?courseId=${courseId}`, { token: teacher })).body.data.items.map((q) => q.stem);
  const download = async (format: string) => {
    const res = await fetch(`${server.baseUrl}/new-chat/course/question-bank/export?courseId=${courseId}&format=${format}`, {
      headers: { authorization: `Bearer ${teacher}` },
    });
    assert.equal(res.status, 200);
    return { res, text: await res.text() };
  };

  it('a Moodle XML bank: every mappable question comes in right, categories become knowledge points, the rest is named', async () => {
    const { fileId, data } = await preview('moodle-export.xml', fixture('moodle.xml'));
    assert.equal(data.errors, 0, JSON.stringify(data.rows));
    const questions = data.rows.filter((r: any) => r.question);
    assert.deepEqual(
      questions.map((r: any) => seen(r.question)),
      MOODLE_EXPECTED,
    );
    const essay = questions.at(-1).question;
    assert.equal(
      essay.rubric.reduce((sum: number, c: any) => sum + c.points, 0),
      10,
      'the essay has one criterion worth its points, to be refined',
    );
    assert.ok(
      questions.at(-1).notes.some((n: string) => /评分标准/u.test(n)),
      'the teacher is told to fill the rubric',
    );
    const numerical = questions.find((r: any) => r.question.stem.startsWith('线速度'));
    assert.ok(
      numerical.notes.some((n: string) => /±5/u.test(n)),
      'the tolerance that did not come across is named',
    );
    assert.ok(
      numerical.notes.some((n: string) => /图片/u.test(n)),
      'the image that did not come across is named',
    );
    const skipped = data.rows.filter((r: any) => r.skipped);
    assert.deepEqual(
      skipped.map((r: any) => [r.stem.slice(0, 6), r.skipped]),
      [
        ['将指令与功能', '匹配题没有对应的题型，未导入'],
        ['主轴正转是 ', '完形填空（一题多空）没有对应的题型，未导入'],
        ['以下各题考查', '说明文字不是题目，未导入'],
      ],
    );
    assert.equal(data.skipped, 3);
    const done = await server.api<any>('POST', '/course/question-bank/import', { token: teacher, body: { courseId, fileId, commit: true } });
    assert.equal(done.body.data.imported, 6, 'what is left out does not block the rest');
    const stems = await bankStems();
    assert.ok(MOODLE_EXPECTED.every((q) => stems.includes(q.stem)));
    assert.ok(!stems.some((s) => /将指令与功能配对/u.test(s)), 'a matching question is not turned into something else');
  });

  it('a GIFT bank (Moodle exports it as .txt) comes in the same way, in the teacher’s language', async () => {
    const { data } = await preview('gift.txt', fixture('gift.txt'));
    assert.equal(data.errors, 0, JSON.stringify(data.rows));
    const questions = data.rows.filter((r: any) => r.question).map((r: any) => seen(r.question));
    const expected = MOODLE_EXPECTED.map((q) => ({
      ...q,
      // GIFT carries no points and no model answer, and this file writes the multiple choice on one line.
      points: { single: 2, multiple: 3, judge: 1, blank: 2, short: 10 }[q.type]!,
      stem: q.stem.replace('\n（多选）', ''),
      answer: q.type === 'short' ? null : q.answer,
      options: q.options?.map((o) => (o === 'M & S' ? 'M' : o)) ?? null,
    }));
    assert.deepEqual(questions.slice(0, 6), expected);
    assert.deepEqual(questions[6], {
      type: 'single',
      stem: '公式 a:b 中 a 表示？',
      options: ['前项', '后项'],
      answer: 0,
      points: 2,
      tags: ['程序结构'],
      explanation: '',
    });
    assert.deepEqual(
      data.rows.filter((r: any) => r.skipped).map((r: any) => r.stem),
      ['将指令与功能配对。', '以下各题考查数控车床的基本指令。'],
    );
    const english = await preview('bank.gift', fixture('gift.txt'), 'en-US');
    const reasons = english.data.rows.filter((r: any) => r.skipped || r.notes).flatMap((r: any) => [r.skipped, ...(r.notes ?? [])].filter(Boolean));
    assert.ok(reasons.length >= 3);
    for (const text of reasons) assert.doesNotMatch(text, /[\u4e00-\u9fff]/u, text);
  });

  it('a GIFT question that cannot be read is named with its line, and nothing imports until it is fixed', async () => {
    const { fileId, data } = await preview('broken.gift', '::好题::G00 是快速定位指令。{T}\n\n::坏题::缺少右括号 {=A ~B\n');
    assert.deepEqual(
      data.rows.map((r: any) => [r.line, Boolean(r.question), Boolean(r.error)]),
      [
        [1, true, false],
        [3, false, true],
      ],
    );
    const res = await server.api<any>('POST', '/course/question-bank/import', { token: teacher, body: { courseId, fileId, commit: true } });
    assert.equal(res.body.data.imported, 0);
  });

  it('an Aiken file with unnumbered questions comes in whole', async () => {
    const { data } = await preview('aiken.txt', fixture('aiken.txt'));
    assert.equal(data.errors, 0, JSON.stringify(data.rows));
    assert.deepEqual(
      data.rows.map((r: any) => [r.line, r.question.type, r.question.stem, r.question.options, r.question.answer]),
      [
        [1, 'single', '数控车床的主轴功能字是？', ['S', 'F', 'T', 'M'], 0],
        [8, 'single', 'Which G-code moves the tool at rapid traverse?', ['G00', 'G01', 'G02'], 0],
        [14, 'single', '程序结束并返回的指令是哪一个？', ['M02', 'M30'], 1],
      ],
    );
  });

  it('exports in Moodle XML, GIFT and Aiken read back as the same questions', async () => {
    await server.api('POST', '/course/question-bank', {
      token: teacher,
      body: {
        courseId,
        questions: [
          {
            type: 'practical',
            stem: '车一根 <轴> & 测量\n第二行 {x} ~ = # :',
            points: 8,
            rubric: [{ criterion: '尺寸', points: 8 }],
            answer: '尺寸合格',
            tags: ['实操'],
            explanation: '注意：安全',
          },
        ],
      },
    });
    const bank = (await server.api<{ items: any[] }>('GET', `/course/question-bank?courseId=${courseId}`, { token: teacher })).body.data.items;
    const moodle = await download('moodle');
    assert.match(moodle.res.headers.get('content-type')!, /xml/u);
    assert.match(moodle.res.headers.get('content-disposition')!, /filename\*=UTF-8''%E9%A2%98%E5%BA%93\.xml/u);
    const back = (await preview('back.xml', moodle.text)).data;
    assert.equal(back.errors, 0, JSON.stringify(back.rows));
    assert.deepEqual(
      back.rows.map((r: any) => seen(r.question)),
      bank.map(seen),
      'Moodle XML keeps type, stem, options, answer, points, knowledge points and explanation',
    );

    const gift = await download('gift');
    assert.match(gift.res.headers.get('content-disposition')!, /GIFT\.txt/u);
    const giftBack = (await preview('back.txt', gift.text)).data;
    assert.equal(giftBack.errors, 0, JSON.stringify(giftBack.rows));
    const notPractical = bank.filter((q) => q.type !== 'practical');
    assert.deepEqual(
      giftBack.rows.map((r: any) => {
        const { points: _points, answer, ...rest } = seen(r.question);
        return { ...rest, answer: r.question.type === 'short' ? null : answer };
      }),
      notPractical.map((q) => {
        const { points: _points, answer, ...rest } = seen(q);
        return { ...rest, answer: q.type === 'short' ? null : answer };
      }),
      'GIFT keeps all but points and a model answer (a practical task has no GIFT form)',
    );

    const aiken = await download('aiken');
    const aikenBack = (await preview('back-aiken.txt', aiken.text)).data;
    const singles = bank.filter((q) => q.type === 'single');
    assert.ok(singles.length > 0);
    assert.deepEqual(
      aikenBack.rows.map((r: any) => [r.question.stem, r.question.options, r.question.answer]),
      singles.map((q) => [q.stem, q.options, q.answer]),
    );
  });

  it('refuses a file type it cannot read, naming the ones it can', async () => {
    const fileId = await server.uploadFile(teacher, 'notes.pdf', Buffer.from('%PDF-1.4 not a bank'));
    const res = await server.api<any>('POST', '/course/question-bank/import', {
      token: teacher,
      body: { courseId, fileId },
      headers: { 'accept-language': 'en-US' },
    });
    assert.equal(res.status, 400);
    assert.match(res.body.msg, /Moodle XML/u);
    assert.match(res.body.msg, /GIFT/u);
  });
});
