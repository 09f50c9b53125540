// Course evaluation in the reader's language: the default indicators are
// stored once in zh-CN and shared by managers of every language, so an
// English manager reads them (list, ranking, export) in English while their
// text is untouched, saving them unchanged leaves them Chinese for a Chinese
// manager, and the suggested scores follow the indicator's id, not its name.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import { publishedCourse } from '../../support/published-course.js';
import { startTestServer, type TestServer } from '../../support/server.js';

const ZH_NAMES = ['教学设计', '资源建设', '教学实施', 'AI 应用', '学生评价'];
const EN_NAMES = ['Lesson design', 'Learning resources', 'Teaching delivery', 'Use of AI', 'Student evaluation'];
const HAN = /[\u4e00-\u9fff]/u;

const inLanguage = (language: string) => ({ 'accept-language': language });

async function indicatorsIn(server: TestServer, token: string, language: string): Promise<any[]> {
  const res = await server.api<any[]>('GET', '/course/course-evaluation/indicators', { token, headers: inLanguage(language) });
  assert.equal(res.status, 200, res.body.msg);
  return res.body.data;
}

async function rankingIn(server: TestServer, token: string, language: string): Promise<any> {
  const res = await server.api<any>('GET', '/course/course-evaluation/courses', { token, headers: inLanguage(language) });
  assert.equal(res.status, 200, res.body.msg);
  return res.body.data;
}

