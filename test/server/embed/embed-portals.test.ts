// Portal pages: public to everyone, configured by managers only, and showing
// nothing a signed-out visitor may not see (private assistants, draft
// courses, a launcher whose key is off or not for Zhixue's pages).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { demoKeyIds } from '../../../server/modules/embed/demo-keys.js';
import { startTestServer, type TestServer } from '../../support/server.js';

let server: TestServer;
let teacher: string;
let manager: string;
let student: string;

before(async () => {
  server = await startTestServer();
  [teacher, manager, student] = await Promise.all([server.login('teacher'), server.login('manager'), server.login('student')]);
});
after(() => server.close());

interface Portal {
  title: string;
  schoolName: string;
  assistants: Array<{ id: string; title: string }>;
  courses: Array<{ id: string; title: string }>;
  links: Array<{ title: string; url: string }>;
  chatKey: string | null;
}

async function publishedCourse(title: string): Promise<string> {
  const made = await server.api<{ id: string }>('POST', '/course/courses', { token: teacher, body: { title } });
  assert.equal(made.status, 200, made.body.msg);
  // A course is published with at least one lesson.
  const chapter = await server.api<{ id: string }>('POST', `/course/courses/${made.body.data.id}/chapters`, { token: teacher, body: { title: '第一章' } });
  const lesson = await server.api('POST', `/course/chapters/${chapter.body.data.id}/lessons`, { token: teacher, body: { title: '第一课' } });
  assert.equal(lesson.status, 200, lesson.body.msg);
  const published = await server.api('POST', `/course/courses/${made.body.data.id}/status`, { token: teacher, body: { status: 'published' } });
  assert.equal(published.status, 200, published.body.msg);
  return made.body.data.id;
}

async function managerKey(body: Record<string, unknown> = {}): Promise<string> {
  const res = await server.api<{ key: string }>('POST', '/app/user/embed/key', {
    token: manager,
    body: { name: '门户', assistantId: 'sys-study-helper', origins: [], hostedPages: true, ...body },
  });
  assert.equal(res.status, 200, res.body.msg);
  return res.body.data.key;
}

const save = (token: string, body: Record<string, unknown>, slug = 'mainPortal') => server.api<Portal>('PUT', `/app/user/portal/${slug}`, { token, body });
const read = (slug = 'mainPortal') => server.api<Portal>('GET', `/app/api/portal/${slug}`);

test('an unconfigured portal is public and blank, with the school’s name', async () => {
  const res = await read('portal');
  assert.equal(res.status, 200);
  assert.equal(res.body.data.title, '');
  assert.equal(res.body.data.schoolName, '智学示范职业技术学院');
  assert.deepEqual([res.body.data.assistants, res.body.data.courses, res.body.data.links, res.body.data.chatKey], [[], [], [], null]);
  assert.equal((await server.api('GET', '/app/api/portal/other')).status, 400);
});

test('a manager configures a portal; everyone sees it, in the chosen order', async () => {
  const course = await publishedCourse('数控车床编程');
  const key = await managerKey();
  const res = await save(manager, {
    title: '智能制造学院门户',
    subtitle: '专业群 · 实训 · AI 助手',
    assistantIds: ['sys-safety-tutor', 'sys-study-helper'],
    courseIds: [course],
    links: [
      { title: '教务系统', url: 'https://jw.school.test/' },
      { title: 'AI 对话', url: '/course/dialogue' },
    ],
    embedKeyId: key,
  });
  assert.equal(res.status, 200, res.body.msg);
  const shown = (await read()).body.data;
  assert.equal(shown.title, '智能制造学院门户');
  assert.deepEqual(
    shown.assistants.map((a) => a.id),
    ['sys-safety-tutor', 'sys-study-helper'],
  );
  assert.deepEqual(
    shown.courses.map((c) => c.title),
    ['数控车床编程'],
  );
  assert.equal(shown.links.length, 2);
  assert.equal(shown.chatKey, key);
  assert.ok(!JSON.stringify(shown).includes('systemMessage'), 'no assistant settings on a public page');
});

test('only managers may change a portal; refusals change nothing', async () => {
  const before = (await read()).body.data;
  assert.equal((await save(teacher, { title: '老师改的' })).status, 403);
  assert.equal((await save(student, { title: '学生改的' })).status, 403);
  assert.equal((await server.api('PUT', '/app/user/portal/mainPortal', { body: { title: '游客改的' } })).status, 401);
  assert.equal((await server.api('GET', '/app/user/portal/mainPortal', { token: teacher })).status, 403);
  assert.deepEqual((await read()).body.data, before);
});

