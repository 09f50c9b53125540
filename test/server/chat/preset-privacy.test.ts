// A teacher's assistant or course prompt (and private datasets) reach the
// model, never the student: no chat call returns them to anyone but the
// preset's owner. A chat started through an embed key stays under the key:
// the ordinary chat routes refuse to continue it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { signIdentity } from '../../../server/modules/embed/identity.js';
import { postSse } from '../../support/sse-client.js';
import { startTestServer, type TestServer } from '../../support/server.js';

const PROMPT = '机密提示词：只按第七章的评分细则回答';
const CMS = 'https://www.school.test';

let server: TestServer;
let teacher: string;
let student: string;
let assistantId: string;
let datasetId: string;

async function ok<T = any>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const res = await server.api<T>(method, path, { token, ...(body !== undefined ? { body } : {}) });
  assert.equal(res.status, 200, `${method} ${path}: ${res.body.msg}`);
  return res.body.data;
}

/** Every chat call a student can make about one chat, as raw text. */
async function everyChatCall(token: string, chatNumber: string): Promise<string[]> {
  const created = JSON.stringify(await ok('PUT', '/v1/chat', token, { chatNumber, temperature: 0.5, systemMessage: '', datasetIds: [] }));
  const list = JSON.stringify(await ok('GET', '/v1/chat', token));
  const pinned = JSON.stringify(await ok('POST', '/v1/chat/top/add', token, { id: chatNumber }));
  const read = await postSse(`${server.baseUrl}/new-chat/v1/chat/completions`, token, { conversationId: chatNumber, prompt: '第一题怎么做？' });
  const messages = JSON.stringify(await ok('POST', '/v1/chat/message', token, { chatNumber }));
  return [created, list, pinned, JSON.stringify(read.events), messages];
}

before(async () => {
  server = await startTestServer({ env: { ZX_BUILTIN_DELAY_MS: '0' } });
  teacher = await server.login('teacher');
  student = await server.login('student');
  datasetId = (await ok('POST', '/course/ragDataset', teacher, { name: '私人评分细则' })).id;
  const made = await ok('POST', '/app/user/assistant', teacher, { title: '阅卷助手', systemMessage: PROMPT, datasetIds: [datasetId] });
  assistantId = made.id;
  await ok('PUT', '/app/user/assistant', teacher, {
    id: assistantId,
    title: '阅卷助手',
    systemMessage: PROMPT,
    datasetIds: [datasetId],
    publications: [{ scope: 'school' }],
  });
});
after(() => server.close());

describe("a teacher's preset", () => {
  test('a student chatting with the assistant never reads its prompt or private dataset, through any chat call', async () => {
    const chat = await ok('POST', '/v1/chat', student, { assistantId });
    assert.equal(chat.systemMessage, '');
    assert.deepEqual(chat.datasetIds, []);
    for (const text of [JSON.stringify(chat), ...(await everyChatCall(student, chat.chatNumber))]) {
      assert.ok(!text.includes(PROMPT), text.slice(0, 200));
      assert.ok(!text.includes(datasetId), text.slice(0, 200));
    }
    // The prompt and the dataset still apply (the student's empty settings did not erase them).
    const row = await server.data.db.selectFrom('chats').selectAll().where('id', '=', chat.chatNumber).executeTakeFirstOrThrow();
    assert.equal((row as any).system_message, PROMPT);
    assert.ok(String((row as any).dataset_ids).includes(datasetId));
  });

  test('its owner reads the prompt back in their own chat', async () => {
    const chat = await ok('POST', '/v1/chat', teacher, { assistantId });
    assert.equal(chat.systemMessage, PROMPT);
    assert.deepEqual(chat.datasetIds, [datasetId]);
  });

  test("a course whose AI uses the teacher's private assistant shows the student neither prompt nor dataset", async () => {
    const course = await ok('POST', '/course/courses', teacher, { title: '阅卷课' });
    const chapter = await ok('POST', `/course/courses/${course.id}/chapters`, teacher, { title: '第一章' });
    await ok('POST', `/course/chapters/${chapter.id}/lessons`, teacher, { title: '课时', content: '内容' });
    const demoClass = await server.data.db.selectFrom('classes').select('id').executeTakeFirstOrThrow();
    await ok('PUT', `/course/courses/${course.id}/classes`, teacher, { classIds: [demoClass.id] });
    await ok('PUT', `/course/courses/${course.id}`, teacher, { ai: { assistantId } });
    await ok('POST', `/course/courses/${course.id}/status`, teacher, { status: 'published' });
    const chat = await ok('POST', '/v1/chat', student, { courseId: course.id });
    for (const text of [JSON.stringify(chat), ...(await everyChatCall(student, chat.chatNumber))]) {
      assert.ok(!text.includes(PROMPT), text.slice(0, 200));
      assert.ok(!text.includes(datasetId), text.slice(0, 200));
    }
    assert.equal((await ok('POST', '/v1/chat', teacher, { courseId: course.id })).systemMessage, PROMPT, "the course's teacher reads it");
  });
});

describe('a chat started through an embed key', () => {
  test('a signed-in visitor sees no prompt and cannot continue it outside the key', async () => {
    const made = await ok('POST', '/app/user/embed/key', teacher, { name: '学校官网', assistantId, origins: [CMS], visitors: 'signed' });
    const expires = Math.floor(Date.now() / 1000) + 600;
    const auth = { user: 'Student', expires, signature: signIdentity(made.secret, 'Student', expires) };
    const read = await postSse(`${server.baseUrl}/new-chat/app/api/embed/${made.key}/completions`, '', { auth, prompt: '你好' }, { headers: { origin: CMS } });
    const start = read.events.find((e) => e.type === 'start') as any;
    assert.ok(start, JSON.stringify(read.events));
    const chatNumber = start.data?.conversationId ?? start.conversationId;
    const listed = (await ok<any[]>('GET', '/v1/chat', student)).find((c) => c.chatNumber === chatNumber);
    assert.ok(listed);
    assert.equal(listed.systemMessage, '');
    assert.ok(!JSON.stringify(listed).includes(datasetId));
    const outside = await postSse(`${server.baseUrl}/new-chat/v1/chat/completions`, student, { conversationId: chatNumber, prompt: '绕过限额' });
    assert.equal(outside.status, 403);
    assert.equal((await server.api('PUT', '/v1/chat', { token: student, body: { chatNumber, systemMessage: '新的' } })).status, 403);
  });
});
