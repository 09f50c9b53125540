import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { postSse } from '../../support/sse-client.js';
import { startStubLlm, type StubLlm } from '../../support/stub-llm.js';
import { storedSystemMessage } from '../../support/chat-rows.js';
import { startTestServer, type TestServer } from '../../support/server.js';
import { addPerson, classId, DEMO_CLASS_NAME, type Person } from './courses-school.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const FORMULA_LESSON =
  '## 切削速度\n\n切削速度的计算公式：$$v_c = \\frac{\\pi D n}{1000}$$\n\n其中 $D$ 为工件直径，$n$ 为主轴转速。对刀时先用试切法确定 X 向的刀具偏置。';

describe('courses: teaching, enrolment, the course AI and the board', () => {
  let stub: StubLlm;
  let server: TestServer;
  let teacher: string;
  let manager: string;
  let student: string;
  let otherTeacher: Person;
  let otherStudent: Person;
  let courseId: string;
  let lessons: string[];

  before(async () => {
    stub = await startStubLlm();
    server = await startTestServer({
      env: { ZX_LLM_BASE_URL: stub.baseUrl, ZX_LLM_API_KEY: 'sk-test', ZX_LLM_MODELS: 'stub-model,stub-b', ZX_BUILTIN: 'on', ZX_BUILTIN_DELAY_MS: '0' },
    });
    teacher = await server.login('teacher');
    manager = await server.login('manager');
    student = await server.login('student');
    otherTeacher = await addPerson(server, 'teacher2', ['1'], '2024级机电一体化1班');
    otherStudent = await addPerson(server, 'student2', ['3'], '2024级机电一体化1班');
  });
  after(async () => {
    await server.close();
    await stub.close();
  });

  const api = <T = any>(method: string, path: string, token: string, body?: unknown) =>
    server.api<T>(method, path, { token, ...(body !== undefined ? { body } : {}) });
  const ok = async <T = any>(method: string, path: string, token: string, body?: unknown): Promise<T> => {
    const res = await api<T>(method, path, token, body);
    assert.equal(res.body.code, 200, `${method} ${path}: ${res.body.msg}`);
    return res.body.data;
  };
  const upload = async (token: string, name: string, bytes: Buffer, mime: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: mime }), name);
    const res = await fetch(`${server.baseUrl}/new-chat/app/api/file/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    return ((await res.json()) as any).data as { id: string; url: string };
  };
  const listIds = async (token: string, query = '') => ((await ok('GET', `/course/courses${query}`, token)).items as any[]).map((c) => c.id);

  it('a teacher creates a draft course that nobody else can see', async () => {
    const cover = await upload(teacher, 'cover.png', PNG, 'image/png');
    const created = await ok('POST', '/course/courses', teacher, {
      title: '数控车床编程与操作',
      description: '从对刀到 G 代码编程',
      cover: cover.url,
      category: '数控技术',
      term: '2025-2026学年第一学期',
    });
    courseId = created.id;
    assert.equal(created.status, 'draft');
    assert.equal(created.role, 'teacher');
    assert.equal(created.canEdit, true);
    assert.match(created.joinCode, /^[A-Z2-9]{6}$/);
    assert.deepEqual(
      created.teachers.map((t: any) => t.name),
      ['王老师'],
    );
    // the cover became readable without a token (an <img> sends none)
    assert.equal((await fetch(`${server.baseUrl}${cover.url}`)).status, 200);

    assert.deepEqual(await listIds(teacher), [courseId]);
    assert.deepEqual(await listIds(otherTeacher.token), []);
    assert.deepEqual(await listIds(manager), []);
    assert.deepEqual(await listIds(student), []);
    for (const token of [otherTeacher.token, manager, student]) {
      const res = await api('GET', `/course/courses/${courseId}`, token);
      assert.equal(res.status, 404, 'a draft is not found for anyone but its teachers');
    }
  });

  it('builds chapters and lessons, reorders them by drag and drop, and refuses a stale order', async () => {
    const c1 = await ok('POST', `/course/courses/${courseId}/chapters`, teacher, { title: '第一章 数控车床基础' });
    const c2 = await ok('POST', `/course/courses/${courseId}/chapters`, teacher, { title: '第二章 编程' });
    const l1 = await ok('POST', `/course/chapters/${c1.id}/lessons`, teacher, { title: '1.1 切削速度与对刀', content: FORMULA_LESSON, durationMinutes: 45 });
    const l2 = await ok('POST', `/course/chapters/${c1.id}/lessons`, teacher, {
      title: '1.2 安全操作演示',
      content: '观看视频，注意防护。',
      video: { url: 'https://media.example.edu/safety.mp4' },
      durationMinutes: 20,
    });
    const l3 = await ok('POST', `/course/chapters/${c2.id}/lessons`, teacher, { title: '2.1 G 代码', content: 'G00 快速定位，G01 直线插补。' });
    lessons = [l1.id, l2.id, l3.id];
    assert.deepEqual(l2.video, { url: 'https://media.example.edu/safety.mp4', name: 'safety.mp4' });

    // move 1.2 into chapter two, before 2.1; chapter two first
    await ok('PUT', `/course/courses/${courseId}/outline`, teacher, {
      chapters: [
        { id: c2.id, lessonIds: [l2.id, l3.id] },
        { id: c1.id, lessonIds: [l1.id] },
      ],
    });
    let detail = await ok('GET', `/course/courses/${courseId}`, teacher);
    assert.deepEqual(
      detail.chapters.map((c: any) => [c.title, c.lessons.map((l: any) => l.title)]),
      [
        ['第二章 编程', ['1.2 安全操作演示', '2.1 G 代码']],
        ['第一章 数控车床基础', ['1.1 切削速度与对刀']],
      ],
    );
    // an order that leaves a lesson out is refused and changes nothing
    const stale = await api('PUT', `/course/courses/${courseId}/outline`, teacher, {
      chapters: [
        { id: c1.id, lessonIds: [l1.id] },
        { id: c2.id, lessonIds: [l3.id] },
      ],
    });
    assert.equal(stale.status, 400);
    assert.match(stale.body.msg, /刷新/);
    // back to the natural order
    await ok('PUT', `/course/courses/${courseId}/outline`, teacher, {
      chapters: [
        { id: c1.id, lessonIds: [l1.id, l2.id] },
        { id: c2.id, lessonIds: [l3.id] },
      ],
    });
    detail = await ok('GET', `/course/courses/${courseId}`, teacher);
    assert.deepEqual(
      detail.chapters.flatMap((c: any) => c.lessons.map((l: any) => l.id)),
      lessons,
    );
    assert.equal(detail.lessonCount, 3);
    assert.equal(detail.chapters[0].lessons[1].hasVideo, true);
  });

  it('checks what a lesson and a cover may point to', async () => {
    const script = await api('PUT', `/course/lessons/${lessons[1]}`, teacher, { video: { url: 'javascript:alert(1)' } });
    assert.equal(script.status, 400);
    const notImage = await upload(teacher, 'notes.txt', Buffer.from('课堂笔记'), 'text/plain');
    assert.equal((await api('PUT', `/course/courses/${courseId}`, teacher, { cover: notImage.url })).status, 400);
    // another teacher's private upload cannot be published by naming it
    const theirs = await upload(otherTeacher.token, 'secret.txt', Buffer.from('私人文件'), 'text/plain');
    const attach = await api('PUT', `/course/lessons/${lessons[0]}`, teacher, { attachments: [{ fileId: theirs.id }] });
    assert.equal(attach.status, 400);
    assert.equal((await fetch(`${server.baseUrl}${theirs.url}`)).status, 404, 'still private');
    const mine = await ok('PUT', `/course/lessons/${lessons[0]}`, teacher, { attachments: [{ fileId: notImage.id }] });
    assert.deepEqual(
      mine.attachments.map((a: any) => a.name),
      ['notes.txt'],
    );
    const unknownModel = await api('PUT', `/course/courses/${courseId}`, teacher, { ai: { model: 'gpt-nonexistent' } });
    assert.equal(unknownModel.status, 400);
  });

  it('publishes only a course with lessons, and its enrolled class sees it with progress', async () => {
    const empty = await ok('POST', '/course/courses', teacher, { title: '空课程' });
    const refused = await api('POST', `/course/courses/${empty.id}/status`, teacher, { status: 'published' });
    assert.equal(refused.status, 400);
    assert.match(refused.body.msg, /课时/);

    await ok('PUT', `/course/courses/${courseId}/classes`, teacher, { classIds: [await classId(server, DEMO_CLASS_NAME)] });
    assert.deepEqual(await listIds(student), [], 'enrolled but still a draft');
    const published = await ok('POST', `/course/courses/${courseId}/status`, teacher, { status: 'published' });
    assert.equal(published.status, 'published');
    assert.ok(published.publishedAt);

    const [card] = (await ok('GET', '/course/courses', student)).items;
    assert.equal(card.id, courseId);
    assert.deepEqual(card.progress, { completed: 0, opened: 0, total: 3, percent: 0, lastLessonId: null });
    assert.equal(card.joinCode, undefined, 'students never see the join code');
    const detail = await ok('GET', `/course/courses/${courseId}`, student);
    assert.equal(detail.role, 'student');
    assert.equal(detail.canEdit, false);
    assert.equal(detail.ai, undefined, 'nor the AI settings');

    // a student of another class: not in the list, not by URL, not by lesson id
    assert.deepEqual(await listIds(otherStudent.token), []);
    assert.equal((await api('GET', `/course/courses/${courseId}`, otherStudent.token)).status, 404);
    assert.equal((await api('GET', `/course/lessons/${lessons[0]}`, otherStudent.token)).status, 404);
  });

  it('records a student opening and completing lessons', async () => {
    const lesson = await ok('GET', `/course/lessons/${lessons[0]}`, student);
    assert.equal(lesson.content, FORMULA_LESSON);
    assert.ok(lesson.progress.openedAt);
    assert.equal(lesson.progress.completedAt, null);
    const done = await ok('POST', `/course/lessons/${lessons[0]}/complete`, student, { completed: true });
    assert.ok(done.progress.completedAt);
    const [card] = (await ok('GET', '/course/courses', student)).items;
    assert.deepEqual(card.progress, { completed: 1, opened: 1, total: 3, percent: 33, lastLessonId: lessons[0] });
    // teachers reading a lesson leave no progress, and cannot mark one complete
    await ok('GET', `/course/lessons/${lessons[1]}`, teacher);
    assert.equal((await api('POST', `/course/lessons/${lessons[1]}/complete`, teacher, { completed: true })).status, 403);
    const roster = await ok('GET', `/course/courses/${courseId}/students`, teacher);
    assert.deepEqual(
      roster.map((s: any) => [s.username, s.classes, s.completed, s.opened]),
      [['student', [DEMO_CLASS_NAME], 1, 1]],
    );
  });

  it('lets students join by code, and the teacher regenerate, disable and remove', async () => {
    const { joinCode } = await ok('GET', `/course/courses/${courseId}`, teacher);
    const typed = `${joinCode.slice(0, 3).toLowerCase()} ${joinCode.slice(3)}`;
    const joined = await ok('POST', '/course/join', otherStudent.token, { code: typed });
    assert.equal(joined.id, courseId);
    assert.deepEqual(await listIds(otherStudent.token), [courseId]);
    assert.equal((await ok('GET', `/course/courses/${courseId}`, otherStudent.token)).joinedByCode, true, 'may leave');
    assert.equal((await ok('GET', `/course/courses/${courseId}`, student)).joinedByCode, false, 'a class student cannot leave');
    assert.equal((await api('DELETE', `/course/courses/${courseId}/membership`, student)).status, 404);
    await ok('DELETE', `/course/courses/${courseId}/membership`, otherStudent.token);
    assert.deepEqual(await listIds(otherStudent.token), [], 'left');
    await ok('POST', '/course/join', otherStudent.token, { code: joinCode });

    const { joinCode: fresh } = await ok('POST', `/course/courses/${courseId}/joinCode`, teacher, { action: 'regenerate' });
    assert.notEqual(fresh, joinCode);
    assert.equal((await api('POST', '/course/join', otherStudent.token, { code: joinCode })).status, 400, 'the old code stops working');
    const disabled = await ok('POST', `/course/courses/${courseId}/joinCode`, teacher, { action: 'disable' });
    assert.equal(disabled.joinCode, null);
    assert.equal((await api('POST', '/course/join', otherStudent.token, { code: fresh })).status, 400);

    await ok('DELETE', `/course/courses/${courseId}/members/${otherStudent.id}`, teacher);
    assert.equal((await api('GET', `/course/courses/${courseId}`, otherStudent.token)).status, 404);
    // a class student is not a code member: the teacher changes classes instead
    const student1 = (await ok('GET', `/course/courses/${courseId}/students`, teacher))[0];
    assert.equal((await api('DELETE', `/course/courses/${courseId}/members/${student1.id}`, teacher)).status, 404);
    await ok('POST', `/course/courses/${courseId}/joinCode`, teacher, { action: 'regenerate' });
  });

  it('answers course chats with the course prompt and the lesson being read', async () => {
    await ok('PUT', `/course/courses/${courseId}`, teacher, {
      ai: { systemPrompt: '你是数控车床课程的助教，回答要结合机床安全规范。', temperature: 0.3, model: 'stub-model' },
    });
    const chat = await ok('POST', '/v1/chat', student, { courseId });
    assert.equal(chat.courseId, courseId);
    assert.equal(chat.systemMessage, '', "the course's prompt is the teacher's: the student does not read it");
    assert.equal(chat.temperature, 0.3);
    assert.equal(chat.model, 'stub-model');

    const read = await postSse(`${server.baseUrl}/new-chat/v1/chat/completions`, student, {
      conversationId: chat.chatNumber,
      prompt: '数控车床怎么对刀？',
      lessonId: lessons[0],
    });
    assert.equal(read.status, 200);
    assert.equal(read.events.at(-1)?.type, 'end');
    const sent = stub.requests.filter((r) => r.body.messages?.at(-1)?.content === '数控车床怎么对刀？').at(-1)!.body;
    const system = sent.messages
      .filter((m: any) => m.role === 'system')
      .map((m: any) => m.content)
      .join('\n');
    assert.match(system, /你是数控车床课程的助教/);
    assert.match(system, /1\.1 切削速度与对刀/);
    assert.match(system, /试切法确定 X 向的刀具偏置/, 'the lesson excerpt reached the model');
    assert.equal(sent.temperature, 0.3);

    // a lesson of another course adds nothing; another class's student cannot start a course chat
    const other = await ok('POST', '/course/courses', otherTeacher.token, { title: '机电基础' });
    const otherChapter = await ok('POST', `/course/courses/${other.id}/chapters`, otherTeacher.token, { title: '第一章' });
    const otherLesson = await ok('POST', `/course/chapters/${otherChapter.id}/lessons`, otherTeacher.token, { title: '电路', content: '欧姆定律的秘密内容' });
    await postSse(`${server.baseUrl}/new-chat/v1/chat/completions`, student, { conversationId: chat.chatNumber, prompt: '再讲讲', lessonId: otherLesson.id });
    const second = stub.requests.filter((r) => r.body.messages?.at(-1)?.content === '再讲讲').at(-1)!.body;
    assert.ok(!JSON.stringify(second.messages).includes('欧姆定律的秘密内容'));
    assert.equal((await api('POST', '/v1/chat', otherStudent.token, { courseId })).status, 404);
    assert.equal((await api('POST', '/v1/chat', student, { courseId: other.id })).status, 404, 'a draft of another teacher');
  });

  it("answers from knowledge datasets the teacher may read, never another teacher's private one", async () => {
    const mine = await ok('POST', '/course/ragDataset', teacher, { name: '数控车床手册' });
    const theirs = await ok('POST', '/course/ragDataset', otherTeacher.token, { name: '私人资料' });
    const refused = await api('PUT', `/course/courses/${courseId}`, teacher, { ai: { datasetIds: [mine.id, theirs.id] } });
    assert.equal(refused.status, 400);
    const saved = await ok('PUT', `/course/courses/${courseId}`, teacher, { ai: { datasetIds: [mine.id] } });
    assert.deepEqual(saved.ai.datasetIds, [mine.id]);
    const chat = await ok('POST', '/v1/chat', student, { courseId });
    assert.deepEqual(chat.datasetIds, [], "the teacher's private dataset is not shown to the student");
    const row = await server.data.db.selectFrom('chats').select('dataset_ids').where('id', '=', chat.chatNumber).executeTakeFirstOrThrow();
    assert.ok(row.dataset_ids.includes(mine.id), 'the course chat answers from the course datasets');
    await ok('PUT', `/course/courses/${courseId}`, teacher, { ai: { datasetIds: [] } });
    await ok('DELETE', `/v1/chat/${chat.chatNumber}`, student);
  });

  it('uses the built-in engine for a course chat when no model is configured', async () => {
    const offline = await startTestServer({ env: { ZX_BUILTIN_DELAY_MS: '0' } });
    try {
      const t = await offline.login('teacher');
      const s = await offline.login('student');
      const call = async (method: string, path: string, token: string, body?: unknown) => (await offline.api<any>(method, path, { token, body })).body.data;
      const course = await call('POST', '/course/courses', t, { title: '离线课程' });
      const chapter = await call('POST', `/course/courses/${course.id}/chapters`, t, { title: '第一章' });
      await call('POST', `/course/chapters/${chapter.id}/lessons`, t, { title: '课时一', content: '内容' });
      await call('PUT', `/course/courses/${course.id}/classes`, t, { classIds: [await classId(offline, DEMO_CLASS_NAME)] });
      await call('POST', `/course/courses/${course.id}/status`, t, { status: 'published' });
      const chat = await call('POST', '/v1/chat', s, { courseId: course.id });
      assert.equal(chat.model, 'builtin');
      assert.match(await storedSystemMessage(offline, chat.chatNumber), /课程《离线课程》的 AI 助教/, 'a course without a prompt still speaks as its tutor');
      const read = await postSse(`${offline.baseUrl}/new-chat/v1/chat/completions`, s, { conversationId: chat.chatNumber, prompt: '这门课讲什么？' });
      const done = read.events.find((e) => e.type === 'done');
      assert.match(done?.message.content, /离线引擎/);
    } finally {
      await offline.close();
    }
  });

  it('shows the activity on the course board to its teachers and managers', async () => {
    const board = await ok('GET', `/course/courses/${courseId}/board?days=7`, teacher);
    assert.equal(board.days, 7);
    assert.equal(board.daily.length, 7);
    assert.equal(board.enrolment.students, 1);
    assert.deepEqual(
      board.enrolment.classes.map((c: any) => [c.name, c.students]),
      [[DEMO_CLASS_NAME, 1]],
    );
    assert.equal(board.lessons.total, 3);
    assert.equal(board.completion.completions, 1);
    assert.equal(board.completion.rate, 33);
    const today = board.daily.at(-1);
    assert.deepEqual([today.activeStudents, today.questions, today.completions], [1, 2, 1]);
    assert.equal(board.totals.questions, 2);
    assert.ok(
      board.topics.some((t: any) => t.term === '对刀'),
      JSON.stringify(board.topics),
    );
    assert.deepEqual(
      board.completion.perLesson.map((l: any) => [l.opened, l.completed]),
      [
        [1, 1],
        [0, 0],
        [0, 0],
      ],
    );

    // a manager trying the course AI is not a student asking
    const managerChat = await ok('POST', '/v1/chat', manager, { courseId });
    await postSse(`${server.baseUrl}/new-chat/v1/chat/completions`, manager, { conversationId: managerChat.chatNumber, prompt: '管理员试问' });
    const shown = await ok('GET', `/course/courses/${courseId}/board`, manager);
    assert.equal(shown.totals.questions, 2);
    assert.equal((await api('GET', `/course/courses/${courseId}/board`, student)).status, 404);
    assert.equal((await api('GET', `/course/courses/${courseId}/board`, otherTeacher.token)).status, 404);
  });

  it("puts published courses on the managers' showcase with teachers, enrolment and activity", async () => {
    const list = await ok('GET', '/course/courses', manager);
    assert.deepEqual(
      list.items.map((c: any) => c.id),
      [courseId],
    );
    const [card] = list.items;
    assert.ok(card.cover.startsWith('/new-chat/app/api/file/'));
    assert.deepEqual(
      card.teachers.map((t: any) => t.name),
      ['王老师'],
    );
    assert.equal(card.studentCount, 1);
    assert.deepEqual(card.activity, { questions7d: 2, activeStudents7d: 1 });
    assert.deepEqual(list.facets, { categories: ['数控技术'], terms: ['2025-2026学年第一学期'] });
    const detail = await ok('GET', `/course/courses/${courseId}`, manager);
    assert.equal(detail.role, 'manager');
    assert.equal(detail.joinCode, undefined);
    assert.equal((await api('PUT', `/course/courses/${courseId}`, manager, { title: '改名' })).status, 403);
    // search and filters
    assert.deepEqual((await ok('GET', `/course/courses?keyword=${encodeURIComponent('g 代码')}`, manager)).items.length, 1);
    assert.deepEqual((await ok('GET', `/course/courses?category=${encodeURIComponent('护理')}`, manager)).items.length, 0);
  });

  it("course chats follow the teacher's later edits, and stop when the student leaves the course", async () => {
    const chat = (await ok<any[]>('GET', `/v1/chat?courseId=${courseId}`, student))[0];
    await ok('PUT', `/course/courses/${courseId}`, teacher, { ai: { systemPrompt: '新的课程提示词：先讲安全再讲操作。' } });
    await postSse(`${server.baseUrl}/new-chat/v1/chat/completions`, student, { conversationId: chat.chatNumber, prompt: '第三个问题' });
    const sent = stub.requests.filter((r) => r.body.messages?.at(-1)?.content === '第三个问题').at(-1)!.body;
    assert.match(sent.messages[0].content, /新的课程提示词/);

    await ok('PUT', `/course/courses/${courseId}/classes`, teacher, { classIds: [] });
    const refused = await postSse(`${server.baseUrl}/new-chat/v1/chat/completions`, student, { conversationId: chat.chatNumber, prompt: '还能问吗' });
    assert.equal(refused.status, 404);
    assert.equal(stub.requests.filter((r) => r.body.messages?.at(-1)?.content === '还能问吗').length, 0, 'nothing reached the model');
    await ok('PUT', `/course/courses/${courseId}/classes`, teacher, { classIds: [await classId(server, DEMO_CLASS_NAME)] });
  });

  it('hides an archived course from students, keeps it for managers, and deletes only when not published', async () => {
    assert.equal((await api('DELETE', `/course/courses/${courseId}`, teacher)).status, 400);
    await ok('POST', `/course/courses/${courseId}/status`, teacher, { status: 'archived' });
    assert.deepEqual(await listIds(student), []);
    assert.equal((await api('GET', `/course/lessons/${lessons[0]}`, student)).status, 404);
    assert.deepEqual(await listIds(manager), []);
    assert.deepEqual(await listIds(manager, '?status=archived'), [courseId]);
    assert.deepEqual(await listIds(teacher, '?status=archived'), [courseId]);
    await ok('POST', `/course/courses/${courseId}/status`, teacher, { status: 'published' });
  });

  it("lets only the lesson's readers open its attachment, and none once it is taken off the lesson", async () => {
    const file = await upload(teacher, '实训手册.txt', Buffer.from('数控车床实训手册'), 'text/plain');
    const course = await ok('POST', '/course/courses', teacher, { title: '附件课程' });
    const chapter = await ok('POST', `/course/courses/${course.id}/chapters`, teacher, { title: '第一章' });
    const lesson = await ok('POST', `/course/chapters/${chapter.id}/lessons`, teacher, { title: '1.1 手册', attachments: [{ fileId: file.id }] });
    await ok('PUT', `/course/courses/${course.id}/classes`, teacher, { classIds: [await classId(server, DEMO_CLASS_NAME)] });
    const bare = `${server.baseUrl}${file.url}`;
    const read = (token?: string) => fetch(bare, token ? { headers: { authorization: `Bearer ${token}` } } : {});

    // A draft: the enrolled student and anonymous visitors cannot read it.
    assert.equal((await read(student)).status, 404, 'draft attachment for the student');
    assert.equal((await read()).status, 404, 'draft attachment for anonymous');
    // The teacher's reader gets a signed link that works without a header (a download link cannot send one).
    const teacherView = await ok('GET', `/course/lessons/${lesson.id}`, teacher);
    assert.match(teacherView.attachments[0].url, /\?access=/);
    assert.equal((await fetch(`${server.baseUrl}${teacherView.attachments[0].url}`)).status, 200);

    await ok('POST', `/course/courses/${course.id}/status`, teacher, { status: 'published' });
    const studentView = await ok('GET', `/course/lessons/${lesson.id}`, student);
    const signed = `${server.baseUrl}${studentView.attachments[0].url}`;
    const got = await fetch(signed);
    assert.equal(got.status, 200);
    assert.equal(await got.text(), '数控车床实训手册');
    assert.equal((await read(student)).status, 200, 'with the bearer token too');
    // Someone outside the course, and anonymous visitors, still get nothing.
    assert.equal((await read(otherStudent.token)).status, 404, 'outsider student');
    assert.equal((await read()).status, 404, 'anonymous after publishing');

    // Taken off the lesson: the student's link and bearer reads end at once.
    await ok('PUT', `/course/lessons/${lesson.id}`, teacher, { attachments: [] });
    assert.equal((await fetch(signed)).status, 404, 'signed link after removal');
    assert.equal((await read(student)).status, 404, 'bearer read after removal');
    assert.equal((await read(teacher)).status, 200, 'the owner keeps their upload');
  });
});
