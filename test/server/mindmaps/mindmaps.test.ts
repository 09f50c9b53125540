// Mind maps: a map made from a lesson streams in line by line and
// each node links to the lesson; the built-in engine maps a lesson's own
// headings and says a model is needed for a bare topic; saved maps are their
// owner's alone; a share link opens signed out until it is revoked; raw HTML
// in a node is never kept.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { AuthUser } from '../../../server/http/auth.js';
import { createMap, MAX_MAPS_PER_USER } from '../../../server/modules/mindmaps/service.js';
import { countMaps } from '../../../server/modules/mindmaps/store.js';
import { chatRow, insertChats, questionAndAnswer } from '../../support/board-rows.js';
import { uploadInChunks } from '../../support/chunked-upload.js';
import { makeDocx } from '../../support/documents.js';
import { publishedCourse } from '../../support/published-course.js';
import { insertBarrier } from '../../support/insert-barrier.js';
import { startTestServer, type TestServer } from '../../support/server.js';
import { postSse } from '../../support/sse-client.js';
import { lastUserText, startStubLlm, type StubLlm } from '../../support/stub-llm.js';
import { addPerson, type Person } from '../courses/courses-school.js';

const LESSON = `# 数控车床对刀

对刀是确定工件坐标系原点在机床坐标系中位置的操作。

## 试切法

- 试切外圆
  - 测量直径并输入刀补
- 试切端面

## 注意事项

对刀前要回参考点，确认刀具已夹紧。装夹不牢会导致尺寸偏差。
`;

async function courseWithLesson(server: TestServer, token: string) {
  const course = await publishedCourse(server, token, '数控车床编程');
  const detail = (await server.api<any>('GET', `/course/courses/${course.id}`, { token })).body.data;
  const lessonId: string = detail.chapters[0].lessons[0].id;
  const res = await server.api('PUT', `/course/lessons/${lessonId}`, { token, body: { content: LESSON } });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return { courseId: course.id as string, lessonId };
}

const outlineUrl = (server: TestServer) => `${server.baseUrl}/new-chat/app/user/mindmaps/outline`;

