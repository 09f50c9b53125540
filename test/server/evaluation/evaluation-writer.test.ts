// AI question writing: drafts stream in from a lesson, each citing
// the passage it came from, and none enters the bank unsaved; with only the
// built-in engine, labelled fill-in-the-blank drafts from the lesson's key
// terms and a plain word that other types need a model.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { publishedCourse } from '../../support/published-course.js';
import { startTestServer, type TestServer } from '../../support/server.js';
import { postSse } from '../../support/sse-client.js';
import { startStubLlm, type StubLlm } from '../../support/stub-llm.js';

const LESSON = `# 数控车床对刀

对刀是确定工件坐标系原点在机床坐标系中位置的操作。数控车床常用试切法对刀，先试切外圆再试切端面。

试切外圆后测量直径，把测量值输入刀具补偿界面。试切端面后把 Z 向位置设为零。`;

async function courseWithLesson(server: TestServer, token: string) {
  const course = await publishedCourse(server, token, '数控车床编程');
  const detail = (await server.api<any>('GET', `/course/courses/${course.id}`, { token })).body.data;
  const lessonId = detail.chapters[0].lessons[0].id;
  const res = await server.api('PUT', `/course/lessons/${lessonId}`, { token, body: { content: LESSON } });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return { courseId: course.id, lessonId };
}

/** Two drafts the model writes, citing passage 1. */
const SINGLE = {
  type: 'single',
  stem: '数控车床常用哪种方法对刀？',
  options: ['试切法', '目测法', '估算法'],
  answer: 0,
  points: 2,
  tags: ['对刀'],
  difficulty: 2,
  explanation: '见材料',
  source: 1,
};
const SHORT = {
  type: 'short',
  stem: '简述试切法对刀的步骤。',
  answer: '先外圆后端面',
  rubric: [
    { criterion: '步骤', points: 6 },
    { criterion: '补偿', points: 4 },
  ],
  points: 10,
  source: 1,
};

const writerReply = () =>
  [
    JSON.stringify(SINGLE),
    '这一行不是 JSON',
    JSON.stringify({ type: 'judge', stem: '对刀与坐标系无关。', answer: false, points: 1, source: 9 }),
    JSON.stringify(SHORT),
  ].join('\n');

describe('AI question writing with a model', () => {
  let stub: StubLlm;
  let server: TestServer;
  let teacher: string;
  before(async () => {
    stub = await startStubLlm({ reply: writerReply });
    server = await startTestServer({ env: { ZX_LLM_BASE_URL: stub.baseUrl, ZX_LLM_MODELS: 'stub-writer' } });
    teacher = await server.login('teacher');
  });
  after(async () => {
    await server.close();
    await stub.close();
  });

  it('streams checked drafts that cite the lesson passage; a draft without a real source is skipped; nothing is saved', async () => {
    const { courseId, lessonId } = await courseWithLesson(server, teacher);
    const read = await postSse(`${server.baseUrl}/new-chat/course/question-bank/generate`, teacher, {
      courseId,
      lessonIds: [lessonId],
      types: ['single', 'judge', 'short'],
      count: 5,
    });
    const drafts = read.events.filter((e) => e.type === 'draft');
    assert.equal(drafts.length, 2);
    assert.deepEqual(
      drafts.map((d) => d.question.type),
      ['single', 'short'],
    );
    assert.equal(drafts[0]!.question.source.id, lessonId);
    assert.match(drafts[0]!.question.source.excerpt, /对刀是确定工件坐标系/u);
    assert.equal(read.events.filter((e) => e.type === 'skipped').length, 1, 'the judge citing passage 9 is skipped');
    assert.equal(read.events.at(-1)!.type, 'done');
    const prompt = JSON.stringify(stub.requests.at(-1)!.body.messages);
    assert.match(prompt, /试切外圆后测量直径/u, 'the lesson text reaches the model');
    const bank = await server.api<any>('GET', `/course/question-bank?courseId=${courseId}`, { token: teacher });
    assert.equal(bank.body.data.items.length, 0);
  });

  it('reads the drafts however the model lays out its JSON: pretty-printed, one array on a line, a fenced array', async () => {
    const { courseId, lessonId } = await courseWithLesson(server, teacher);
    const questions = [SINGLE, SHORT];
    const layouts = {
      pretty: questions.map((q) => JSON.stringify(q, null, 2)).join('\n'),
      'one line': JSON.stringify(questions),
      fenced: `以下是题目：\n\`\`\`json\n${JSON.stringify(questions, null, 2)}\n\`\`\``,
    };
    const before = stub.requests.length;
    try {
      for (const [layout, text] of Object.entries(layouts)) {
        stub.setReply(() => text);
        const read = await postSse(`${server.baseUrl}/new-chat/course/question-bank/generate`, teacher, {
          courseId,
          lessonIds: [lessonId],
          types: ['single', 'short'],
          count: 5,
        });
        const drafts = read.events.filter((e) => e.type === 'draft');
        assert.deepEqual(
          drafts.map((d) => d.question.type),
          ['single', 'short'],
          `${layout}: ${JSON.stringify(read.events)}`,
        );
        assert.deepEqual(drafts[1]!.question.rubric, SHORT.rubric, layout);
        assert.equal(read.events.filter((e) => e.type === 'skipped').length, 0, layout);
      }
    } finally {
      stub.setReply(writerReply);
    }
    assert.equal(stub.requests.length - before, 3);
  });

  it('refuses a student and a request with no material, with an ordinary error', async () => {
    const student = await server.login('student');
    const { courseId } = await courseWithLesson(server, teacher);
    const asStudent = await postSse(`${server.baseUrl}/new-chat/course/question-bank/generate`, student, {
      courseId,
      topic: '对刀',
      types: ['single'],
      count: 1,
    });
    assert.equal(asStudent.status, 403);
    const empty = await postSse(`${server.baseUrl}/new-chat/course/question-bank/generate`, teacher, { courseId, types: ['single'], count: 1 });
    assert.equal(empty.status, 400);
  });
});

