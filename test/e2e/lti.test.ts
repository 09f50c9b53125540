// Zhixue inside an LMS, in Chromium: the scripted LTI platform's course page
// frames the tool; a learner's launch opens the course's dialogue inside that
// frame, signed in on the student side; the teacher, launched into an
// evaluation's link, releases its results in the frame, and the platform's
// gradebook then holds the same scores as the analysis export.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import ExcelJS from 'exceljs';
import type { Browser, Frame, FrameLocator, Page } from 'playwright-core';
import { INSTRUCTOR, LEARNER, startLtiPlatform, type LmsUser, type TestLtiPlatform } from '../support/lti-platform.js';
import { until } from '../support/until.js';
import { apiCall, apiToken, launchBrowser, signIn, startServer, withPage, type RunningServer } from './support.js';

const teacher: LmsUser = { id: 'lms-teacher', name: 'Li Lei', roles: [INSTRUCTOR] };
const learners: LmsUser[] = [
  { id: 'lms-learner-1', name: 'Wang Fang', roles: [LEARNER] },
  { id: 'lms-learner-2', name: 'Zhao Min', roles: [LEARNER] },
];
const QUESTIONS = [
  { type: 'single', stem: '数控车床的主轴功能字是？', options: ['S', 'F', 'T', 'M'], answer: 0, points: 2 },
  { type: 'judge', stem: 'G00 是快速定位指令。', answer: true, points: 1 },
];

let lms: TestLtiPlatform;
let server: RunningServer;
let browser: Browser;
let teacherToken: string;
let courseId: string;
let evaluationId: string;

before(async () => {
  lms = await startLtiPlatform();
  server = await startServer({ ZX_LTI_GRADE_RETRY_SECONDS: '1' });
  lms.useTool({ baseUrl: server.url });
  const manager = await apiToken(server, 'manager');
  const { platforms } = await apiCall<{ platforms: Array<{ id: string }> }>(server, manager, 'POST', 'course/admin/lti/platforms', lms.registration());
  await apiCall(server, manager, 'POST', `course/admin/lti/platforms/${platforms[0]!.id}/links`, { subject: teacher.id, username: 'teacher' });
  lms.roster.set('course-101', [teacher, ...learners]);

  teacherToken = await apiToken(server, 'teacher');
  const call = <T>(method: string, path: string, body?: unknown) => apiCall<T>(server, teacherToken, method, path, body);
  courseId = (await call<{ id: string }>('POST', 'course/courses', { title: 'Machining in the LMS' })).id;
  const chapter = await call<{ id: string }>('POST', `course/courses/${courseId}/chapters`, { title: 'Chapter 1' });
  await call('POST', `course/chapters/${chapter.id}/lessons`, { title: 'Lesson 1' });
  await call('POST', `course/courses/${courseId}/status`, { status: 'published' });
  evaluationId = (await call<{ id: string }>('POST', 'course/evaluations', { courseId, title: 'Unit quiz', kind: 'quiz', questions: QUESTIONS })).id;
  await call('POST', `course/evaluations/${evaluationId}/status`, { status: 'published' });
  // The teacher opens the course's link once: the LMS course's roster becomes a class of the course.
  const placed = await lms.launch({ user: teacher, resourceLinkId: 'link-course', custom: { zhixue_target: `course:${courseId}` } });
  assert.equal(placed.status, 302);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await lms?.close();
});

/** The tool inside the LMS course page, for a launch of `user` on a link to `target`. */
async function openInLms(
  page: import('playwright-core').Page,
  user: LmsUser,
  resourceLinkId: string,
  target: string,
  lineitem?: string,
): Promise<FrameLocator> {
  const launch = lms.prepare({ user, resourceLinkId, custom: { zhixue_target: target }, ...(lineitem ? { lineitem } : {}) });
  await page.goto(lms.coursePageUrl(launch));
  return page.frameLocator('#tool');
}

/** A bearer token of an LMS person, by a launch without the browser (as their own visit to the LMS would). */
async function tokenOf(user: LmsUser, resourceLinkId: string, target: string, lineitem: string): Promise<string> {
  const res = await lms.launch({ user, resourceLinkId, lineitem, custom: { zhixue_target: target } });
  const ticket = new URL(res.headers.get('location')!, server.url).searchParams.get('ticket');
  return (await apiCall<{ token: string }>(server, '', 'POST', 'app/api/oauth/ticket', { ticket })).token;
}

test("a learner's launch from the LMS course page opens the course's dialogue inside its frame", () =>
  withPage(browser, server, 'lti-learner-dialogue', async (page) => {
    const frame = await openInLms(page, learners[0]!, 'link-course', `course:${courseId}`);
    const dialogue = frame.locator(`zx-dialogue[course-id="${courseId}"]`);
    await dialogue.waitFor({ state: 'visible', timeout: 20_000 });
    assert.equal(await frame.locator('[data-layout]').first().getAttribute('data-layout'), 'student');
    const tool = page.frames().find((f) => f.url().startsWith(server.url))!;
    const url = new URL(tool.url());
    assert.equal(url.pathname, '/course/dialogue');
    assert.equal(url.searchParams.get('ticket'), null, 'no ticket left in the address');
    assert.equal(new URL(page.url()).origin, lms.issuer, 'the LMS page stays the top page');
  }));