async function exportHeaders(server: TestServer, token: string, language: string): Promise<unknown[]> {
  const res = await fetch(`${server.baseUrl}/new-chat/course/course-evaluation/export`, {
    headers: { authorization: `Bearer ${token}`, ...inLanguage(language) },
  });
  assert.equal(res.status, 200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
  return workbook.worksheets[0]!.getRow(1).values as unknown[];
}

/** The suggested score of the indicator `id` for `courseId` in a ranking. */
const suggestion = (ranking: any, courseId: string, id: string) =>
  ranking.courses.find((c: any) => c.courseId === courseId).indicators.find((i: any) => i.indicatorId === id).suggested;

describe('course evaluation in the reader\u2019s language', () => {
  let server: TestServer;
  let manager: string;
  let course: string;
  before(async () => {
    server = await startTestServer();
    const teacher = await server.login('teacher');
    manager = await server.login('manager');
    course = (await publishedCourse(server, teacher, '数控车床编程')).id;
  });
  after(() => server.close());

  it('an en-US manager reads the default names and levels in English in the list, the ranking and the export, with the suggestions', async () => {
    const list = await indicatorsIn(server, manager, 'en-US');
    assert.deepEqual(
      list.map((i) => i.name),
      EN_NAMES,
    );
    assert.deepEqual(list[0].levels, [
      'Clear goals, well-structured content, close to the job',
      'Fairly clear goals, mostly sound structure',
      'Clear gaps in the goals or the structure',
    ]);
    assert.ok(!list.some((i) => HAN.test(i.name) || i.levels.some((l: string) => HAN.test(l))), JSON.stringify(list));

    const ranking = await rankingIn(server, manager, 'en-US');
    assert.deepEqual(
      ranking.indicators.map((i: any) => i.name),
      EN_NAMES,
    );
    const row = ranking.courses.find((c: any) => c.courseId === course);
    assert.deepEqual(
      row.indicators.map((i: any) => i.name),
      EN_NAMES,
    );
    const byName = (name: string) => row.indicators.find((i: any) => i.name === name);
    assert.equal(typeof byName('Learning resources').suggested, 'number', 'the data still suggests a score under the English name');
    assert.equal(typeof byName('Teaching delivery').suggested, 'number');
    assert.equal(byName('Lesson design').suggested, null, 'design is the manager\u2019s judgement alone');

    const own = await server.api<any>('GET', `/course/course-evaluation/courses/${course}`, { token: manager, headers: inLanguage('en-US') });
    assert.deepEqual(
      own.body.data.indicators.map((i: any) => i.name),
      EN_NAMES,
    );

    const headers = await exportHeaders(server, manager, 'en-US');
    for (const name of EN_NAMES) assert.ok(headers.includes(`${name} (20%)`), `${name} in ${JSON.stringify(headers)}`);
  });

  it('the defaults read in every language the server speaks', async () => {
    for (const language of ['ko-KR', 'ru-RU']) {
      const list = await indicatorsIn(server, manager, language);
      assert.ok(!list.some((i) => HAN.test(i.name) || i.levels.some((l: string) => HAN.test(l))), `${language}: ${JSON.stringify(list)}`);
    }
    assert.deepEqual(
      (await indicatorsIn(server, manager, 'zh-TW')).map((i) => i.name),
      ['教學設計', '資源建設', '教學實施', 'AI 應用', '學生評價'],
    );
  });

  it('an en-US manager saving the system unchanged leaves a zh-CN manager the Chinese defaults', async () => {
    const english = await indicatorsIn(server, manager, 'en-US');
    const saved = await server.api<any[]>('PUT', '/course/course-evaluation/indicators', {
      token: manager,
      headers: inLanguage('en-US'),
      body: { indicators: english },
    });
    assert.equal(saved.status, 200, saved.body.msg);
    assert.deepEqual(
      saved.body.data.map((i: any) => i.name),
      EN_NAMES,
    );
    const chinese = await indicatorsIn(server, manager, 'zh-CN');
    assert.deepEqual(
      chinese.map((i) => i.name),
      ZH_NAMES,
    );
    assert.deepEqual(chinese[1].levels, ['课时、资源丰富且持续更新', '资源基本齐全', '资源不足']);
    const stored = await server.data.db.selectFrom('course_eval_indicators').select(['name', 'levels']).orderBy('position').execute();
    assert.deepEqual(
      stored.map((r) => r.name),
      ZH_NAMES,
      'the table keeps the defaults, not the English',
    );
  });

  it('a renamed indicator keeps its suggestion, and a manager\u2019s own words read as written in every language', async () => {
    const english = await indicatorsIn(server, manager, 'en-US');
    const edited = english.map((i) => (i.name === 'Learning resources' ? { ...i, name: 'Course materials', levels: ['Rich', ...i.levels.slice(1)] } : i));
    const saved = await server.api('PUT', '/course/course-evaluation/indicators', {
      token: manager,
      headers: inLanguage('en-US'),
      body: { indicators: edited },
    });
    assert.equal(saved.status, 200, saved.body.msg);
    const chinese = await indicatorsIn(server, manager, 'zh-CN');
    const renamed = chinese.find((i) => i.id === english[1].id);
    assert.equal(renamed.name, 'Course materials', 'the manager\u2019s words are not translated');
    assert.deepEqual(renamed.levels, ['Rich', '资源基本齐全', '资源不足'], 'the levels left alone stay the defaults');
    assert.deepEqual(
      chinese.map((i) => i.name),
      ['教学设计', 'Course materials', '教学实施', 'AI 应用', '学生评价'],
    );
    for (const language of ['zh-CN', 'en-US']) {
      const ranking = await rankingIn(server, manager, language);
      assert.equal(typeof suggestion(ranking, course, english[1].id), 'number', `${language}: the renamed indicator keeps its suggestion`);
    }
    // A manager's own Chinese name stays as typed in an English export too, even one the catalogue knows (课程: Course).
    const ownName = chinese.map((i) => (i.id === english[1].id ? { ...i, name: '课程' } : i));
    assert.equal((await server.api('PUT', '/course/course-evaluation/indicators', { token: manager, body: { indicators: ownName } })).status, 200);
    const weight = chinese.find((i) => i.id === english[1].id).weight;
    assert.ok((await exportHeaders(server, manager, 'en-US')).includes(`课程 (${weight}%)`), 'the export keeps the manager\u2019s name');
    // Back to the default under its Chinese name: it reads in English again.
    const restored = chinese.map((i) =>
      i.id === english[1].id ? { ...i, name: '资源建设', levels: ['课时、资源丰富且持续更新', '资源基本齐全', '资源不足'] } : i,
    );
    await server.api('PUT', '/course/course-evaluation/indicators', { token: manager, body: { indicators: restored } });
    assert.equal((await indicatorsIn(server, manager, 'en-US'))[1].name, 'Learning resources');
  });

  it('an English name beside the Chinese default it translates is refused as a repeat', async () => {
    const english = await indicatorsIn(server, manager, 'en-US');
    const list = [...english.slice(0, 4).map((i) => ({ ...i, weight: 25 })), { name: '教学设计', weight: 0, levels: [] }];
    const res = await server.api('PUT', '/course/course-evaluation/indicators', { token: manager, headers: inLanguage('en-US'), body: { indicators: list } });
    assert.equal(res.status, 400);
    assert.equal(res.body.msg, 'Criterion names must not repeat');
  });
});

describe('course evaluation on a database whose defaults the earlier code wrote', () => {
  let server: TestServer;
  let manager: string;
  let course: string;
  before(async () => {
    server = await startTestServer();
    const teacher = await server.login('teacher');
    manager = await server.login('manager');
    course = (await publishedCourse(server, teacher, '钳工实训')).id;
    // The rows as the first version wrote them on a school's first visit (fixed ids, zh-CN text), before this server read them.
    const levels = [
      ['目标清晰、内容结构合理、贴合岗位', '目标较清晰、结构基本合理', '目标或结构有明显欠缺'],
      ['课时、资源丰富且持续更新', '资源基本齐全', '资源不足'],
      ['学生活跃、完成率高', '活跃度与完成率一般', '参与度低'],
      ['课程 AI 深度融入教学', '有一定使用', '很少使用'],
      ['测评与问卷结果优秀', '结果良好', '结果欠佳'],
    ];
    await server.data.db
      .insertInto('course_eval_indicators')
      .values(
        ZH_NAMES.map((name, position) => ({
          id: `default-${position + 1}`,
          name,
          weight: 20,
          levels: JSON.stringify(levels[position]),
          position,
          created_at: 1,
          updated_at: 1,
        })),
      )
      .execute();
  });
  after(() => server.close());

  it('keeps its suggestions and reads in the reader\u2019s language', async () => {
    for (const [language, names] of [
      ['zh-CN', ZH_NAMES],
      ['en-US', EN_NAMES],
    ] as const) {
      const ranking = await rankingIn(server, manager, language);
      assert.deepEqual(
        ranking.indicators.map((i: any) => i.name),
        names,
      );
      assert.deepEqual(
        ['default-1', 'default-2', 'default-3'].map((id) => typeof suggestion(ranking, course, id)),
        ['object', 'number', 'number'],
        `${language}: no suggestion for design, one for resources and delivery`,
      );
    }
  });
});
