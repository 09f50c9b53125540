import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { hashPassword } from '../../../server/modules/account/passwords.js';
import { createUser, findUserByUsername } from '../../../server/modules/account/store.js';
import { SOCRATIC_PREAMBLE } from '../../../server/modules/assistants/socratic.js';
import { ABANDONED_MESSAGE } from '../../../server/modules/chat/answer-leases.js';
import { addClassMember, ensureClass } from '../../../server/modules/classes/store.js';
import { postSse, streamedText } from '../../support/sse-client.js';
import { startStubLlm, type StubLlm } from '../../support/stub-llm.js';
import { storedSystemMessage } from '../../support/chat-rows.js';
import { startTestServer, TEST_DEMO_PASSWORD, type TestServer } from '../../support/server.js';

/** Ownership and publication rules of every assistant call, on a real database. */
describe('assistants', () => {
  let stub: StubLlm;
  let server: TestServer;
  let teacher: string;
  let teacher2: string;
  let student: string;
  let student2: string;

  before(async () => {
    stub = await startStubLlm({ tokenDelayMs: 0 });
    server = await startTestServer({
      env: { ZX_LLM_BASE_URL: stub.baseUrl, ZX_LLM_API_KEY: 'sk-test', ZX_LLM_MODELS: 'stub-model,stub-b', ZX_BUILTIN: 'on', ZX_BUILTIN_DELAY_MS: '0' },
    });
    // A second teacher (no class in common with the demo student) and a second student.
    const db = server.data.db;
    const hash = await hashPassword(TEST_DEMO_PASSWORD);
    await createUser(db, { username: 'teacher2', name: '赵老师', clientTypes: ['1'], passwordHash: hash }, Date.now());
    await createUser(db, { username: 'student2', name: '钱同学', clientTypes: ['3'], passwordHash: hash }, Date.now());
    const other = await ensureClass(db, '2024级护理1班', Date.now());
    await addClassMember(db, other.id, (await findUserByUsername(db, 'teacher2'))!.id, 'teacher', Date.now());
    await addClassMember(db, other.id, (await findUserByUsername(db, 'student2'))!.id, 'student', Date.now());
    teacher = await server.login('teacher');
    teacher2 = await server.login('teacher2');
    student = await server.login('student');
    student2 = await server.login('student2');
  });
  after(async () => {
    await server.close();
    await stub.close();
  });

  const api = <T = any>(method: string, path: string, token?: string, body?: unknown) => server.api<T>(method, path, { token, body });
  const titles = (list: Array<{ title: string }>) => list.map((a) => a.title);
  const newAssistant = async (token: string, body: Record<string, unknown> = {}) => {
    const res = await api('POST', '/app/user/assistant', token, {
      title: '数控编程小助手',
      description: '帮你读懂 G 代码',
      systemMessage: '你是数控编程老师，只回答数控编程相关问题。',
      openingMessage: '同学你好，我是数控编程小助手！',
      starterQuestions: ['G00 和 G01 有什么区别？', '  ', 'G00 和 G01 有什么区别？', '怎么写一个外圆车削程序？'],
      typeId: 'type-teaching',
      ...body,
    });
    assert.equal(res.body.code, 200, res.body.msg);
    return res.body.data;
  };
  const publish = (token: string, id: string, publications: unknown[]) =>
    api('PUT', '/app/user/assistant', token, { id, title: '数控编程小助手', systemMessage: '你是数控编程老师，只回答数控编程相关问题。', publications });

  it('seeds the system assistants, categories and form apps for vocational teaching', async () => {
    const types = await api<any[]>('GET', '/app/api/assistant/type'); // public, default typeMode sys
    assert.equal(types.body.code, 200);
    assert.ok(titles(types.body.data.map((t) => ({ title: t.name }))).includes('安全实训'));
    const formTypes = await api<any[]>('GET', '/app/api/assistant/type?typeMode=form');
    assert.ok(formTypes.body.data.length >= 2);
    assert.ok(formTypes.body.data.every((t) => t.typeMode === 'form'));

    const all = await api<any[]>('GET', '/course/app/api/allAssistant', teacher);
    for (const title of ['教案设计助手', '命题出题助手', '作文与实训报告点评', '安全生产导师', '职业生涯规划顾问']) {
      const found = all.body.data.find((a) => a.title === title);
      assert.ok(found, `${title} is seeded`);
      assert.equal(found.typeMode, 'sys');
      assert.ok(found.openingMessage && found.starterQuestions.length >= 3, `${title} opens with a greeting and starters`);
      assert.equal(found.systemMessage, undefined, 'cards never carry the system prompt');
    }
    assert.ok(
      all.body.data.some((a) => a.kind === 'inquiry'),
      'guided-inquiry assistants are seeded',
    );
    const forms = await api<any[]>('GET', '/gpt/assistant-form/list', teacher);
    for (const title of ['教案生成', '测验题生成', '教学反思']) assert.ok(titles(forms.body.data).includes(title), `${title} form app`);
    assert.ok(forms.body.data.every((f) => f.kind === 'form' && f.formFields.length > 0));

    const search = await api<any[]>('GET', `/course/app/api/allAssistant?title=${encodeURIComponent('安全')}`, student);
    assert.ok(search.body.data.length >= 1 && search.body.data.every((a) => /安全/.test(a.title + a.description)));
    const byType = await api<any>('GET', '/course/app/api/assistant?typeId=type-career&pageSize=1', student);
    assert.equal(byType.body.data.list.length, 1);
    assert.ok(byType.body.data.total >= 2);
  });

  it("shows the seeded assistants in the reader's language, and a school's own assistant as written", async () => {
    const own = await newAssistant(teacher, { title: '教案设计助手', description: '我们组自己的教案模板', openingMessage: '欢迎' });
    const inLocale = (path: string, locale: string, token = teacher) => server.api<any>('GET', path, { token, headers: { 'accept-language': locale } });
    const seeded = (cards: any[]) => cards.find((a) => a.id === 'sys-lesson-plan');
    const english = seeded((await inLocale('/course/app/api/allAssistant', 'en-US')).body.data);
    assert.equal(english.title, 'Lesson plan designer');
    assert.match(english.description, /^Writes lesson plans/u);
    assert.match(english.openingMessage, /^Hello! I'm the lesson plan designer/u);
    const mine = (await inLocale('/course/app/api/allAssistant', 'en-US')).body.data.find((a: any) => a.id === own.id);
    assert.deepEqual([mine.title, mine.description, mine.openingMessage], ['教案设计助手', '我们组自己的教案模板', '欢迎'], "a teacher's words stay");
    const paged = (await inLocale('/course/app/api/assistant?typeId=type-safety', 'ru-RU', student)).body.data.list;
    assert.equal(paged.find((a: any) => a.id === 'sys-safety-tutor').title, 'Наставник по охране труда');
    const opened = (await inLocale('/app/user/assistant/sys-inquiry-fault', 'ko-KR', student)).body.data;
    assert.equal(opened.title, '장비 고장 진단 탐구');
    assert.match(opened.openingMessage, /^안녕하세요! 이번은 탐구형 연습이에요/u);
    assert.equal((await inLocale('/app/user/assistant/sys-inquiry-fault', 'zh-TW', student)).body.data.title, '設備故障排查探究');
    const forms = (await inLocale('/gpt/assistant-form/list', 'en-US')).body.data;
    assert.ok(titles(forms).includes('Teaching reflection'));
    assert.equal(seeded((await inLocale('/course/app/api/allAssistant', 'zh-CN')).body.data).title, '教案设计助手');
    await api('DELETE', `/app/user/assistant/${own.id}`, teacher);
  });

  it('offers students no teaching tools: not listed, not opened, not run', async () => {
    const teacherTools = ['教案设计助手', '命题出题助手', '课堂活动设计师', '实训指导书编写助手', '教案生成', '教学反思', '评分量规生成', '学生评语'];
    const studentLists = [
      (await api<any[]>('GET', '/course/app/api/allAssistant', student)).body.data,
      (await api<any>('GET', '/course/app/api/assistant?pageSize=100', student)).body.data.list,
      (await api<any[]>('GET', '/gpt/assistant-form/list', student)).body.data,
      (await api<any[]>('GET', `/course/app/api/allAssistant?title=${encodeURIComponent('教案')}`, student)).body.data,
    ];
    for (const list of studentLists) for (const title of teacherTools) assert.ok(!titles(list).includes(title), `${title} is not listed for a student`);
    // What students learn with stays.
    assert.ok(titles(studentLists[0]).includes('安全生产导师'));
    assert.ok(titles(studentLists[2]).includes('测验题生成'));
    const teacherForms = titles((await api<any[]>('GET', '/gpt/assistant-form/list', teacher)).body.data);
    for (const title of ['教案生成', '教学反思', '评分量规生成', '学生评语']) assert.ok(teacherForms.includes(title), `${title} for teachers`);

    assert.equal((await api('GET', '/app/user/assistant/form-student-comment', student)).status, 404);
    const refused = await postSse(`${server.baseUrl}/new-chat/gpt/assistant-form/run`, student, {
      formId: 'form-student-comment',
      values: { name: '小张', strengths: '实训认真，动手能力强', tone: '温暖鼓励' },
      model: 'stub-model',
    });
    assert.equal(refused.status, 404, 'a student cannot run a teacher-only form app');
    assert.equal(refused.events.length, 0);
  });

  it('lets only the teaching side create assistants, and keeps a private one private', async () => {
    const created = await api('POST', '/app/user/assistant', student, { title: 'x', systemMessage: 'y' });
    assert.equal(created.status, 403);

    const mine = await newAssistant(teacher);
    assert.deepEqual(mine.starterQuestions, ['G00 和 G01 有什么区别？', '怎么写一个外圆车削程序？'], 'blank and repeated starters dropped');
    assert.equal(mine.own, true);
    assert.equal(mine.systemMessage, '你是数控编程老师，只回答数控编程相关问题。', 'the owner reads the full settings');
    assert.deepEqual(mine.publications, []);
    assert.ok(titles((await api<any[]>('GET', '/app/user/assistant/list', teacher)).body.data).includes('数控编程小助手'));

    for (const [token, who] of [
      [student, 'student'],
      [teacher2, 'teacher2'],
    ] as const) {
      assert.equal((await api('GET', `/app/user/assistant/${mine.id}`, token)).status, 404, `${who} cannot read it`);
      assert.ok(!(await api<any[]>('GET', '/course/app/api/allAssistant', token)).body.data.some((a) => a.id === mine.id), `${who} does not list it`);
      assert.equal((await api('POST', '/app/user/favorite/add', token, { assistantId: mine.id })).status, 404, `${who} cannot favourite it`);
      assert.equal((await api('POST', '/v1/chat', token, { assistantId: mine.id })).status, 404, `${who} cannot chat with it`);
      assert.equal((await publish(token, mine.id, [])).status, 404, `${who} cannot edit what they cannot see`);
      assert.equal((await api('DELETE', `/app/user/assistant/${mine.id}`, token)).status, 404);
      assert.equal((await api<any[]>('GET', '/app/user/assistant/list', token)).body.data.length, 0);
    }
  });

  it('publishes to the school: students find, favourite and chat with it; only the owner changes it', async () => {
    const mine = await newAssistant(teacher, { title: '数控编程小助手' });
    const published = await publish(teacher, mine.id, [{ scope: 'school' }]);
    assert.equal(published.body.code, 200, published.body.msg);
    assert.deepEqual(published.body.data.publications, [{ scope: 'school', courseId: null }]);

    const gallery = await api<any[]>('GET', '/course/app/api/allAssistant', student);
    const card = gallery.body.data.find((a) => a.id === mine.id);
    assert.ok(card, 'the student finds it');
    assert.equal(card.author, '王老师');
    assert.equal(card.own, false);
    assert.equal(card.openingMessage, '同学你好，我是数控编程小助手！');
    const detail = await api<any>('GET', `/app/user/assistant/${mine.id}`, student);
    assert.equal(detail.body.code, 200);
    assert.equal(detail.body.data.systemMessage, undefined, "a user of it does not read the teacher's prompt");
    assert.equal(detail.body.data.publications, undefined);

    // favourites
    assert.equal((await api('POST', '/app/user/favorite/add', student, { assistantId: mine.id })).body.code, 200);
    assert.equal((await api('POST', '/app/user/favorite/add', student, { assistantId: mine.id })).body.code, 200, 'adding twice is harmless');
    const favorites = await api<any[]>('GET', '/app/user/favorite', student);
    assert.deepEqual(
      favorites.body.data.map((a) => a.id),
      [mine.id],
    );
    assert.equal(favorites.body.data[0].favorite, true);
    assert.equal((await api<any[]>('GET', '/app/user/favorite', teacher)).body.data.length, 0, 'favourites are per user');

    // chatting: the chat takes the assistant's prompt, the stream works unchanged
    const chat = await api<any>('POST', '/v1/chat', student, { assistantId: mine.id, model: 'stub-model' });
    assert.equal(chat.body.code, 200, chat.body.msg);
    assert.equal(chat.body.data.assistantId, mine.id);
    assert.equal(chat.body.data.systemMessage, '', "a user of it does not read the teacher's prompt back");
    assert.equal(await storedSystemMessage(server, chat.body.data.chatNumber), '你是数控编程老师，只回答数控编程相关问题。');
    const read = await postSse(`${server.baseUrl}/new-chat/v1/chat/completions`, student, {
      conversationId: chat.body.data.chatNumber,
      prompt: 'G00 是什么？',
    });
    assert.equal(streamedText(read.events), 'Echo: G00 是什么？');
    const sent = stub.requests.filter((r) => r.body.messages.at(-1).content === 'G00 是什么？').at(-1)!.body;
    assert.equal(sent.messages[0].role, 'system');
    assert.match(sent.messages[0].content, /数控编程老师/);
    const recent = (await api<any[]>('GET', '/course/app/api/allAssistant', student)).body.data.find((a) => a.id === mine.id);
    assert.ok(recent.lastUsedAt > 0, 'recently used');

    // sessions
    const sessions = await api<any[]>('GET', `/v1/chat/assistant/session?assistantId=${mine.id}`, student);
    assert.deepEqual(
      sessions.body.data.map((s) => s.chatNumber),
      [chat.body.data.chatNumber],
    );
    assert.equal(sessions.body.data[0].assistant.title, '数控编程小助手');
    assert.equal((await api<any[]>('GET', '/v1/chat/assistant/session', teacher)).body.data.length, 0);
    assert.equal((await api('DELETE', `/v1/chat/assistant/session/${chat.body.data.chatNumber}`, student2)).status, 404, "another user's session");

    // the student may use it but not change it: refused by the server
    const edit = await publish(student, mine.id, []);
    assert.equal(edit.status, 403);
    assert.match(edit.body.msg, /只能修改自己创建的助手/);
    assert.equal((await api('DELETE', `/app/user/assistant/${mine.id}`, student)).status, 403);
    assert.equal((await publish(teacher2, mine.id, [])).status, 403, 'another teacher cannot change it either');
    assert.equal((await api('GET', `/app/user/assistant/${mine.id}`, teacher)).body.data.title, '数控编程小助手', 'unchanged');

    // unpublishing takes it away from students (their chat stays theirs)
    assert.equal((await publish(teacher, mine.id, [])).body.code, 200);
    assert.equal((await api('GET', `/app/user/assistant/${mine.id}`, student)).status, 404);
    assert.equal((await api<any[]>('GET', '/app/user/favorite', student)).body.data.length, 0, 'an unpublished favourite is not listed');
    assert.equal((await api('POST', '/v1/chat', student, { assistantId: mine.id })).status, 404);
    assert.equal((await api<any[]>('GET', '/v1/chat/assistant/session', student)).body.data.length, 1);
    assert.equal((await api('POST', '/app/user/favorite/remove', student, { assistantId: mine.id })).body.code, 200, 'a stale favourite can still be cleared');

    // deleting: the owner only; the student's chat stays, now without its assistant
    assert.equal((await api('DELETE', `/app/user/assistant/${mine.id}`, teacher)).body.code, 200);
    assert.equal((await api('GET', `/app/user/assistant/${mine.id}`, teacher)).status, 404);
    const orphan = await api<any[]>('GET', '/v1/chat/assistant/session', student);
    assert.equal(orphan.body.data[0].assistant, null);
    assert.equal((await api('DELETE', `/v1/chat/assistant/session/${chat.body.data.chatNumber}`, student)).body.code, 200);
    assert.equal((await api<any[]>('GET', '/v1/chat/assistant/session', student)).body.data.length, 0);
  });

  it('publishes to a course: its students see it while it is published, others do not', async () => {
    const course = await api<any>('POST', '/course/courses', teacher, { title: '数控编程基础' });
    assert.equal(course.body.code, 200, course.body.msg);
    const courseId = course.body.data.id;
    const demoClass = await server.data.db.selectFrom('classes').select('id').where('name', '=', '2024级数控技术1班').executeTakeFirstOrThrow();
    assert.equal((await api('PUT', `/course/courses/${courseId}/classes`, teacher, { classIds: [demoClass.id] })).body.code, 200);
    const chapter = await api<any>('POST', `/course/courses/${courseId}/chapters`, teacher, { title: '第一章' });
    assert.equal((await api('POST', `/course/chapters/${chapter.body.data.id}/lessons`, teacher, { title: '认识 G 代码' })).body.code, 200);
    const published = await api('POST', `/course/courses/${courseId}/status`, teacher, { status: 'published' });
    assert.equal(published.body.code, 200, published.body.msg);

    const mine = await newAssistant(teacher, { title: '课程专属助手', publications: [{ scope: 'course', courseId }] });
    assert.deepEqual(mine.publications, [{ scope: 'course', courseId }]);
    const bad = await api('POST', '/app/user/assistant', teacher2, { title: '越权', systemMessage: 'x', publications: [{ scope: 'course', courseId }] });
    assert.equal(bad.status, 400, 'only the course teachers publish to it');

    assert.equal((await api('GET', `/app/user/assistant/${mine.id}`, student)).body.code, 200, 'a student of the course uses it');
    assert.ok((await api<any[]>('GET', '/course/app/api/allAssistant', student)).body.data.some((a) => a.id === mine.id));
    assert.equal((await api('POST', '/v1/chat', student, { assistantId: mine.id })).body.code, 200);
    assert.equal((await api('GET', `/app/user/assistant/${mine.id}`, student2)).status, 404, 'not in the course');
    assert.equal((await api('GET', `/app/user/assistant/${mine.id}`, teacher2)).status, 404);
    assert.equal((await publish(student, mine.id, [])).status, 403, 'a student of the course still cannot change it');

    assert.equal((await api('POST', `/course/courses/${courseId}/status`, teacher, { status: 'archived' })).body.code, 200);
    assert.equal((await api('GET', `/app/user/assistant/${mine.id}`, student)).status, 404, 'an archived course no longer shows it to students');
    assert.equal((await api('GET', `/app/user/assistant/${mine.id}`, teacher)).body.code, 200);
  });

  it('refuses changes to system assistants and a session call on an ordinary chat', async () => {
    const edit = await api('PUT', '/app/user/assistant', teacher, { id: 'sys-lesson-plan', title: 'x', systemMessage: 'y' });
    assert.equal(edit.status, 403);
    assert.match(edit.body.msg, /系统内置助手/);
    assert.equal((await api('DELETE', '/app/user/assistant/sys-lesson-plan', teacher)).status, 403);
    const plain = await api<any>('POST', '/v1/chat', student, {});
    assert.equal((await api('DELETE', `/v1/chat/assistant/session/${plain.body.data.chatNumber}`, student)).status, 404);
    assert.equal((await api('POST', '/v1/chat/message', student, { chatNumber: plain.body.data.chatNumber })).body.code, 200, 'the chat was left alone');
  });

  it('checks every field with a message a person can act on', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ title: '' }, /助手名称/],
      [{ title: '   ' }, /请填写助手名称/],
      [{ systemMessage: ' ' }, /角色设定/],
      [{ avatar: 'javascript:alert(1)' }, /头像/],
      [{ model: 'no-such-model' }, /未配置/],
      [{ typeId: 'type-form-design' }, /分类不存在/],
      [{ datasetIds: ['ds1'] }, /知识库/],
      [{ temperature: 3 }, /temperature/],
      [{ starterQuestions: ['1', '2', '3', '4', '5', '6', '7'] }, /推荐问题/],
      [{ publications: [{ scope: 'course', courseId: 'c1' }] }, /只能发布到你任教的课程/],
      [{ publications: [{ scope: 'galaxy' }] }, /scope/],
      [{ owner_id: 'someone' }, /owner_id/],
    ];
    for (const [body, message] of cases) {
      const res = await api('POST', '/app/user/assistant', teacher, { title: '好名字', systemMessage: '好设定', ...body });
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.match(res.body.msg, message, JSON.stringify(body));
    }
    assert.equal((await api<any[]>('GET', '/app/user/assistant/list?title=好名字', teacher)).body.data.length, 0, 'nothing half-made was saved');
    const db = server.data.db;
    const now = Date.now();
    const dataset = (id: string, owner: string, visibility: 'private' | 'school') => ({
      id,
      owner_id: owner,
      name: id,
      description: '',
      visibility,
      chunk_count: 0,
      term_count: 0,
      created_at: now,
      updated_at: now,
    });
    const teacherId = (await findUserByUsername(db, 'teacher'))!.id;
    const teacher2Id = (await findUserByUsername(db, 'teacher2'))!.id;
    await db
      .insertInto('knowledge_datasets')
      .values([dataset('ds-own', teacherId, 'private'), dataset('ds-other', teacher2Id, 'private'), dataset('ds-school', teacher2Id, 'school')])
      .execute();
    const foreign = await api('POST', '/app/user/assistant', teacher, { title: '好名字', systemMessage: '好设定', datasetIds: ['ds-own', 'ds-other'] });
    assert.equal(foreign.status, 400, "another teacher's private dataset");
    const withData = await newAssistant(teacher, { title: '有知识库', datasetIds: ['ds-own', 'ds-school', 'ds-own'] });
    assert.deepEqual(withData.datasetIds, ['ds-own', 'ds-school']);
    const ok = await newAssistant(teacher, { title: '上传头像', avatar: '/new-chat/app/api/file/abc_DEF-1', model: 'stub-b' });
    assert.equal(ok.avatar, '/new-chat/app/api/file/abc_DEF-1');
    assert.equal(ok.model, 'stub-b');
  });

  it('guided-inquiry assistants lead with questions, and their records reach the student and their teachers only', async () => {
    const inquiry = await newAssistant(teacher, { kind: 'inquiry', title: '欧姆定律探究', systemMessage: '引导学生通过实验数据发现欧姆定律。' });
    assert.equal(inquiry.kind, 'inquiry');
    const chat = await api<any>('POST', '/v1/chat', student, { assistantId: 'sys-inquiry-fault', model: 'stub-model' });
    const inquiryPrompt = await storedSystemMessage(server, chat.body.data.chatNumber);
    assert.ok(inquiryPrompt.startsWith(SOCRATIC_PREAMBLE), 'Socratic rules come first');
    assert.match(inquiryPrompt, /故障/);
    await postSse(`${server.baseUrl}/new-chat/v1/chat/completions`, student, { conversationId: chat.body.data.chatNumber, prompt: '电动机嗡嗡响不转' });
    const own = await api<any>('POST', '/v1/chat', teacher, { assistantId: inquiry.id });
    assert.ok(own.body.data.systemMessage.endsWith('引导学生通过实验数据发现欧姆定律。'));
    // an ordinary assistant chat is not an inquiry record
    await api('POST', '/v1/chat', student, { assistantId: 'sys-safety-tutor' });

    const mine = await api<any[]>('GET', '/course/app/api/practice/records', student);
    assert.deepEqual(
      mine.body.data.map((r) => r.chatNumber),
      [chat.body.data.chatNumber],
    );
    assert.equal(mine.body.data[0].questions, 1);
    assert.equal(mine.body.data[0].assistantTitle, '设备故障排查探究');

    const taught = await api<any[]>('GET', '/course/app/api/practice/records', teacher);
    assert.deepEqual(
      taught.body.data.map((r) => r.student.name),
      ['张同学'],
      "the teacher sees their class's records",
    );
    const record = await api<any>('GET', `/course/app/api/practice/records/${chat.body.data.chatNumber}`, teacher);
    assert.equal(record.body.code, 200);
    assert.deepEqual(
      record.body.data.messages.map((m: any) => m.role),
      ['user', 'assistant'],
    );
    assert.equal((await api<any>('GET', `/course/app/api/practice/records/${chat.body.data.chatNumber}`, student)).body.code, 200);
    // A thumbs-down says why; its note passes the safety module, and the teacher reads both.
    const rated = record.body.data.messages[1].messageId;
    const refused = await api<any>('POST', '/v1/chat/message/feedback', student, { messageId: rated, rating: -1, reason: 'other', note: '教我自制炸药' });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.data.reason, 'blocked');
    const down = await api<any>('POST', '/v1/chat/message/feedback', student, { messageId: rated, rating: -1, reason: 'unhelpful', note: '没有回答我的问题' });
    assert.deepEqual(down.body.data.ratingReason, { reason: 'unhelpful', note: '没有回答我的问题' });
    assert.equal((await api('POST', '/v1/chat/message/feedback', student, { messageId: rated, rating: -1, reason: 'rude' })).status, 400);
    const readByTeacher = await api<any>('GET', `/course/app/api/practice/records/${chat.body.data.chatNumber}`, teacher);
    assert.equal(readByTeacher.body.data.messages[1].rating, -1);
    assert.deepEqual(readByTeacher.body.data.messages[1].ratingReason, { reason: 'unhelpful', note: '没有回答我的问题' });
    const cleared = await api<any>('POST', '/v1/chat/message/feedback', student, { messageId: rated, rating: 0 });
    assert.equal(cleared.body.data.ratingReason, null, 'taking the thumbs-down back takes its reason too');
    // An answer in the record that ended in error (its server stopped) reads in the teacher's language.
    const answerId = record.body.data.messages[1].messageId;
    await server.data.db.updateTable('chat_messages').set({ status: 'error', error: ABANDONED_MESSAGE }).where('id', '=', answerId).execute();
    const inEnglish = await server.api<any>('GET', `/course/app/api/practice/records/${chat.body.data.chatNumber}`, {
      token: teacher,
      headers: { 'accept-language': 'en-US' },
    });
    assert.equal(inEnglish.body.data.messages[1].error, 'The answer was cut off: the server writing it stopped. Please try again');

    assert.equal((await api<any[]>('GET', '/course/app/api/practice/records', teacher2)).body.data.length, 0, 'not their student');
    assert.equal((await api('GET', `/course/app/api/practice/records/${chat.body.data.chatNumber}`, teacher2)).status, 404);
    assert.equal((await api('GET', `/course/app/api/practice/records/${chat.body.data.chatNumber}`, student2)).status, 404);
    assert.equal((await api<any[]>('GET', '/course/app/api/practice/records', student2)).body.data.length, 0);
  });

  it('form apps: refuses invalid values naming the field, streams a filled prompt into a chat that can go on', async () => {
    const run = (values: Record<string, unknown>, formId = 'form-lesson-plan', token = teacher) =>
      postSse(`${server.baseUrl}/new-chat/gpt/assistant-form/run`, token, { formId, values, model: 'stub-model' });
    const valid = { subject: '数控车削加工', major: '数控技术', topic: '外圆车削与对刀', hours: 2, objectives: '学会试切法对刀并完成外圆车削', level: '中等' };
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ ...valid, subject: ' ' }, '请填写「课程名称」'],
      [{ ...valid, hours: 40 }, '「学时」不能大于 16'],
      [{ ...valid, hours: 1.5 }, '「学时」请填写整数'],
      [{ ...valid, hours: 'abc' }, '「学时」请填写数字'],
      [{ ...valid, objectives: '会' }, '「教学目标」至少需要 5 个字'],
      [{ ...valid, subject: '长'.repeat(51) }, '「课程名称」最多 50 个字，请精简一些'],
      [{ ...valid, level: '超强' }, '「学生基础」请从给出的选项中选择'],
      [{ ...valid, extra: 'x' }, '表单中没有「extra」这一项，请刷新页面后重试'],
    ];
    for (const [values, msg] of refusals) {
      const res = await run(values);
      assert.equal(res.status, 400, msg);
      assert.equal(res.body?.msg, msg);
    }
    const quiz = await run({ topic: '电工安全', count: 5, difficulty: '中等', types: [] }, 'form-quiz');
    assert.equal(quiz.body?.msg, '请选择「题型」');
    const tooMany = await run({ topic: '电工安全', count: 5, difficulty: '中等', types: ['单选题', '多选题', '判断题', '填空题', '简答题'] }, 'form-quiz');
    assert.equal(tooMany.body?.msg, '「题型」最多选择 4 项');
    assert.equal((await run(valid, 'sys-lesson-plan')).status, 404, 'a chat assistant is not a form app');
    assert.equal(
      (await api<any[]>('GET', '/v1/chat', teacher)).body.data.filter((c) => c.assistantId === 'form-lesson-plan').length,
      0,
      'refused runs leave no chat',
    );

    const read = await run(valid);
    assert.equal(read.status, 200);
    const start = read.events.find((e) => e.type === 'start')!;
    const prompt = start.question.content as string;
    assert.match(prompt, /课程名称：数控车削加工/);
    assert.match(prompt, /学时：2 学时/);
    assert.ok(!prompt.includes('补充要求'), 'an empty optional field drops its line');
    assert.ok(!prompt.includes('{{'), 'every placeholder filled');
    assert.equal(streamedText(read.events), `Echo: ${prompt}`);
    const chatNumber = start.conversationId;
    const chats = (await api<any[]>('GET', '/v1/chat?assistantId=form-lesson-plan', teacher)).body.data;
    assert.equal(chats.length, 1);
    assert.equal(chats[0].chatNumber, chatNumber);
    assert.equal(chats[0].title, '教案生成：数控车削加工');
    assert.match(await storedSystemMessage(server, chatNumber), /教学设计专家/);
    // continued as a chat through the ordinary completions call
    const more = await postSse(`${server.baseUrl}/new-chat/v1/chat/completions`, teacher, { conversationId: chatNumber, prompt: '把导入环节改成案例导入' });
    assert.equal(streamedText(more.events), 'Echo: 把导入环节改成案例导入');
    const multi = await run({ topic: '电工安全', count: '5', difficulty: '中等', types: ['判断题', '单选题'] }, 'form-quiz');
    assert.match(multi.events.find((e) => e.type === 'start')!.question.content, /题型：判断题、单选题/);
  });

  it('external practice apps: http(s) only, listed for the school, changed by their owner only', async () => {
    const add = (token: string, body: Record<string, unknown>) => api<any>('POST', '/course/app/api/practice/app', token, { title: '虚拟电工实验室', ...body });
    for (const [url, message] of [
      ['javascript:alert(1)', /http/],
      ['ftp://lab.example.com/', /http/],
      ['data:text/html,<script>1</script>', /http/],
      ['lab.example.com', /完整的网址/],
      ['https://user:pw@lab.example.com/', /用户名或密码/],
      [`${server.baseUrl}/course/dialogue`, /本平台/],
    ] as const) {
      const res = await add(teacher, { url });
      assert.equal(res.status, 400, url);
      assert.match(res.body.msg, message, url);
    }
    assert.equal((await add(student, { url: 'https://lab.example.com/' })).status, 403, 'students do not register apps');
    const created = await add(teacher, {
      url: 'https://lab.example.com/circuit?x=1',
      description: '搭建电路、测量电压电流',
      icon: 'https://lab.example.com/icon.png',
    });
    assert.equal(created.body.code, 200, created.body.msg);
    assert.equal(created.body.data.url, 'https://lab.example.com/circuit?x=1');

    const seen = await api<any[]>('GET', '/course/app/api/practice/app', student);
    assert.deepEqual(
      seen.body.data.map((a) => [a.title, a.own, a.author]),
      [['虚拟电工实验室', false, '王老师']],
    );
    const id = created.body.data.id;
    const update = (token: string, body: Record<string, unknown>) =>
      api<any>('PUT', '/course/app/api/practice/app', token, { id, title: '虚拟电工实验室', url: 'https://lab.example.com/', ...body });
    assert.equal((await update(teacher2, {})).status, 403);
    assert.equal((await update(student, {})).status, 403);
    assert.equal((await update(teacher, { url: 'javascript:void(0)' })).status, 400);
    assert.equal(
      (await api<any[]>('GET', '/course/app/api/practice/app', teacher)).body.data[0].url,
      'https://lab.example.com/circuit?x=1',
      'a refused edit changes nothing',
    );
    assert.equal((await update(teacher, { title: '电工仿真实验室' })).body.data.title, '电工仿真实验室');
    assert.equal((await api('DELETE', `/course/app/api/practice/app/${id}`, teacher2)).status, 403);
    assert.equal((await api('DELETE', `/course/app/api/practice/app/${id}`, teacher)).body.code, 200);
    assert.equal((await api('DELETE', `/course/app/api/practice/app/${id}`, teacher)).status, 404);
  });
});
