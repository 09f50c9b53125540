// A live session across two instances sharing one database and Redis, as
// behind a load balancer: a phone following one instance sees what the
// teacher does on the other, and the teacher's screen counts answers sent
// to either.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { publishedCourse } from '../../support/published-course.js';
import { followSse, type SseFollow } from '../../support/sse-client.js';
import { okData, startTestServer, type TestServer } from '../../support/server.js';

const REDIS_URL = process.env.ZX_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('a live session on two instances sharing Redis', () => {
  let a: TestServer;
  let b: TestServer;
  let teacher: string;
  let student: string;
  let sessionId: string;
  const streams: SseFollow[] = [];
  const follow = (server: TestServer, token: string) => {
    const s = followSse(`${server.baseUrl}/new-chat/course/live/${sessionId}/events`, token);
    streams.push(s);
    return s;
  };

  before(async () => {
    const env = { ZX_REDIS_URL: REDIS_URL, ZX_REDIS_PREFIX: `zxtest-${randomBytes(4).toString('hex')}` };
    a = await startTestServer({ env });
    b = await startTestServer({ env, sameDatabaseAs: a });
    teacher = await a.login('teacher');
    student = await b.login('student');
    const { id: courseId } = await publishedCourse(a, teacher, '数控编程');
    const started = await okData(a.api<{ id: string; code: string }>('POST', '/course/live', { token: teacher, body: { courseId } }));
    sessionId = started.id;
    await okData(b.api('POST', '/course/live/join', { token: student, body: { code: started.code } }));
  });
  after(async () => {
    for (const s of streams) s.close();
    await b?.close();
    await a?.close();
  });

  it('carries questions, answers, the wall and the end from one instance to the other', async () => {
    const phone = follow(b, student);
    const projector = follow(a, teacher);
    await Promise.all([phone.waitFor((e) => e.type === 'snapshot'), projector.waitFor((e) => e.type === 'snapshot')]);
    const question = { type: 'judge', stem: 'G00 是快速定位指令。', answer: true, points: 1 };
    const { questionId } = await okData(
      a.api<{ questionId: string }>('POST', `/course/live/${sessionId}/questions`, { token: teacher, body: { question, seconds: 30 } }),
    );
    assert.equal((await phone.waitFor((e) => e.type === 'question')).questionId, questionId);
    await okData(b.api('POST', `/course/live/${sessionId}/answers`, { token: student, body: { questionId, value: true } }));
    assert.deepEqual((await projector.waitFor((e) => e.type === 'tally')).counts, { true: 1 });
    await okData(b.api('POST', `/course/live/${sessionId}/wall`, { token: student, body: { text: '懂了' } }));
    assert.equal((await projector.waitFor((e) => e.type === 'wall')).message.text, '懂了');
    await okData(a.api('POST', `/course/live/${sessionId}/end`, { token: teacher }));
    await phone.waitFor((e) => e.type === 'end');
    await phone.ended;
  });
});
