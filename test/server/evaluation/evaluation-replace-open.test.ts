// Replacing a published paper's questions and a student opening it happen
// one after the other, never interleaved: a teacher who read "saved" never
// leaves a student on the old questions, and a student who got the paper
// never has its questions swapped under them (the replace is refused).
// The race is made on purpose: the replace runs right after the student's
// opening has read the questions. Runs on SQLite and PostgreSQL.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CNC_QUESTIONS, evaluationCourse, publishedEvaluation, type EvaluationCourse } from '../../support/evaluation-course.js';
import { okData } from '../../support/server.js';

const NEW_QUESTIONS = [{ type: 'judge', stem: 'M30 表示程序结束并返回。', answer: true, points: 3 }];

type Db = EvaluationCourse['server']['app']['zx']['db'];

/**
 * `db` that runs `between` once, right after the first read of `table` has
 * finished (its connection given back, so on SQLite too another request can
 * run), before the caller goes on. Builders are wrapped, the rest passes through.
 */
function afterFirstRead(db: Db, table: string, between: () => Promise<unknown>): { db: Db; ran: () => Promise<unknown> | undefined } {
  let ran: Promise<unknown> | undefined;
  const wrap = <T extends object>(builder: T): T =>
    new Proxy(builder, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (typeof value !== 'function') return value;
        if (typeof key === 'string' && key.startsWith('execute'))
          return async (...args: unknown[]) => {
            const rows = await value.apply(target, args);
            if (!ran) await (ran = between());
            return rows;
          };
        return (...args: unknown[]) => {
          const next = value.apply(target, args);
          return next && typeof next === 'object' && 'execute' in next ? wrap(next) : next; // the builder's next step
        };
      },
    });
  const proxy = new Proxy(db, {
    get(target, key) {
      const value = Reflect.get(target, key, target);
      if (key === 'selectFrom') return (from: string) => (from === table && !ran ? wrap(value.call(target, from)) : value.call(target, from));
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: proxy, ran: () => ran };
}

describe('evaluation: replacing questions while a student opens the paper', () => {
  let course: EvaluationCourse;
  before(async () => (course = await evaluationCourse('数控编程')));
  after(() => course.server.close());

  it('never leaves the student on the old questions after the replace answered saved', async () => {
    const { server, teacher, student } = course;
    const id = await publishedEvaluation(course, { questions: CNC_QUESTIONS });
    const ctx = server.app.zx;
    const db = ctx.db;
    let replaced: { status: number; msg: string } | undefined;
    const race = afterFirstRead(db, 'evaluation_items', async () => {
      const res = await server.api('PUT', `/course/evaluations/${id}`, { token: teacher, body: { questions: NEW_QUESTIONS } });
      replaced = { status: res.status, msg: res.body.msg };
    });
    ctx.db = race.db;
    let opened;
    try {
      opened = await okData(server.api<any>('GET', `/course/evaluations/${id}/paper`, { token: student }));
    } finally {
      ctx.db = db;
    }
    assert.ok(replaced, 'the replace ran between the reads');
    const stems = opened.questions.map((q: any) => q.stem);
    const current = await okData(server.api<any>('GET', `/course/evaluations/${id}`, { token: teacher }));
    if (replaced.status === 200) {
      assert.deepEqual(stems, ['M30 表示程序结束并返回。'], 'saved came first: the student has the new questions');
    } else {
      assert.equal(replaced.status, 400, replaced.msg);
      assert.match(replaced.msg, /已有学生作答，不能再修改题目/u);
      assert.deepEqual(stems, ['数控车床的主轴功能字是？', 'G00 是快速定位指令。'], 'the paper came first: it keeps its questions');
    }
    assert.deepEqual(
      current.questions.map((q: any) => q.stem),
      stems,
      'the student answers the questions the evaluation has',
    );
    // And the answers are taken against them.
    const saved = await server.api('PUT', `/course/evaluations/${id}/answers`, {
      token: student,
      body: { submissionId: opened.submissionId, answers: [{ questionId: opened.questions[0].id, value: opened.questions[0].type === 'judge' ? true : 0 }] },
    });
    assert.equal(saved.status, 200, saved.body.msg);
  });

  it('refuses a replace when a student opens the paper after the teacher’s call checked for attempts', async () => {
    const { server, teacher, student } = course;
    const id = await publishedEvaluation(course, { questions: CNC_QUESTIONS });
    const ctx = server.app.zx;
    const db = ctx.db;
    let opened: any;
    const race = afterFirstRead(db, 'submissions', async () => {
      opened = (await server.api<any>('GET', `/course/evaluations/${id}/paper`, { token: student })).body.data;
    });
    ctx.db = race.db;
    let replaced;
    try {
      replaced = await server.api('PUT', `/course/evaluations/${id}`, { token: teacher, body: { questions: NEW_QUESTIONS } });
    } finally {
      ctx.db = db;
    }
    assert.ok(opened, 'the student opened the paper between the check and the replace');
    assert.equal(replaced.status, 400, 'the attempt fixed the questions');
    assert.match(replaced.body.msg, /已有学生作答，不能再修改题目/u);
    const current = await okData(server.api<any>('GET', `/course/evaluations/${id}`, { token: teacher }));
    assert.deepEqual(
      current.questions.map((q: any) => q.stem),
      opened.questions.map((q: any) => q.stem),
    );
  });
});