test('what a visitor may not see cannot be featured, and bad links are refused', async () => {
  const draft = await server.api<{ id: string }>('POST', '/course/courses', { token: teacher, body: { title: '草稿课程' } });
  const privateAssistant = await server.api<{ id: string }>('POST', '/app/user/assistant', {
    token: teacher,
    body: { title: '私人助手', systemMessage: '你是私人助手' },
  });
  const before = (await read()).body.data;
  const refusals = [
    { assistantIds: [privateAssistant.body.data.id] },
    { assistantIds: ['form-quiz'] },
    { courseIds: [draft.body.data.id] },
    { links: [{ title: '坏链接', url: 'javascript:alert(1)' }] },
    // protocol-relative and backslash forms are other hosts to a browser
    ...['//evil.example/', '/\\evil.example/', '/\\/evil.example', '\\\\evil.example', 'https:/\\evil.example', 'https://user:pw@evil.example/'].map((url) => ({
      links: [{ title: '坏链接', url }],
    })),
    { banner: 'javascript:alert(1)' },
    { embedKeyId: (await demoKeyIds(server.data.db)).zxk_demo_safety }, // the teacher's key, not the manager's
  ];
  for (const body of refusals) {
    const res = await save(manager, { title: '不应保存', ...body });
    assert.equal(res.status, 400, JSON.stringify(body));
  }
  assert.deepEqual((await read()).body.data, before);
});

test('the public view drops an assistant unpublished since, and the launcher of a key switched off', async () => {
  const made = await server.api<{ id: string }>('POST', '/app/user/assistant', {
    token: teacher,
    body: { title: '全校助手', systemMessage: '你是全校助手', publications: [{ scope: 'school' }] },
  });
  const key = await managerKey();
  assert.equal((await save(manager, { title: '门户二', assistantIds: [made.body.data.id], embedKeyId: key }, 'secondIndustryPortal')).status, 200);
  assert.deepEqual(
    (await read('secondIndustryPortal')).body.data.assistants.map((a) => a.title),
    ['全校助手'],
  );

  await server.api('PUT', '/app/user/assistant', { token: teacher, body: { id: made.body.data.id, publications: [] } });
  await server.api('PUT', `/app/user/embed/key/${key}`, { token: manager, body: { enabled: false } });
  const shown = (await read('secondIndustryPortal')).body.data;
  assert.deepEqual(shown.assistants, []);
  assert.equal(shown.chatKey, null);
});

test('a manager picking featured assistants is offered every school-published one, whoever made it, and no drafts', async () => {
  const schoolWide = await server.api<{ id: string }>('POST', '/app/user/assistant', {
    token: teacher,
    body: { title: '全校数控助手', systemMessage: '你是数控助手', publications: [{ scope: 'school' }] },
  });
  const ownDraft = await server.api<{ id: string }>('POST', '/app/user/assistant', { token: manager, body: { title: '管理员草稿', systemMessage: '草稿' } });
  const offered = await server.api<Array<{ id: string; typeMode: string }>>('GET', '/course/app/api/allAssistant?scope=school', { token: manager });
  assert.equal(offered.status, 200, offered.body.msg);
  const ids = offered.body.data.map((a) => a.id);
  assert.ok(ids.includes(schoolWide.body.data.id), 'the teacher’s school-wide assistant is offered');
  assert.ok(!ids.includes(ownDraft.body.data.id), 'an unpublished one is not (the portal would refuse it)');
  assert.ok(
    offered.body.data.some((a) => a.typeMode === 'sys'),
    'system assistants are offered',
  );
  assert.equal((await save(manager, { title: '推荐', assistantIds: [schoolWide.body.data.id] }, 'portal')).status, 200);
  assert.deepEqual(
    (await read('portal')).body.data.assistants.map((a) => a.title),
    ['全校数控助手'],
  );
  // Without the scope the manager's own draft is still usable to them.
  const all = await server.api<Array<{ id: string }>>('GET', '/course/app/api/allAssistant', { token: manager });
  assert.ok(all.body.data.some((a) => a.id === ownDraft.body.data.id));
});