describe('mind maps with only the built-in engine', () => {
  let server: TestServer;
  let teacher: string;
  let student: string;
  let manager: string;
  let otherTeacher: Person;
  before(async () => {
    server = await startTestServer();
    teacher = await server.login('teacher');
    student = await server.login('student');
    manager = await server.login('manager');
    otherTeacher = await addPerson(server, 'teacher-mm', ['1']);
  });
  after(() => server.close());

  it("maps a lesson's own headings and lists, streamed, each node linking to the lesson", async () => {
    const { courseId, lessonId } = await courseWithLesson(server, teacher);
    const read = await postSse(outlineUrl(server), teacher, { source: { kind: 'lesson', id: lessonId } });
    assert.equal(read.status, 200);
    assert.equal(read.events[0]!.type, 'start');
    assert.equal(read.events[0]!.engine, 'builtin');
    const pieces = read.events.filter((e) => e.type === 'lines');
    assert.ok(pieces.length >= 5, `the outline streams in pieces (${pieces.length})`);
    const done = read.events.at(-1)!;
    assert.equal(done.type, 'done');
    assert.equal(pieces.map((p) => p.text).join(''), done.outline, 'the pieces add up to the final outline');
    const lines = (done.outline as string).trim().split('\n');
    assert.equal(lines[0], '# 数控车床对刀', "the lesson's one top heading names the root (the lesson is called 第一课)");
    assert.ok(
      lines.some((l) => l.startsWith('## 试切法 [§]')),
      'a heading is a branch',
    );
    assert.ok(lines.some((l) => l.startsWith('## 注意事项 [§]')));
    assert.ok(
      lines.some((l) => /^- 试切外圆 \[§\]/u.test(l)),
      'a list item is a leaf under its heading',
    );
    assert.ok(
      lines.some((l) => /^ {2}- 测量直径并输入刀补 \[§\]/u.test(l)),
      'nesting is kept',
    );
    assert.ok(
      lines.some((l) => /^- 对刀前要回参考点，确认刀具已夹紧 \[§\]/u.test(l)),
      'a paragraph gives its first sentence as a key passage',
    );
    const link = lines.find((l) => l.startsWith('## 试切法'))!;
    assert.ok(link.includes(`(/course/detail/${courseId}?lessonId=${lessonId} "`), link);
    // The enrolled student may map the lesson too; a teacher outside the course may not.
    assert.equal((await postSse(outlineUrl(server), student, { source: { kind: 'lesson', id: lessonId } })).status, 200);
    const outsider = await postSse(outlineUrl(server), otherTeacher.token, { source: { kind: 'lesson', id: lessonId } });
    assert.equal(outsider.status, 404);
  });

  it('says a model is needed for a bare topic, in the reader’s language', async () => {
    const read = await postSse(outlineUrl(server), teacher, { source: { kind: 'topic', topic: '液压传动' } }, { headers: { 'accept-language': 'en-US' } });
    const notice = read.events.find((e) => e.type === 'notice');
    assert.ok(notice, 'a notice is sent');
    assert.match(notice.message, /needs a language model/u);
    assert.equal(read.events.at(-1)!.outline, '# 液压传动\n', 'only the root: nothing is invented');
    const expand = await postSse(`${server.baseUrl}/new-chat/app/user/mindmaps/expand`, teacher, { path: ['液压传动'] });
    assert.match(expand.events.find((e) => e.type === 'notice')!.message, /语言模型/u);
  });

  it('maps an uploaded text file saved as GBK (Notepad’s ANSI), and says what is wrong with a damaged Word file', async () => {
    // "# 电工基础\n\n## 安全用电\n\n- 触电急救\n" in GBK, as older Windows Notepad saves Chinese text.
    const gbk = (hex: string) => Buffer.from(hex, 'hex');
    const notes = Buffer.concat([
      Buffer.from('# '),
      gbk('b5e7b9a4bbf9b4a1'),
      Buffer.from('\n\n## '),
      gbk('b0b2c8abd3c3b5e7'),
      Buffer.from('\n\n- '),
      gbk('b4a5b5e7bcb1bec8'),
      Buffer.from('\n'),
    ]);
    // Through the libraries' upload, which takes a GBK text file as text.
    const text = await uploadInChunks(server, teacher, '电工笔记.txt', notes);
    const read = await postSse(outlineUrl(server), teacher, { source: { kind: 'file', id: text.id } });
    assert.equal(read.events.at(-1)!.outline, '# 电工基础\n## 安全用电\n- 触电急救\n');

    const docx = makeDocx(['第一章 电工基础', '安全用电是电工的第一课。']);
    const damaged = await server.uploadFile(teacher, '电工.docx', docx.subarray(0, Math.floor(docx.length * 0.6)));
    const refused = await postSse(outlineUrl(server), teacher, { source: { kind: 'file', id: damaged } }, { headers: { 'accept-language': 'en-US' } });
    assert.equal(refused.status, 400, JSON.stringify(refused.body));
    assert.match(refused.body!.msg, /^The DOCX file is damaged/u);
  });

  it('keeps 500 maps a person; two saved at once into the last place: one is kept, the other refused', async () => {
    // Each save wrote its map and then counted: two at once at 499 both counted 501 and both
    // undid themselves. A hook holds each map's insert until both are written
    // (test/support/insert-barrier.ts) to make that order happen; with the fix the second waits.
    const ctx = server.app.zx;
    const owner = await addPerson(server, 'teacher-many-maps', ['1']);
    const now = Date.now();
    const rows = Array.from({ length: MAX_MAPS_PER_USER - 1 }, (_, i) => ({
      id: `bulk-map-${i}`,
      owner_id: owner.id,
      title: `导图 ${i}`,
      outline: `# 导图 ${i}\n`,
      source: null,
      share_token: null,
      shared_at: null,
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 100)
      await ctx.db
        .insertInto('mind_maps')
        .values(rows.slice(i, i + 100))
        .execute();

    const hooked = { ...ctx, db: ctx.db.withPlugin(insertBarrier('mind_maps')) };
    const user = { id: owner.id } as AuthUser;
    const results = await Promise.allSettled([1, 2].map((n) => createMap(hooked, user, { outline: `# 同时保存 ${n}\n` }, 'zh-CN')));
    assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1, 'one of the two is kept');
    assert.match(String((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason?.message), /最多保存 500 个/u);
    assert.equal(await countMaps(ctx.db, owner.id), 500);

    const over = await server.api('POST', '/app/user/mindmaps', { token: owner.token, body: { outline: '# 第 501 个\n' } });
    assert.equal(over.status, 400);
    assert.match(over.body.msg, /最多保存 500 个思维导图/u);
  });

  it('keeps maps to their owner, for every client type', async () => {
    const ids: Record<string, string> = {};
    for (const [who, token] of Object.entries({ teacher, manager, student })) {
      const made = await server.api<any>('POST', '/app/user/mindmaps', { token, body: { outline: `# ${who} 的导图\n## 分支\n` } });
      assert.equal(made.status, 200, JSON.stringify(made.body));
      ids[who] = made.body.data.id;
      assert.equal(made.body.data.title, `${who} 的导图`, 'the title defaults to the root');
      const list = await server.api<any>('GET', '/app/user/mindmaps', { token });
      assert.deepEqual(
        list.body.data.map((m: any) => m.id),
        [ids[who]],
        'each lists only their own',
      );
    }
    const id = ids.teacher!;
    for (const token of [student, manager, otherTeacher.token]) {
      assert.equal((await server.api('GET', `/app/user/mindmaps/${id}`, { token })).status, 404);
      assert.equal((await server.api('PUT', `/app/user/mindmaps/${id}`, { token, body: { title: '改' } })).status, 404);
      assert.equal((await server.api('POST', `/app/user/mindmaps/${id}/share`, { token })).status, 404);
      assert.equal((await server.api('DELETE', `/app/user/mindmaps/${id}`, { token })).status, 404);
    }
    const saved = await server.api<any>('PUT', `/app/user/mindmaps/${id}`, { token: teacher, body: { title: '新标题', outline: '# 根\n## 甲\n- 乙\n' } });
    assert.equal(saved.body.data.title, '新标题');
    assert.equal(saved.body.data.outline, '# 根\n## 甲\n- 乙\n');
    assert.equal((await server.api('GET', `/app/user/mindmaps/${id}`)).status, 401, 'signed out: no');
    assert.equal((await server.api('DELETE', `/app/user/mindmaps/${id}`, { token: teacher })).status, 200);
    assert.equal((await server.api('GET', `/app/user/mindmaps/${id}`, { token: teacher })).status, 404);
  });

  it('opens a shared map signed out, until the owner revokes the link', async () => {
    const made = await server.api<any>('POST', '/app/user/mindmaps', { token: student, body: { title: '复习', outline: '# 复习\n## 公差\n' } });
    const id = made.body.data.id;
    const share = await server.api<any>('POST', `/app/user/mindmaps/${id}/share`, { token: student });
    const { token, path } = share.body.data;
    assert.ok(token.length >= 32, 'the token is long and random');
    assert.equal(path, `/mindMap?share=${token}`);
    const again = await server.api<any>('POST', `/app/user/mindmaps/${id}/share`, { token: student });
    assert.equal(again.body.data.token, token, 'sharing twice keeps the link already sent');
    const open = await server.api<any>('GET', `/app/api/mindmaps/shared/${token}`);
    assert.equal(open.status, 200);
    assert.equal(open.body.data.outline, '# 复习\n## 公差\n');
    assert.equal(open.body.data.title, '复习');
    assert.equal(open.body.data.id, undefined, 'no ids of the map or its owner');
    assert.equal((await server.api('GET', `/app/api/mindmaps/shared/${'x'.repeat(32)}`)).status, 404);
    assert.equal((await server.api('DELETE', `/app/user/mindmaps/${id}/share`, { token: teacher })).status, 404, 'only the owner revokes');
    assert.equal((await server.api('DELETE', `/app/user/mindmaps/${id}/share`, { token: student })).status, 200);
    assert.equal((await server.api('GET', `/app/api/mindmaps/shared/${token}`)).status, 404, 'the revoked link no longer opens');
    const fresh = await server.api<any>('POST', `/app/user/mindmaps/${id}/share`, { token: student });
    assert.notEqual(fresh.body.data.token, token, 'sharing again makes a new link');
    assert.equal((await server.api('GET', `/app/api/mindmaps/shared/${token}`)).status, 404);
  });

  it("runs as a 'mindmap' generation job whose result is the outline, read by its owner only", async () => {
    const { lessonId } = await courseWithLesson(server, teacher);
    const made = await server.api<any>('POST', '/app/user/generations', {
      token: teacher,
      body: { kind: 'mindmap', prompt: '', source: { kind: 'lesson', id: lessonId } },
    });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    const id = made.body.data.id;
    let job: any;
    for (let i = 0; i < 200; i += 1) {
      job = (await server.api<any>('GET', `/app/user/generations/${id}`, { token: teacher })).body.data;
      if (job.status === 'succeeded' || job.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(job.status, 'succeeded', JSON.stringify(job));
    assert.match(job.outline, /^# 数控车床对刀\n/u);
    assert.match(job.outline, /\n## 试切法 \[§\]/u);
    assert.equal((await server.api('GET', `/app/user/generations/${id}`, { token: student })).status, 404);
    const outsider = await server.api('POST', '/app/user/generations', {
      token: otherTeacher.token,
      body: { kind: 'mindmap', prompt: '', source: { kind: 'lesson', id: lessonId } },
    });
    assert.equal(outsider.status, 404, 'a lesson the person may not read is refused when the job is asked for');
  });

  it('names a map nothing names in its creator’s language, as made, streamed, or queued (en-US, zh-CN)', async () => {
    // A saved map whose outline has no root and which has no title.
    const saveIn = async (language: string) =>
      (
        await server.api<any>('POST', '/app/user/mindmaps', {
          token: teacher,
          body: { outline: 'words that are no outline line' },
          headers: { 'accept-language': language },
        })
      ).body.data;
    const english = await saveIn('en-US');
    assert.equal(english.title, 'Mind map');
    assert.equal(english.outline, '# Mind map\n');
    const chinese = await saveIn('zh-CN');
    assert.equal(chinese.title, '思维导图');
    assert.equal(chinese.outline, '# 思维导图\n');
    // Stored, so every reader sees the creator's words.
    assert.equal((await server.api<any>('GET', `/app/user/mindmaps/${english.id}`, { token: teacher })).body.data.title, 'Mind map');

    // An answer in a chat without a title: the streamed outline and a queued job.
    const owner = await server.data.db.selectFrom('users').select('id').where('username', '=', 'teacher').executeTakeFirstOrThrow();
    const chat = { ...chatRow(owner.id, Date.now(), 'builtin'), title: '' };
    const rows = questionAndAnswer(chat, Date.now(), '问题');
    await insertChats(server.data.db, [chat], rows);
    const source = { kind: 'message', id: rows[1]!.id };
    const streamedIn = async (language: string) =>
      (await postSse(outlineUrl(server), teacher, { source }, { headers: { 'accept-language': language } })).events.at(-1)!.outline;
    assert.equal(await streamedIn('en-US'), '# Chat key points\n');
    assert.equal(await streamedIn('zh-CN'), '# 对话要点\n');
    const queuedIn = async (language: string) => {
      const made = await server.api<any>('POST', '/app/user/generations', {
        token: teacher,
        body: { kind: 'mindmap', prompt: '', source },
        headers: { 'accept-language': language },
      });
      assert.equal(made.status, 200, JSON.stringify(made.body));
      for (let i = 0; i < 200; i += 1) {
        const job = (await server.api<any>('GET', `/app/user/generations/${made.body.data.id}`, { token: teacher })).body.data;
        if (job.status === 'succeeded') return job.outline;
        assert.ok(['queued', 'running'].includes(job.status), JSON.stringify(job));
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('the job did not finish');
    };
    assert.equal(await queuedIn('en-US'), '# Chat key points\n', 'the job keeps its creator’s language');
    assert.equal(await queuedIn('zh-CN'), '# 对话要点\n');
  });

  it('never keeps raw HTML in a node (an <img onerror> is kept as text)', async () => {
    const made = await server.api<any>('POST', '/app/user/mindmaps', {
      token: teacher,
      body: { outline: '# 根\n## <img src=x onerror="alert(1)">\n- <script>alert(2)</script>安全\n' },
    });
    const outline: string = made.body.data.outline;
    assert.doesNotMatch(outline, /<img|<script/u);
    assert.match(outline, /## &lt;img src=x onerror="alert\(1\)">/u, 'the words stay, as text');
    const shared = await server.api<any>('POST', `/app/user/mindmaps/${made.body.data.id}/share`, { token: teacher });
    const open = await server.api<any>('GET', `/app/api/mindmaps/shared/${shared.body.data.token}`);
    assert.doesNotMatch(open.body.data.outline, /<img|<script/u);
  });
});

const mapperReply = (body: Record<string, any>) =>
  lastUserText(body).startsWith('思维导图路径')
    ? '- 油泵\n- 油缸\n  - 单作用\n'
    : '好的，以下是大纲：\n# 数控车床对刀\n## 试切法 [1]\n- 试切外圆 [2]\n- <img src=x onerror=alert(1)>端面 [1]\n## 无出处\n';

describe('mind maps with a model', () => {
  let stub: StubLlm;
  let server: TestServer;
  let teacher: string;
  before(async () => {
    stub = await startStubLlm({ tokenDelayMs: 1, reply: mapperReply });
    server = await startTestServer({ env: { ZX_LLM_BASE_URL: stub.baseUrl, ZX_LLM_MODELS: 'stub-mapper,stub-rate-limit' } });
    teacher = await server.login('teacher');
  });
  after(async () => {
    await server.close();
    await stub.close();
  });

  it('streams the model’s outline made canonical, linking cited nodes to the lesson passage', async () => {
    const { lessonId } = await courseWithLesson(server, teacher);
    const read = await postSse(outlineUrl(server), teacher, { source: { kind: 'lesson', id: lessonId } });
    assert.equal(read.events[0]!.engine, 'model');
    const done = read.events.at(-1)!;
    const lines = (done.outline as string).trim().split('\n');
    assert.equal(lines[0], '# 数控车床对刀', 'chatter before the outline is dropped');
    assert.match(lines[1]!, /^## 试切法 \[§\]\(\/course\/detail\/[^ ]+lessonId=/u);
    assert.match(lines[1]!, /"对刀是确定工件坐标系/u, 'the link carries the cited passage');
    assert.match(lines[3]!, /^- &lt;img src=x onerror=alert\(1\)>端面 \[§\]/u, 'a model cannot slip HTML in');
    assert.equal(lines[4], '## 无出处', 'a node citing nothing has no link');
    const prompt = JSON.stringify(stub.requests.at(-1)!.body.messages);
    assert.match(prompt, /试切外圆/u, 'the lesson reaches the model');
    assert.ok(read.events.filter((e) => e.type === 'lines').length >= 4, 'line by line');
  });

  it('expands one node into children', async () => {
    const read = await postSse(`${server.baseUrl}/new-chat/app/user/mindmaps/expand`, teacher, { path: ['液压传动', '组成'] });
    assert.equal(read.events.at(-1)!.outline, '- 油泵\n- 油缸\n  - 单作用\n');
    assert.match(lastUserText(stub.requests.at(-1)!.body), /液压传动 > 组成/u);
  });

  it('reads an outline the model wraps in a ```markdown fence, as models often do', async () => {
    stub.setReply(() => '好的，以下是思维导图：\n```markdown\n# 液压传动\n## 组成\n- 油泵\n- 油缸\n```\n');
    try {
      const read = await postSse(outlineUrl(server), teacher, { source: { kind: 'topic', topic: '液压传动' } });
      assert.equal(read.events.at(-1)!.type, 'done', JSON.stringify(read.events.at(-1)));
      assert.equal(read.events.at(-1)!.outline, '# 液压传动\n## 组成\n- 油泵\n- 油缸\n');
    } finally {
      stub.setReply(mapperReply);
    }
  });

  it('an answer with no outline in it (empty, or prose) says so in the reader’s language, rather than a map of only its root', async () => {
    for (const answer of ['', 'Sorry, I cannot help with that.']) {
      stub.setReply(() => answer);
      try {
        const read = await postSse(
          outlineUrl(server),
          teacher,
          { source: { kind: 'topic', topic: 'Hydraulics' } },
          { headers: { 'accept-language': 'en-US' } },
        );
        const last = read.events.at(-1)!;
        assert.equal(last.type, 'error', `${JSON.stringify(answer)}: ${JSON.stringify(last)}`);
        assert.equal(last.message, 'The model wrote no mind map (its answer was empty or not an outline). Please try again');
        const expanded = await postSse(
          `${server.baseUrl}/new-chat/app/user/mindmaps/expand`,
          teacher,
          { path: ['Hydraulics'] },
          { headers: { 'accept-language': 'en-US' } },
        );
        assert.equal(expanded.events.at(-1)!.type, 'error', JSON.stringify(expanded.events.at(-1)));
        assert.equal(expanded.events.at(-1)!.message, 'The model wrote no child nodes. Please try again');
      } finally {
        stub.setReply(mapperReply);
      }
    }
  });

  it('a mindmap job the model service turns away as busy waits as long as the service asked (Retry-After), rather than retrying in seconds', async () => {
    const made = await server.api<any>('POST', '/app/user/generations', {
      token: teacher,
      body: { kind: 'mindmap', prompt: '液压传动', model: 'stub-rate-limit' },
    });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    const id: string = made.body.data.id;
    const row = () => server.data.db.selectFrom('generation_jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    let job = await row();
    for (let i = 0; i < 200 && !(job.status === 'queued' && job.error); i += 1) {
      await new Promise((r) => setTimeout(r, 50));
      job = await row();
    }
    assert.equal(job.status, 'queued', 'tried once and queued again');
    // The stub asks for 600 s; the queue waits at most ZX_GEN_MAX_RETRY_AFTER_SECONDS (120 s).
    assert.ok(job.run_after - job.updated_at >= 119_000, `tried again after ${job.run_after - job.updated_at} ms`);
    const seen = await server.api<any>('GET', `/app/user/generations/${id}`, { token: teacher, headers: { 'accept-language': 'en-US' } });
    assert.match(seen.body.data.error, /busy.*600 s/u);
    await server.api('POST', `/app/user/generations/${id}/cancel`, { token: teacher });
  });

  it('asks the model to write the map in the language of its topic, so an English topic is not mapped in Chinese', async () => {
    await postSse(outlineUrl(server), teacher, { source: { kind: 'topic', topic: 'Hydraulic systems' } }, { headers: { 'accept-language': 'en-US' } });
    const outlinePrompt = stub.requests.at(-1)!.body.messages[0].content as string;
    await postSse(`${server.baseUrl}/new-chat/app/user/mindmaps/expand`, teacher, { path: ['Hydraulic systems', 'Pumps'] });
    const expandPrompt = stub.requests.at(-1)!.body.messages[0].content as string;
    for (const prompt of [outlinePrompt, expandPrompt]) assert.match(prompt, /语言与.*一致/u, prompt);
  });

  it('refuses a model that is not offered, before streaming', async () => {
    const read = await postSse(outlineUrl(server), teacher, { source: { kind: 'topic', topic: '液压' }, model: 'nope' });
    assert.equal(read.status, 400);
  });
});
