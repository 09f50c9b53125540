// The board's roll-up runs in the background, never inside a board request:
// with days not rolled up the board answers at once with the figures so far
// and a "still computing" mark, and after the job the full figures. The job
// holds a lease, so one instance rolls up at a time, and a run cut short
// resumes where it stopped.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { dayOf } from '../../../server/modules/courses/days.js';
import { until } from '../../support/until.js';
import { chatRow, insertChats, questionAndAnswer } from '../../support/board-rows.js';
import { startTestServer, type TestServer } from '../../support/server.js';
import { userId } from '../courses/courses-school.js';

const DAY = 24 * 3600_000;
const LEASE = 'lease:board-roll-up';

describe('data board roll-up in the background', () => {
  let server: TestServer;
  let manager: string;
  const now = Date.now();
  const range = `from=${dayOf(now - 29 * DAY)}&to=${dayOf(now)}`;

  const summary = async () => {
    const res = await server.api<any>('GET', `/course/board/summary?${range}`, { token: manager });
    assert.equal(res.status, 200, res.body.msg);
    return res.body.data;
  };
  const rollupState = async () => (await server.data.db.selectFrom('board_rollup_state').select('rolled_until').executeTakeFirstOrThrow()).rolled_until;
  /** Asks the board until the roll-up it started has finished (each call kicks the job if none runs). */
  const untilComputed = async () => {
    for (let i = 0; i < 400; i++) {
      const data = await summary();
      if (data.computing === null) return data;
      await sleep(50);
    }
    throw new Error('the roll-up never finished');
  };

  before(async () => {
    server = await startTestServer();
    manager = await server.login('manager');
    const studentId = await userId(server, 'student');
    // Twenty days ago, ten days ago (history to roll up) and today (always read live).
    const chats = [chatRow(studentId, now - 20 * DAY, 'model-a'), chatRow(studentId, now - 10 * DAY, 'model-a'), chatRow(studentId, now - 1000, 'model-a')];
    await insertChats(server.data.db, chats, [
      ...questionAndAnswer(chats[0]!, now - 20 * DAY, '数控车床怎么对刀'),
      ...questionAndAnswer(chats[0]!, now - 20 * DAY + 60_000, '主轴转速'),
      ...questionAndAnswer(chats[1]!, now - 10 * DAY, 'G代码'),
      ...questionAndAnswer(chats[2]!, now - 1000, '对刀的步骤'),
    ]);
  });
  after(async () => server.close());

  it('answers with the figures so far and a computing mark while another instance holds the roll-up, and rolls nothing up itself', async () => {
    // Another instance is rolling up: this one must neither wait for it nor roll up in the request.
    assert.ok(await server.app.zx.coordination.claim(LEASE, 60_000));
    try {
      const first = await summary();
      assert.ok(first.computing, 'marked as still computing');
      assert.ok(first.computing.daysTotal >= 20, JSON.stringify(first.computing));
      assert.equal(first.computing.daysDone, 0);
      assert.equal(first.questions, 1, "only today's question so far: the history is not read raw inside the request");
      await sleep(200);
      assert.equal(await rollupState(), '', 'nothing rolled up while the lease is held elsewhere');
    } finally {
      await server.app.zx.coordination.unclaim(LEASE);
    }
  });

  it('after the background job, the full figures', async () => {
    const done = await untilComputed();
    assert.equal(done.questions, 4);
    // The board is complete once yesterday is rolled (it reads yesterday raw until then); the job goes on to roll it.
    assert.ok(done.rolledUntil >= dayOf(Date.now() - DAY), done.rolledUntil);
    assert.equal(await until(rollupState, (day) => day === dayOf(Date.now())), dayOf(Date.now()));
    assert.equal(done.daily.find((d: any) => d.day === dayOf(now - 20 * DAY)).questions, 2);
  });

  it('a roll-up cut short (the instance died) resumes at the first day not rolled, with its progress shown meanwhile', async () => {
    const stoppedAt = dayOf(now - 15 * DAY);
    // As if the instance died after rolling the days before `stoppedAt`: later days are lost from the roll-ups.
    await server.data.db.deleteFrom('board_daily_usage').where('day', '>=', stoppedAt).execute();
    await server.data.db.deleteFrom('board_user_days').where('day', '>=', stoppedAt).execute();
    await server.data.db.deleteFrom('board_daily_active').where('day', '>=', stoppedAt).execute();
    await server.data.db.updateTable('board_rollup_state').set({ rolled_until: stoppedAt }).execute();
    assert.ok(await server.app.zx.coordination.claim(LEASE, 60_000));
    try {
      const partial = await summary();
      assert.ok(
        partial.computing && partial.computing.daysDone > 0 && partial.computing.daysDone < partial.computing.daysTotal,
        JSON.stringify(partial.computing),
      );
      assert.equal(partial.questions, 3, 'the days rolled before the cut and today');
    } finally {
      // The dead instance's lease runs out.
      await server.app.zx.coordination.unclaim(LEASE);
    }
    const done = await untilComputed();
    assert.equal(done.questions, 4);
  });
});