describe('AI question writing with only the built-in engine', () => {
  let server: TestServer;
  let teacher: string;
  before(async () => {
    server = await startTestServer();
    teacher = await server.login('teacher');
  });
  after(() => server.close());

  it('writes labelled fill-in-the-blank drafts from the lesson and says a model is needed for the rest', async () => {
    const { courseId, lessonId } = await courseWithLesson(server, teacher);
    const read = await postSse(`${server.baseUrl}/new-chat/course/question-bank/generate`, teacher, {
      courseId,
      lessonIds: [lessonId],
      types: ['blank', 'single'],
      count: 3,
    });
    assert.equal(read.events[0]!.engine, 'builtin');
    const drafts = read.events.filter((e) => e.type === 'draft');
    assert.ok(drafts.length >= 2);
    for (const d of drafts) {
      assert.equal(d.question.type, 'blank');
      assert.match(d.note, /内置离线引擎/u);
      assert.ok(d.question.stem.includes('____'));
      const restored = d.question.stem.replace('____', d.question.answer[0]);
      assert.ok(LESSON.replace(/\s+/gu, ' ').includes(restored), `"${restored}" is a sentence of the lesson`);
    }
    assert.ok(read.events.some((e) => e.type === 'notice' && /语言模型/u.test(e.message)));
  });

  it('writes true/false drafts from the lesson’s own sentences, true as written and false with a term swapped, each with its sentence', async () => {
    const { courseId, lessonId } = await courseWithLesson(server, teacher);
    const read = await postSse(`${server.baseUrl}/new-chat/course/question-bank/generate`, teacher, {
      courseId,
      lessonIds: [lessonId],
      types: ['judge', 'blank', 'short'],
      count: 4,
    });
    const start = read.events[0]!;
    assert.deepEqual([start.engine, start.needModel], ['builtin', ['short']], 'the start says which of the types asked for need a model');
    const drafts = read.events.filter((e) => e.type === 'draft');
    const judges = drafts.filter((d) => d.question.type === 'judge');
    assert.ok(judges.length >= 2 && drafts.some((d) => d.question.type === 'blank'), JSON.stringify(drafts));
    const flat = LESSON.replace(/\s+/gu, ' ');
    for (const d of drafts) {
      const sentence = d.question.source.excerpt;
      assert.ok(flat.includes(sentence), `"${sentence}" is a sentence of the lesson`);
      assert.equal(d.question.explanation, `原文：${sentence}`);
    }
    const [asWritten, swapped] = [judges[0]!, judges[1]!];
    assert.deepEqual([asWritten.question.stem, asWritten.question.answer], [asWritten.question.source.excerpt, true]);
    assert.equal(swapped.question.answer, false);
    assert.notEqual(swapped.question.stem, swapped.question.source.excerpt, 'a false statement is not the sentence as written');
    assert.match(asWritten.note, /判断题/u);
    assert.ok(read.events.some((e) => e.type === 'notice' && e.kind === 'model-needed'));
  });

  it('says plainly why nothing was written: the types need a model, or a topic alone has no text to write from', async () => {
    const { courseId, lessonId } = await courseWithLesson(server, teacher);
    const choices = await postSse(`${server.baseUrl}/new-chat/course/question-bank/generate`, teacher, {
      courseId,
      lessonIds: [lessonId],
      types: ['single', 'multiple'],
      count: 2,
    });
    assert.deepEqual(choices.events[0]!.needModel, ['single', 'multiple']);
    assert.equal(choices.events.filter((e) => e.type === 'draft').length, 0);
    assert.match(choices.events.find((e) => e.type === 'notice')!.message, /单选、多选、简答和实操题需要学校接入语言模型/u);
    const topic = await postSse(`${server.baseUrl}/new-chat/course/question-bank/generate`, teacher, { courseId, topic: '对刀', types: ['blank'], count: 2 });
    assert.ok(topic.events.some((e) => e.type === 'notice' && e.kind === 'no-material'));
    const english = await postSse(
      `${server.baseUrl}/new-chat/course/question-bank/generate`,
      teacher,
      { courseId, lessonIds: [lessonId], types: ['blank'], count: 9 },
      { headers: { 'accept-language': 'en-US' } },
    );
    assert.match(english.events.find((e) => e.type === 'notice' && e.kind === 'few-sentences')!.message, /too few whole sentences/u);
  });

  it("speaks the teacher's language in its notice and notes", async () => {
    const { courseId, lessonId } = await courseWithLesson(server, teacher);
    const read = await postSse(
      `${server.baseUrl}/new-chat/course/question-bank/generate`,
      teacher,
      { courseId, lessonIds: [lessonId], types: ['blank', 'single'], count: 2 },
      { headers: { 'accept-language': 'en-US' } },
    );
    const notice = read.events.find((e) => e.type === 'notice');
    assert.match(notice?.message ?? '', /need a language model/u);
    const draft = read.events.find((e) => e.type === 'draft');
    assert.match(draft?.note ?? '', /built-in offline engine/u);
  });
});
