// Zhixue as an LTI 1.3 tool, against a platform scripted with jose over real
// HTTP (test/support/lti-platform.ts): a manager registers the platform; a
// launch is checked (signature from the platform's JWKS, issuer, nonce,
// deployment, expiry, the state used once) and signs the person in, framed by
// that platform only; a teacher's launch imports the LMS course's roster into
// a class; a released evaluation's scores reach the LMS gradebook (the same as
// the analysis export, retried when the LMS is down); deep linking answers
// with a signed content item posted back to the platform.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import { handIn, publishedEvaluation, evaluationCourse, type EvaluationCourse } from '../../support/evaluation-course.js';
import { INSTRUCTOR, LEARNER, readForm, startLtiPlatform, type LaunchScript, type LmsUser, type TestLtiPlatform } from '../../support/lti-platform.js';
import { okData, startTestServer, type TestServer } from '../../support/server.js';
import { until } from '../../support/until.js';

const teacher: LmsUser = { id: 'lms-t1', name: 'Li Lei', roles: [INSTRUCTOR] };
const learners: LmsUser[] = [
  { id: 'lms-s1', name: 'Wang Fang', roles: [LEARNER] },
  { id: 'lms-s2', name: 'Zhao Min', roles: [LEARNER] },
  { id: 'lms-s3', name: 'Sun Hao', roles: [LEARNER] },
];