test("after the teacher releases an evaluation in the LMS frame, the platform's gradebook holds the analysis export's scores", () =>
  withPage(browser, server, 'lti-grades', async (page) => {
    const lineitem = lms.addLineItem('course-101', { label: 'Unit quiz', scoreMaximum: 3, resourceLinkId: 'link-quiz' });
    const target = `evaluation:${evaluationId}`;
    const answers = [
      [0, true],
      [1, true],
    ];
    for (const [i, learner] of learners.entries()) {
      const token = await tokenOf(learner, 'link-quiz', target, lineitem);
      const paper = await apiCall<{ submissionId: string; questions: Array<{ id: string }> }>(server, token, 'GET', `course/evaluations/${evaluationId}/paper`);
      const body = { submissionId: paper.submissionId, answers: answers[i]!.map((value, n) => ({ questionId: paper.questions[n]!.id, value })) };
      await apiCall(server, token, 'POST', `course/evaluations/${evaluationId}/submissions`, body);
    }

    const frame = await openInLms(page, teacher, 'link-quiz', target, lineitem);
    const release = frame.locator('zx-evaluation [data-testid="release"]').first();
    await release.waitFor({ state: 'visible', timeout: 20_000 });
    await release.click();

    const item = lms.gradebook.get(lineitem)!;
    await until(
      () => item.scores.size,
      (n) => n === learners.length,
      15_000,
    );
    const res = await fetch(`${server.url}/new-chat/course/evaluations/${evaluationId}/analysis/export`, {
      headers: { authorization: `Bearer ${teacherToken}` },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await res.arrayBuffer()) as never);
    const exported = new Map<string, number>();
    book.getWorksheet('学生成绩')!.eachRow((row, n) => {
      if (n > 1 && typeof row.getCell(4).value === 'number') exported.set(String(row.getCell(2).value), row.getCell(4).value as number);
    });
    const posted = new Map([...item.scores.values()].map((s) => [learners.find((l) => l.id === s.userId)!.name, s.scoreGiven]));
    assert.deepEqual([...posted.entries()].sort(), [...exported.entries()].sort());
    assert.deepEqual([...posted.entries()].sort(), [
      ['Wang Fang', 3],
      ['Zhao Min', 1],
    ]);
  }));

const AXE = readFileSync('node_modules/axe-core/axe.min.js', 'utf8');
const SERIOUS = `(async (scope) => {
  const result = await axe.run(scope ? { include: [...document.querySelectorAll(scope)] } : document, { resultTypes: ['violations'], iframes: false });
  return result.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => v.id + ': ' + JSON.stringify(v.nodes[0].target));
})`;

/** Critical and serious axe-core violations of a page or frame (within `scope` when given). */
async function axeViolations(target: Page | Frame, scope = ''): Promise<string[]> {
  if (!(await target.evaluate('typeof axe !== "undefined"'))) await target.evaluate(AXE);
  return (await target.evaluate(`${SERIOUS}(${JSON.stringify(scope)})`)) as string[];
}

test('a teacher places a course by deep linking inside the LMS frame; the picker and the LMS platforms tab pass axe-core', () =>
  withPage(browser, server, 'lti-deep-linking', async (page) => {
    const launch = lms.prepare({ user: teacher, messageType: 'LtiDeepLinkingRequest' });
    await page.goto(lms.coursePageUrl(launch));
    const frame = page.frameLocator('#tool');
    const choice = frame.getByRole('radio', { name: 'Machining in the LMS' });
    await choice.waitFor({ state: 'visible', timeout: 20_000 });
    const picker = page.frames().find((f) => f.url().startsWith(server.url))!;
    assert.deepEqual(await axeViolations(picker), []);
    await choice.check();
    await frame.locator('button[type="submit"]').click();
    // The answer posts itself back to the platform, which shows what was placed.
    await frame.locator('#placed').waitFor({ state: 'visible', timeout: 20_000 });
    assert.equal(await frame.locator('#placed').textContent(), 'Machining in the LMS');
    assert.deepEqual(lms.deepLinks.at(-1)!.items[0]!.custom, { zhixue_target: `course:${courseId}` });

    await signIn(page, 'manager');
    await page.goto('/course/admin');
    await page.locator('zx-school-admin [data-testid="admin-tab-lti"]').click();
    await page.locator('zx-school-admin [data-testid="lti-platform"]').first().waitFor({ state: 'visible' });
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 812 });
      assert.deepEqual(await axeViolations(page, 'zx-school-admin'), [], `${width} px`);
    }
  }));
