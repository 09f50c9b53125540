// Every main evaluation call, for each client type and in each of the five
// languages: the side that may call it gets its answer with the server's
// message in the language the client sent (Accept-Language, as the app
// sends its UI language); the other sides are refused with 403, said in that
// language too. One server for the file. Runs on SQLite and PostgreSQL.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { evaluationCourse, publishedEvaluation, type EvaluationCourse } from '../../support/evaluation-course.js';
import { okData } from '../../support/server.js';

const LOCALES = ['zh-CN', 'en-US', 'zh-TW', 'ko-KR', 'ru-RU'] as const;
type Locale = (typeof LOCALES)[number];

/** The server's sentences as each language's reader sees them. */
const SAYS: Record<string, Record<Locale, string>> = {
  wrongSide: {
    'zh-CN': '当前身份无权使用此功能，请切换身份后再试',
    'en-US': 'Your current role cannot use this. Switch role and try again',
    'zh-TW': '目前身分無權使用此功能，請切換身分後再試',
    'ko-KR': '현재 역할로는 이 기능을 사용할 수 없습니다. 역할을 바꾼 뒤 다시 시도해 주세요',
    'ru-RU': 'Ваша текущая роль не даёт доступа к этой функции. Смените роль и повторите',
  },
  autosaved: { 'zh-CN': '已自动保存', 'en-US': 'Saved automatically', 'zh-TW': '已自動儲存', 'ko-KR': '자동 저장했습니다', 'ru-RU': 'Сохранено автоматически' },
  handedIn: { 'zh-CN': '已交卷', 'en-US': 'Answers handed in', 'zh-TW': '已交卷', 'ko-KR': '답안을 제출했습니다', 'ru-RU': 'Работа сдана' },
  alreadyHandedIn: {
    'zh-CN': '这次作答已经提交',
    'en-US': 'This attempt was already handed in',
    'zh-TW': '這次作答已經提交',
    'ko-KR': '이번 응시는 이미 제출했습니다',
    'ru-RU': 'Эта попытка уже сдана',
  },
  gradeSaved: { 'zh-CN': '评分已保存', 'en-US': 'Grade saved', 'zh-TW': '評分已儲存', 'ko-KR': '채점을 저장했습니다', 'ru-RU': 'Оценка сохранена' },
  scoreRange: {
    'zh-CN': '得分应在 0 到 1 之间',
    'en-US': 'The score must be between 0 and 1',
    'zh-TW': '得分應在 0 到 1 之間',
    'ko-KR': '점수는 0에서 1 사이여야 합니다',
    'ru-RU': 'Оценка должна быть от 0 до 1',
  },
  gradesSaved: {
    'zh-CN': '已保存 1 份作答的评分',
    'en-US': 'Grades saved for 1 answers',
    'zh-TW': '已儲存 1 份作答的評分',
    'ko-KR': '답안 1개의 채점을 저장했습니다',
    'ru-RU': 'Сохранены оценки 1 ответов',
  },
};

type Side = 'teacher' | 'manager' | 'student';
const SIDES: Side[] = ['teacher', 'manager', 'student'];