describe('LTI 1.3 tool', () => {
  let lms: TestLtiPlatform;
  let course: EvaluationCourse;
  let platformId: string;

  const server = () => course.server;
  const landing = (res: Response) => new URL(res.headers.get('location') ?? '/', 'http://tool');

  /** A launch through to a bearer token, as the host app's login page would trade the ticket. */
  async function signedIn(res: Response) {
    assert.equal(res.status, 302, `launch answered ${res.status}`);
    const at = landing(res);
    const ticket = at.searchParams.get('ticket');
    assert.ok(ticket, `landed on ${at}`);
    const grant = await okData(server().api<{ token: string }>('POST', '/app/api/oauth/ticket', { body: { ticket } }));
    const account = await okData(
      server().api<{ id: string; username: string; name: string; clientTypes: string[] }>('GET', '/app/user', { token: grant.token }),
    );
    return { token: grant.token, account, redirect: at.searchParams.get('redirect') ?? '', at };
  }

  before(async () => {
    lms = await startLtiPlatform();
    course = await evaluationCourse('LTI 课程', { server: { env: { ZX_LTI_GRADE_RETRY_SECONDS: '1' } } });
    lms.useTool({ baseUrl: server().baseUrl });
    const overview = await okData(
      server().api<{ platforms: Array<{ id: string }> }>('POST', '/course/admin/lti/platforms', { token: course.manager, body: lms.registration() }),
    );
    platformId = overview.platforms[0]!.id;
    // The LMS teacher is the school's demo teacher: a manager says so (an explicit link, never a guess).
    await okData(
      server().api('POST', `/course/admin/lti/platforms/${platformId}/links`, { token: course.manager, body: { subject: teacher.id, username: 'teacher' } }),
    );
    lms.roster.set('course-101', [
      teacher,
      ...learners,
      { id: 'lms-admin', name: 'Site Admin', roles: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Administrator'] },
    ]);
  });
  after(async () => {
    await course?.server.close();
    await lms?.close();
  });

  it("registers a platform by a manager, refuses plain http elsewhere than loopback, and publishes the tool's public key only", async () => {
    const refused = await server().api('POST', '/course/admin/lti/platforms', {
      token: course.manager,
      body: { ...lms.registration('Remote'), issuer: 'http://lms.example.edu', clientId: 'other' },
    });
    assert.equal(refused.status, 400);
    assert.equal((await server().api('GET', '/course/admin/lti/platforms', { token: course.teacher })).status, 403);
    const overview = await okData(server().api<any>('GET', '/course/admin/lti/platforms', { token: course.manager }));
    assert.equal(overview.platforms.length, 1);
    assert.equal(overview.platforms[0].frameOrigin, lms.issuer);
    assert.equal(overview.tool.jwksUrl, `${server().baseUrl}/new-chat/app/api/lti/jwks`);
    const jwks = (await (await fetch(overview.tool.jwksUrl)).json()) as { keys: Array<Record<string, unknown>> };
    assert.equal(jwks.keys.length, 1);
    assert.equal(jwks.keys[0]!.kty, 'RSA');
    for (const privatePart of ['d', 'p', 'q', 'dp', 'dq', 'qi']) assert.equal(jwks.keys[0]![privatePart], undefined, `no ${privatePart} in the JWKS`);
  });

  it('refuses a launch signed with another key, with a wrong nonce, issuer or deployment, expired, or replayed', async () => {
    for (const tamper of [{ strangerKey: true }, { nonce: 'made-up' }, { issuer: 'https://evil.example' }, { deploymentId: 'other' }, { expired: true }]) {
      const res = await lms.launch({ user: learners[0]!, custom: { zhixue_target: `course:${course.courseId}` }, tamper });
      assert.equal(res.status, 302);
      assert.equal(landing(res).pathname, '/login');
      assert.equal(landing(res).searchParams.get('signon'), 'failed', JSON.stringify(tamper));
      assert.equal(landing(res).searchParams.get('ticket'), null);
      // The login page saying so may be framed by the platform that sent the launch.
      assert.equal(landing(res).searchParams.get('lti'), platformId);
    }
    // A state is good once: the same form posted again is refused.
    const id = lms.prepare({ user: learners[0]! });
    const start = await fetch(lms.loginUrl(id), { redirect: 'manual' });
    const form = (await (await fetch(start.headers.get('location')!, { headers: { accept: 'application/json' } })).json()) as {
      action: string;
      fields: Record<string, string>;
    };
    const post = () => fetch(form.action, { method: 'POST', body: new URLSearchParams(form.fields), redirect: 'manual' });
    assert.ok(landing(await post()).searchParams.get('ticket'));
    const replayed = landing(await post());
    assert.deepEqual([replayed.searchParams.get('signon'), replayed.searchParams.get('lti')], ['failed', null]);
    // An issuer nobody registered cannot even start.
    const stranger = await fetch(`${server().baseUrl}/new-chat/app/api/lti/login?iss=https%3A%2F%2Fnobody.example&login_hint=x`, { redirect: 'manual' });
    assert.equal(new URL(stranger.headers.get('location')!, 'http://tool').searchParams.get('signon'), 'failed');
  });

  it("signs a learner in on the student side, lands on the course's dialogue framed by that platform only, and links them once", async () => {
    const first = await signedIn(await lms.launch({ user: learners[0]!, custom: { zhixue_target: `course:${course.courseId}` } }));
    assert.deepEqual(first.account.clientTypes, ['3']);
    assert.equal(first.account.name, 'Wang Fang');
    const redirect = new URL(first.redirect, 'http://tool');
    assert.equal(redirect.pathname, '/course/dialogue');
    assert.equal(redirect.searchParams.get('courseId'), course.courseId);
    assert.equal(redirect.searchParams.get('lti'), platformId);

    const framed = await fetch(`${server().baseUrl}${first.at.pathname}${first.at.search}`);
    const policy = framed.headers.get('content-security-policy') ?? '';
    assert.match(policy, new RegExp(`frame-ancestors 'self' ${lms.issuer}(;|$)`));
    assert.equal(framed.headers.get('x-frame-options'), null);
    const plain = await fetch(`${server().baseUrl}/course/dialogue`);
    assert.match(plain.headers.get('content-security-policy') ?? '', /frame-ancestors 'self'(;|$)/);
    assert.equal(plain.headers.get('x-frame-options'), 'SAMEORIGIN');
    const unknown = await fetch(`${server().baseUrl}/course/dialogue?lti=not-a-platform-id`);
    assert.match(unknown.headers.get('content-security-policy') ?? '', /frame-ancestors 'self'(;|$)/);

    const again = await signedIn(await lms.launch({ user: { ...learners[0]!, name: 'Wang Fang' } }));
    assert.equal(again.account.id, first.account.id);
    const records = await server()
      .data.db.selectFrom('operation_records')
      .select('action')
      .where('username', '=', first.account.username)
      .orderBy('seq')
      .execute();
    // Made once (at this learner's first launch), signed in at every launch.
    assert.equal(records.filter((r) => r.action === 'create').length, 1);
    assert.deepEqual(
      records.slice(-2).map((r) => r.action),
      ['login', 'login'],
    );
  });

  it("imports the LMS course's roster into a class at the teacher's launch, and gives that class the course", async () => {
    const launch = await signedIn(await lms.launch({ user: teacher, custom: { zhixue_target: `course:${course.courseId}` } }));
    assert.equal(launch.account.username, 'teacher');
    const cls = await server().data.db.selectFrom('lti_contexts').select('class_id').where('context_id', '=', 'course-101').executeTakeFirstOrThrow();
    const members = await server()
      .data.db.selectFrom('class_members')
      .innerJoin('users', 'users.id', 'class_members.user_id')
      .select(['users.name', 'class_members.role'])
      .where('class_members.class_id', '=', cls.class_id)
      .orderBy('users.name')
      .execute();
    assert.deepEqual(
      members.map((m) => `${m.name}:${m.role}`),
      ['Li Lei:teacher', 'Sun Hao:student', 'Wang Fang:student', 'Zhao Min:student'],
    );
    const linked = await server().data.db.selectFrom('course_classes').select('class_id').where('course_id', '=', course.courseId).execute();
    assert.ok(linked.some((l) => l.class_id === cls.class_id));
    assert.ok(lms.tokenScopes.includes('https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly'));

    // Someone who left the LMS course leaves the class at the next import; someone a teacher added by hand stays.
    const full = lms.roster.get('course-101')!;
    const extra = await server().data.db.selectFrom('users').select('id').where('username', '=', 'student').executeTakeFirstOrThrow();
    await server().data.db.insertInto('class_members').values({ class_id: cls.class_id, user_id: extra.id, role: 'student', created_at: Date.now() }).execute();
    lms.roster.set(
      'course-101',
      full.filter((m) => m.id !== 'lms-s3'),
    );
    const reimport = (token: string) => server().api<any>('POST', `/course/admin/lti/platforms/${platformId}/contexts/course-101/roster`, { token });
    const result = await okData(reimport(course.manager));
    assert.deepEqual([result.students, result.teachers, result.removed], [2, 1, 1]);
    const names = async () =>
      (
        await server()
          .data.db.selectFrom('class_members')
          .innerJoin('users', 'users.id', 'class_members.user_id')
          .select('users.username')
          .where('class_members.class_id', '=', cls.class_id)
          .execute()
      ).length;
    assert.equal(await names(), 4, 'three from the LMS and the one added by hand');
    assert.equal((await reimport(course.teacher)).status, 403);
    lms.roster.set('course-101', full);
    assert.equal((await okData(reimport(course.manager))).students, 3);
  });

  it('posts the released scores to the LMS line item, the same as the analysis export, retrying while the LMS is down', async () => {
    const evaluationId = await publishedEvaluation(course);
    const lineitem = lms.addLineItem('course-101', { label: '单元测验', scoreMaximum: 3, resourceLinkId: 'link-eval' });
    await signedIn(await lms.launch({ user: teacher, resourceLinkId: 'link-eval', lineitem, custom: { zhixue_target: `evaluation:${evaluationId}` } }));
    const answers = [
      [0, true],
      [1, true],
      [0, false],
    ];
    for (const [i, learner] of learners.entries()) {
      const person = await signedIn(
        await lms.launch({ user: learner, resourceLinkId: 'link-eval', lineitem, custom: { zhixue_target: `evaluation:${evaluationId}` } }),
      );
      assert.equal(new URL(person.redirect, 'http://tool').searchParams.get('evaluationId'), evaluationId);
      await handIn(course, person.token, evaluationId, answers[i]!);
    }
    lms.failScores(1);
    await okData(server().api('POST', `/course/evaluations/${evaluationId}/release`, { token: course.teacher }));
    const item = lms.gradebook.get(lineitem)!;
    await until(
      () => item.scores.size,
      (n) => n === 3,
      15_000,
    );

    const res = await fetch(`${server().baseUrl}/new-chat/course/evaluations/${evaluationId}/analysis/export`, {
      headers: { authorization: `Bearer ${course.teacher}` },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await res.arrayBuffer()) as never);
    const sheet = book.getWorksheet('学生成绩')!;
    const exported = new Map<string, number>();
    sheet.eachRow((row, n) => {
      if (n > 1 && typeof row.getCell(4).value === 'number') exported.set(String(row.getCell(1).value), row.getCell(4).value as number);
    });
    const usernameOf = async (subject: string) => {
      const link = await server()
        .data.db.selectFrom('identity_links')
        .innerJoin('users', 'users.id', 'identity_links.user_id')
        .select('users.username')
        .where('subject', '=', subject)
        .executeTakeFirstOrThrow();
      return link.username;
    };
    const posted = new Map<string, number>();
    for (const score of item.scores.values()) {
      assert.equal(score.scoreMaximum, 3);
      assert.equal(score.gradingProgress, 'FullyGraded');
      posted.set(await usernameOf(score.userId), score.scoreGiven);
    }
    assert.deepEqual([...posted.entries()].sort(), [...exported.entries()].sort());
    assert.deepEqual([...posted.values()].sort(), [1, 2, 3]);

    const row = await server().data.db.selectFrom('lti_grade_posts').selectAll().where('evaluation_id', '=', evaluationId).executeTakeFirstOrThrow();
    assert.deepEqual([row.state, Number(row.attempts), Number(row.posted)], ['done', 1, 3]);
    const records = await server().data.db.selectFrom('operation_records').select(['action', 'object_type']).where('action', '=', 'grade').execute();
    assert.equal(records.length, 3);
  });

  it('makes the line item in the LMS course when the link carries none', async () => {
    const evaluationId = await publishedEvaluation(course, { title: '第二次测验' });
    await signedIn(await lms.launch({ user: teacher, resourceLinkId: 'link-eval-2', custom: { zhixue_target: `evaluation:${evaluationId}` } }));
    const learner = await signedIn(
      await lms.launch({ user: learners[1]!, resourceLinkId: 'link-eval-2', custom: { zhixue_target: `evaluation:${evaluationId}` } }),
    );
    await handIn(course, learner.token, evaluationId, [0, true]);
    await okData(server().api('POST', `/course/evaluations/${evaluationId}/release`, { token: course.teacher }));
    await until(
      () => [...lms.gradebook.values()].some((i) => i.resourceId === evaluationId && i.scores.size === 1),
      (found) => found,
    );
    const made = [...lms.gradebook.values()].find((i) => i.resourceId === evaluationId)!;
    assert.deepEqual([made.label, made.scoreMaximum, made.scores.get('lms-s2')?.scoreGiven], ['第二次测验', 3, 3]);
  });

  it('answers a deep linking request with a signed content item posted back to the platform, framed by it', async () => {
    const res = await lms.launch({ user: teacher, messageType: 'LtiDeepLinkingRequest' });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-security-policy') ?? '', new RegExp(`frame-ancestors 'self' ${lms.issuer}(;|$)`));
    const picker = await res.text();
    assert.match(picker, /LTI 课程/);
    const form = readForm(picker);
    const chosen = await fetch(`${server().baseUrl}${form.action}`, {
      method: 'POST',
      body: new URLSearchParams({ request: form.fields.request!, target: `course:${course.courseId}` }),
    });
    assert.equal(chosen.status, 200);
    const policy = chosen.headers.get('content-security-policy') ?? '';
    assert.match(policy, new RegExp(`form-action 'self' ${lms.issuer}`));
    const answer = readForm(await chosen.text());
    assert.equal(answer.action, `${lms.issuer}/deep-link-return`);
    const returned = await fetch(answer.action, { method: 'POST', body: new URLSearchParams({ JWT: answer.fields.JWT! }) });
    assert.equal(returned.status, 200, await returned.clone().text());
    const placed = lms.deepLinks.at(-1)!;
    assert.equal(placed.claims['https://purl.imsglobal.org/spec/lti/claim/message_type'], 'LtiDeepLinkingResponse');
    assert.equal(placed.claims['https://purl.imsglobal.org/spec/lti-dl/claim/data'], 'opaque-platform-data');
    assert.deepEqual(placed.items[0]!.custom, { zhixue_target: `course:${course.courseId}` });
    assert.equal(placed.items[0]!.url, `${server().baseUrl}/new-chat/app/api/lti/launch`);

    // A choice that is not the teacher's own is refused.
    const forged = await fetch(`${server().baseUrl}${form.action}`, {
      method: 'POST',
      body: new URLSearchParams({ request: form.fields.request!, target: 'course:someone-elses-course' }),
      redirect: 'manual',
    });
    assert.equal(new URL(forged.headers.get('location')!, 'http://tool').searchParams.get('signon'), 'failed');
    // A return address that is not a web address is refused before any page is shown.
    const scripted = await lms.launch({ user: teacher, messageType: 'LtiDeepLinkingRequest', tamper: { returnUrl: 'javascript:alert(1)' } });
    assert.equal(landing(scripted).searchParams.get('signon'), 'failed');
    // A learner may not place anything.
    const learner = await lms.launch({ user: learners[0]!, messageType: 'LtiDeepLinkingRequest' });
    assert.equal(landing(learner).searchParams.get('signon'), 'no-role');
  });

  describe('on two instances of one database', () => {
    let second: TestServer;
    before(async () => {
      second = await startTestServer({ sameDatabaseAs: course.server, env: { ZX_LTI_GRADE_RETRY_SECONDS: '1', ZX_LTI_ROSTER_REFRESH_MINUTES: '0' } });
    });
    after(() => second?.close());

    /** A launch started on the first instance and posted to `target`. */
    async function launchAt(target: TestServer, script: LaunchScript): Promise<Response> {
      const start = await fetch(lms.loginUrl(lms.prepare(script)), { redirect: 'manual' });
      const form = (await (await fetch(start.headers.get('location')!, { headers: { accept: 'application/json' } })).json()) as {
        action: string;
        fields: Record<string, string>;
      };
      return fetch(form.action.replace(server().baseUrl, target.baseUrl), { method: 'POST', body: new URLSearchParams(form.fields), redirect: 'manual' });
    }

    it("imports the roster again at a teacher's launch once the last import is older than ZX_LTI_ROSTER_REFRESH_MINUTES", async () => {
      const newcomer: LmsUser = { id: 'lms-s4', name: 'Qian Yu', roles: [LEARNER] };
      lms.roster.get('course-101')!.push(newcomer);
      const inClass = async () =>
        (await server()
          .data.db.selectFrom('class_members')
          .innerJoin('users', 'users.id', 'class_members.user_id')
          .innerJoin('lti_contexts', 'lti_contexts.class_id', 'class_members.class_id')
          .select('users.name')
          .where('lti_contexts.context_id', '=', 'course-101')
          .where('users.name', '=', newcomer.name)
          .executeTakeFirst()) !== undefined;
      const script = { user: teacher, custom: { zhixue_target: `course:${course.courseId}` } };
      assert.equal((await launchAt(server(), script)).status, 302);
      assert.equal(await inClass(), false, 'imported within the hour: not again');
      assert.equal((await launchAt(second, script)).status, 302);
      assert.equal(await inClass(), true, 'imported again where every launch refreshes it');
    });

    it('publishes one key, takes a launch started on the other instance, posts each released score once, and takes over a lapsed lease', async () => {
      const jwks = async (s: TestServer) => (await fetch(`${s.baseUrl}/new-chat/app/api/lti/jwks`)).json();
      assert.deepEqual(await jwks(second), await jwks(course.server));

      const evaluationId = await publishedEvaluation(course, { title: '第三次测验' });
      const lineitem = lms.addLineItem('course-101', { label: '第三次测验', scoreMaximum: 3, resourceLinkId: 'link-eval-3' });
      const script = { user: learners[2]!, resourceLinkId: 'link-eval-3', lineitem, custom: { zhixue_target: `evaluation:${evaluationId}` } };
      await signedIn(await lms.launch({ ...script, user: teacher }));
      // Login initiation on the first instance, the launch posted to the second.
      const launched = await launchAt(second, script);
      const ticket = landing(launched).searchParams.get('ticket')!;
      const { token } = await okData(second.api<{ token: string }>('POST', '/app/api/oauth/ticket', { body: { ticket } }));
      await handIn(course, token, evaluationId, [0, false]);

      assert.equal((await second.api('POST', `/course/evaluations/${evaluationId}/release`, { token: course.teacher })).status, 200);
      const item = lms.gradebook.get(lineitem)!;
      await until(
        () => item.posts,
        (n) => n >= 1,
      );
      // Both instances sweep every second: the lease keeps the post to one of them.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      assert.equal(item.posts, 1);
      assert.equal(item.scores.get(learners[2]!.id)?.scoreGiven, 2);

      // An instance that died mid-post holds its lease: nobody takes the post over until the lease lapses.
      const rows = () => course.server.data.db.updateTable('lti_grade_posts').where('evaluation_id', '=', evaluationId);
      await rows()
        .set({ state: 'pending', next_at: 0, lease_until: Date.now() + 60_000 })
        .execute();
      await new Promise((resolve) => setTimeout(resolve, 2500));
      assert.equal(item.posts, 1, 'a live lease is left alone');
      await rows()
        .set({ lease_until: Date.now() - 1 })
        .execute();
      await until(
        () => item.posts,
        (n) => n >= 2,
      );
      await new Promise((resolve) => setTimeout(resolve, 1500));
      assert.equal(item.posts, 2, 'a lapsed lease is taken over, once');
    });
  });
});
