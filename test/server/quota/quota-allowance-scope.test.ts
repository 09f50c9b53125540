// What a manager's allowance changes do to people who are not their target:
// a class's allowance is for the students who sit in it (the teacher who
// teaches the class keeps the teachers' allowance), and lowering an
// allowance mid-month never eats the credits a person bought or redeemed.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { addClassMember, ensureClass } from '../../../server/modules/classes/index.js';
import { reserveCredits, settle } from '../../../server/modules/quota/holds.js';
import { addPerson, quotaOf, setAllowance } from '../../support/quota.js';
import { startTestServer, type TestServer } from '../../support/server.js';

describe('allowance scope', () => {
  let server: TestServer;
  let manager: string;

  before(async () => {
    server = await startTestServer();
    manager = await server.login('manager');
  });
  after(async () => {
    await server.close();
  });

  const userId = async (token: string) => (await server.api<{ id: string }>('GET', '/app/user', { token })).body.data.id;

  /** Charges `credits` of use to a person, as an answer would. */
  async function use(id: string, credits: number) {
    const now = Date.now();
    const hold = await reserveCredits(server.data.db, { userId: id, amount: credits * 1000, kind: 'chat', model: 'stub-model' }, now);
    await settle(server.data.db, hold, { cost: credits * 1000 }, now);
  }

  it('limits a class’s students by its allowance, not the teacher who teaches it, and counts only the students’ use as the class’s', async () => {
    const pupil = await server.login(await addPerson(server, 'scope-pupil', '3'));
    const tutor = await server.login(await addPerson(server, 'scope-tutor', '1'));
    const now = Date.now();
    const { id: classId } = await ensureClass(server.data.db, '2025级机电一体化3班', now);
    await addClassMember(server.data.db, classId, await userId(pupil), 'student', now);
    await addClassMember(server.data.db, classId, await userId(tutor), 'teacher', now);

    await setAllowance(server, manager, 'client', '1', 500);
    await setAllowance(server, manager, 'class', classId, 10);
    assert.equal((await quotaOf(server, pupil)).allowance, 10, 'the student sits in the class');
    assert.equal((await quotaOf(server, tutor)).allowance, 500, 'the teacher keeps the teachers’ allowance');

    await use(await userId(pupil), 2);
    await use(await userId(tutor), 7);
    const byClass = (await server.api<Array<{ key: string; cost: number; uses: number }>>('GET', '/course/quota/usage?by=class', { token: manager })).body.data;
    const row = byClass.find((r) => r.key === classId);
    assert.deepEqual({ cost: row?.cost, uses: row?.uses }, { cost: 2, uses: 1 }, 'the class’s use is its students’ use');
    await server.api('DELETE', '/course/quota/allowances?scope=client&targetId=1', { token: manager });
  });

  it('keeps bought credits whole when a manager lowers the allowance below what was used this month', async () => {
    const name = await addPerson(server, 'scope-lowered', '3');
    const token = await server.login(name);
    await setAllowance(server, manager, 'user', name, 100);
    await use(await userId(token), 60);
    const granted = await server.api('POST', '/course/quota/grants', { token: manager, body: { userId: name, credits: 50, note: 'bought' } });
    assert.equal(granted.body.code, 200, granted.body.msg);
    assert.equal((await quotaOf(server, token)).balance, 90);

    await setAllowance(server, manager, 'user', name, 20);
    const lowered = await server.api<{ balance: number; allowanceLeft: number; extra: number }>('GET', '/app/user/quota', { token });
    assert.deepEqual(
      { balance: lowered.body.data.balance, allowanceLeft: lowered.body.data.allowanceLeft, extra: lowered.body.data.extra },
      { balance: 50, allowanceLeft: 0, extra: 50 },
      'nothing is left of this month’s allowance, and the 50 bought credits are all there',
    );

    // Raised again the same month: what was used still counts against it.
    await setAllowance(server, manager, 'user', name, 100);
    assert.equal((await quotaOf(server, token)).balance, 90);
  });
});