describe('evaluation calls: each client type, five languages', () => {
  let course: EvaluationCourse;
  let evaluationId: string;
  const tokens = {} as Record<Side, string>;

  before(async () => {
    course = await evaluationCourse('数控编程');
    Object.assign(tokens, { teacher: course.teacher, manager: course.manager, student: course.student });
    // One attempt per language, so each hands in its own.
    evaluationId = await publishedEvaluation(course, { maxAttempts: LOCALES.length });
  });
  after(() => course.server.close());

  const call = (side: Side, locale: Locale, method: string, path: string, body?: unknown) =>
    course.server.api<any>(method, path, { token: tokens[side], headers: { 'accept-language': locale }, ...(body !== undefined ? { body } : {}) });

  /** The sides other than `allowed` are refused with 403, in the reader's language. */
  const othersRefused = async (allowed: Side[], locale: Locale, method: string, path: string, body?: unknown) => {
    for (const side of SIDES.filter((s) => !allowed.includes(s))) {
      const res = await call(side, locale, method, path, body);
      assert.equal(res.status, 403, `${side} ${method} ${path} in ${locale}`);
      assert.equal(res.body.msg, SAYS.wrongSide![locale], `${side} ${method} ${path} in ${locale}`);
    }
  };

  for (const locale of LOCALES) {
    it(`in ${locale}: the student opens, saves and hands in; teachers grade and analyse; managers read the analysis`, async () => {
      const base = `/course/evaluations/${evaluationId}`;
      // Student: open, autosave, hand in, and a save after it.
      await othersRefused(['student'], locale, 'GET', `${base}/paper`);
      const paper = await okData(call('student', locale, 'GET', `${base}/paper`));
      assert.equal(paper.state, 'open');
      const answers = [
        { questionId: paper.questions[0].id, value: 0 },
        { questionId: paper.questions[1].id, value: true },
      ];
      const body = { submissionId: paper.submissionId, answers };
      await othersRefused(['student'], locale, 'PUT', `${base}/answers`, body);
      const saved = await call('student', locale, 'PUT', `${base}/answers`, body);
      assert.deepEqual([saved.status, saved.body.msg], [200, SAYS.autosaved![locale]]);
      await othersRefused(['student'], locale, 'POST', `${base}/submissions`, body);
      const handedIn = await call('student', locale, 'POST', `${base}/submissions`, body);
      assert.deepEqual([handedIn.status, handedIn.body.msg], [200, SAYS.handedIn![locale]]);
      const late = await call('student', locale, 'PUT', `${base}/answers`, body);
      assert.deepEqual([late.status, late.body.msg, late.body.data.reason], [409, SAYS.alreadyHandedIn![locale], 'handed_in']);

      // Teachers: the queue, one item, one question for everyone.
      await othersRefused(['teacher'], locale, 'GET', `${base}/submissions`);
      const queue = await okData(call('teacher', locale, 'GET', `${base}/submissions`));
      assert.equal(queue.items.length, LOCALES.indexOf(locale) + 1, 'each language handed in its own attempt');
      assert.ok(queue.items.some((i: any) => i.id === paper.submissionId));
      const judge = paper.questions[1].id;
      const item = `/course/submissions/${paper.submissionId}/items/${judge}`;
      await othersRefused(['teacher'], locale, 'PUT', item, { score: 1 });
      const over = await call('teacher', locale, 'PUT', item, { score: 2 });
      assert.deepEqual([over.status, over.body.msg], [400, SAYS.scoreRange![locale]]);
      const graded = await call('teacher', locale, 'PUT', item, { score: 1 });
      assert.deepEqual([graded.status, graded.body.msg], [200, SAYS.gradeSaved![locale]]);
      const question = `${base}/questions/${judge}`;
      await othersRefused(['teacher'], locale, 'GET', `${question}/answers`);
      assert.ok((await okData(call('teacher', locale, 'GET', `${question}/answers`))).answers.length >= 1);
      const grades = { grades: [{ submissionId: paper.submissionId, score: 1 }] };
      await othersRefused(['teacher'], locale, 'PUT', `${question}/grades`, grades);
      const all = await call('teacher', locale, 'PUT', `${question}/grades`, grades);
      assert.deepEqual([all.status, all.body.msg], [200, SAYS.gradesSaved![locale]]);

      // Teachers and managers: the analysis and the evaluation.
      for (const path of [`${base}/analysis`, base]) {
        await othersRefused(['teacher', 'manager'], locale, 'GET', path);
        for (const side of ['teacher', 'manager'] as const) assert.equal((await call(side, locale, 'GET', path)).status, 200, `${side} GET ${path}`);
      }
      const analysis = await okData(call('manager', locale, 'GET', `${base}/analysis`));
      assert.equal(analysis.submitted, 1, 'one student, counted once whatever the attempts');
    });
  }
});
