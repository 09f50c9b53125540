// The built-in (offline) engine quotes what the user has open with the
// question: the lesson beside the course AI and the files attached to it,
// not only the knowledge library.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { uploadInChunks } from '../../support/chunked-upload.js';
import { startTestServer, type TestServer } from '../../support/server.js';
import { postSse, streamedText } from '../../support/sse-client.js';
import { startStubLlm, type StubLlm } from '../../support/stub-llm.js';

const LESSON = [
  '## 对刀',
  '对刀时先用试切法确定 X 向的刀具偏置，再车端面确定 Z 向偏置。',
  '## 切削液',
  '加工铸铁时一般不用切削液，加工钢件时用乳化液冷却。',
].join('\n\n');
const MANUAL = ['CK6140 数控车床操作手册', '主轴最高转速为 2000 转每分钟，超过额定转速会损坏轴承。', '每班开机前检查导轨润滑油位。'].join('\n\n');

let server: TestServer;
let stub: StubLlm;
let teacher: string;
let student: string;

async function ok<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const res = await server.api<T>(method, path, { token, ...(body !== undefined ? { body } : {}) });
  assert.equal(res.status, 200, `${method} ${path}: ${res.body.msg}`);
  return res.body.data;
}

/** Asks the built-in engine (a model service is configured too, for the test that uses it). */
async function ask(token: string, body: Record<string, unknown>): Promise<string> {
  const read = await postSse(`${server.baseUrl}/new-chat/v1/chat/completions`, token, { model: 'builtin', ...body });
  assert.equal(read.status, 200, read.body?.msg);
  assert.equal(read.events.at(-1)?.type, 'end');
  return streamedText(read.events);
}

before(async () => {
  stub = await startStubLlm();
  server = await startTestServer({
    env: { ZX_LLM_BASE_URL: stub.baseUrl, ZX_LLM_API_KEY: 'sk-test', ZX_LLM_MODELS: 'stub-model', ZX_BUILTIN: 'on', ZX_BUILTIN_DELAY_MS: '0' },
  });
  teacher = await server.login('teacher');
  student = await server.login('student');
});
after(async () => {
  await server?.close();
  await stub?.close();
});

test('a course chat with a lesson open quotes the lesson passage that answers the question', async () => {
  const classes = await ok<Array<{ id: string; mine: boolean }>>('GET', '/course/classes', teacher);
  const course = await ok<{ id: string }>('POST', '/course/courses', teacher, { title: '数控车床' });
  await ok('PUT', `/course/courses/${course.id}/classes`, teacher, { classIds: classes.filter((c) => c.mine).map((c) => c.id) });
  const chapter = await ok<{ id: string }>('POST', `/course/courses/${course.id}/chapters`, teacher, { title: '第一章' });
  const lesson = await ok<{ id: string }>('POST', `/course/chapters/${chapter.id}/lessons`, teacher, { title: '对刀与切削液', content: LESSON });
  await ok('POST', `/course/courses/${course.id}/status`, teacher, { status: 'published' });

  const chat = await ok<{ chatNumber: string }>('POST', '/v1/chat', student, { courseId: course.id });
  const answer = await ask(student, { conversationId: chat.chatNumber, prompt: '加工钢件用什么切削液？', lessonId: lesson.id });
  assert.match(answer, /对刀与切削液/, 'names the lesson');
  assert.match(answer, /加工钢件时用乳化液冷却/, 'quotes the passage that answers');
  assert.doesNotMatch(answer, /试切法确定 X 向/, 'not the passage about something else');

  // Without the lesson open, the same question quotes nothing of it.
  const without = await ask(student, { conversationId: chat.chatNumber, prompt: '加工钢件用什么切削液？' });
  assert.doesNotMatch(without, /乳化液/);
});

test('a question with an attached text file quotes the attachment, also when regenerated', async () => {
  const file = await uploadInChunks(server, student, '车床手册.txt', Buffer.from(MANUAL), 64 * 1024);
  const chat = await ok<{ chatNumber: string }>('POST', '/v1/chat', student, {});
  const read = await postSse(`${server.baseUrl}/new-chat/v1/chat/completions`, student, {
    conversationId: chat.chatNumber,
    prompt: '主轴最高转速是多少？',
    files: [file.id],
    model: 'builtin',
  });
  const answer = streamedText(read.events);
  assert.match(answer, /车床手册\.txt/, 'names the file');
  assert.match(answer, /主轴最高转速为 2000 转每分钟/);
  assert.doesNotMatch(answer, /导轨润滑油位/);

  const questionId = read.events.find((e) => e.type === 'start')!.question.messageId as string;
  const again = await ask(student, { conversationId: chat.chatNumber, parentMessageId: questionId, regenerate: true });
  assert.match(again, /主轴最高转速为 2000 转每分钟/, 'a regenerated answer still reads the attachment');
});

test('an attached text file reaches a language model too (its stored type carries a charset)', async () => {
  const file = await uploadInChunks(server, student, '润滑规程.md', Buffer.from('# 润滑规程\n\n导轨每班加注 32 号导轨油。'), 64 * 1024);
  const chat = await ok<{ chatNumber: string }>('POST', '/v1/chat', student, {});
  await ask(student, { conversationId: chat.chatNumber, prompt: '导轨加什么油？', files: [file.id], model: 'stub-model' });
  const sent = stub.requests.filter((r) => r.body.messages?.at(-1)?.content === '导轨加什么油？').at(-1)!.body;
  const system = sent.messages
    .filter((m: { role: string }) => m.role === 'system')
    .map((m: { content: string }) => m.content)
    .join('\n');
  assert.match(system, /润滑规程\.md/);
  assert.match(system, /导轨每班加注 32 号导轨油/);
});
