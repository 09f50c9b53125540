// An image model picked in AI dialogue answers with pictures. The
// answer is an image message (SPEC §3: a JSON list whose items carry
// b64Image), made by the generation queue against the stub images API over
// real HTTP, stored as files (no base64 in the chat row), kept in the
// conversation, and readable only by its owner.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { composeBuiltinAnswer } from '../../../server/ai/builtin-engine.js';
import { eventOf, postSse, streamedText } from '../../support/sse-client.js';
import { writeMediaConfig } from '../../support/media-config.js';
import { startTestServer, type TestServer } from '../../support/server.js';
import { startStubMedia, type StubMedia } from '../../support/stub-media.js';

interface Item {
  b64Image?: string;
  fileId?: string;
  mime?: string;
}

describe('image models in AI dialogue', () => {
  let stub: StubMedia;
  let server: TestServer;
  let student: string;
  let teacher: string;
  before(async () => {
    stub = await startStubMedia({ imageLatencyMs: 50 });
    server = await startTestServer({
      env: { ZX_LOG_LEVEL: 'error', ZX_CONFIG: writeMediaConfig(stub.baseUrl), ZX_GEN_POLL_MS: '50', ZX_BUILTIN: 'on', ZX_BUILTIN_DELAY_MS: '0' },
    });
    student = await server.login('student');
    teacher = await server.login('teacher');
  });
  after(async () => {
    await server.close();
    await stub.close();
  });

  const newChat = async (token: string, model: string) => {
    const res = await server.api<{ chatNumber: string; model: string }>('POST', '/v1/chat', { token, body: { model } });
    assert.equal(res.body.code, 200, res.body.msg);
    assert.equal(res.body.data.model, model);
    return res.body.data.chatNumber;
  };
  const ask = (token: string, body: Record<string, unknown>) => postSse(`${server.baseUrl}/new-chat/v1/chat/completions`, token, body);
  const messages = async (token: string, chatNumber: string) =>
    (
      await server.api<Array<{ role: string; contentType: string; content: string; status: string; error: string | null }>>('POST', '/v1/chat/message', {
        token,
        body: { chatNumber },
      })
    ).body.data;

  it('offers the image models in the chat model list, marked as such', async () => {
    const res = await server.api<{ models: Array<{ name: string; kind?: string }> }>('GET', '/v1/chat/models', { token: student });
    assert.equal(res.body.data.models.find((m) => m.name === 'stub-image')?.kind, 'image');
    assert.equal(res.body.data.models.find((m) => m.name === 'builtin')?.kind, undefined);
    assert.ok(!JSON.stringify(res.body).includes(stub.baseUrl), 'no provider address reaches the browser');
  });

  it('answers with an image message whose pictures only their owner can fetch, kept in the conversation', async () => {
    const chat = await newChat(student, 'stub-image');
    const createsBefore = stub.creates('image');
    const read = await ask(student, { conversationId: chat, prompt: '细胞结构示意图' });
    const done = eventOf(read.events, 'done').message as { contentType: string; content: string; status: string; model: string };
    assert.equal(done.status, 'done');
    assert.equal(done.contentType, 'image');
    assert.equal(done.model, 'stub-image');
    assert.equal(stub.creates('image'), createsBefore + 1, 'one call to the images API');
    assert.equal(stub.requests.at(-1)?.body.prompt, '细胞结构示意图');
    const items = JSON.parse(done.content) as Item[];
    assert.equal(items.length, 1);
    const link = items[0]!.b64Image!;
    assert.match(link, /^\/new-chat\/app\/api\/file\/[\w-]+\?access=/u);

    const picture = await fetch(`${server.baseUrl}${link}`);
    assert.equal(picture.status, 200);
    assert.equal(picture.headers.get('content-type'), 'image/png');
    assert.ok((await picture.arrayBuffer()).byteLength > 1000);

    // Another person: neither with their own sign-in nor with a link made for someone else's file.
    const fileUrl = link.split('?')[0]!;
    const asTeacher = await fetch(`${server.baseUrl}${fileUrl}`, { headers: { authorization: `Bearer ${teacher}`, 'client-id': 'app' } });
    assert.equal(asTeacher.status, 404);
    const forged = await fetch(`${server.baseUrl}${fileUrl}?access=${encodeURIComponent(link.split('access=')[1]!.replace(/.$/u, 'x'))}`);
    assert.equal(forged.status, 404);

    // Reloaded: still the picture, as a fresh link; the row itself holds no base64.
    const history = await messages(student, chat);
    const answer = history.find((m) => m.role === 'assistant')!;
    assert.equal(answer.contentType, 'image');
    const reloaded = JSON.parse(answer.content) as Item[];
    assert.equal(reloaded[0]!.fileId, items[0]!.fileId);
    assert.equal((await fetch(`${server.baseUrl}${reloaded[0]!.b64Image}`)).status, 200);
    const row = await server.data.db
      .selectFrom('chat_messages')
      .select(['content', 'content_type'])
      .where('chat_id', '=', chat)
      .where('role', '=', 'assistant')
      .executeTakeFirstOrThrow();
    assert.equal(row.content_type, 'image');
    assert.ok(row.content.length < 200 && !row.content.includes('b64Image'), `the chat row names files only: ${row.content}`);
    // Someone else cannot read the conversation at all.
    const other = await server.api('POST', '/v1/chat/message', { token: teacher, body: { chatNumber: chat } });
    assert.equal(other.status, 404);

    // Shared, it opens signed out with the picture inline (no signed link works there).
    const answerId = eventOf(read.events, 'done').message.messageId as string;
    const share = await server.api<{ shareId: string }>('POST', '/v1/chat/share', { token: student, body: { messageId: answerId } });
    assert.equal(share.body.code, 200, share.body.msg);
    const shared = await server.api<{ message: { contentType: string; content: string } }>('GET', `/app/api/chat/share/${share.body.data.shareId}`);
    assert.equal(shared.body.data.message.contentType, 'image');
    const inline = (JSON.parse(shared.body.data.message.content) as Item[])[0]!.b64Image!;
    assert.match(inline, /^data:image\/png;base64,/u);
    assert.deepEqual(Buffer.from(inline.split(',')[1]!, 'base64').subarray(1, 4).toString('latin1'), 'PNG');

    // The conversation goes on with a chat model; the picture stays in its history.
    const next = await ask(student, { conversationId: chat, model: 'builtin', prompt: '这张图里有什么？' });
    assert.equal(eventOf(next.events, 'done').message.status, 'done');
    const after = await messages(student, chat);
    assert.equal(after.length, 4);
    assert.equal(after.filter((m) => m.contentType === 'image' && m.role === 'assistant').length, 1);
  });

  it('shows the provider’s refusal on the answer, and stores nothing', async () => {
    const chat = await newChat(student, 'stub-image');
    const read = await ask(student, { conversationId: chat, prompt: 'refuse 不合规的图' });
    const failed = eventOf(read.events, 'error');
    assert.match(String(failed.msg), /内容不合规/u);
    const history = await messages(student, chat);
    const answer = history.find((m) => m.role === 'assistant')!;
    assert.equal(answer.status, 'error');
    assert.equal(answer.contentType, 'text');
    assert.equal(answer.content, '');
    assert.match(answer.error ?? '', /内容不合规/u);
    const generations = await server.api<Array<{ prompt: string; status: string; files: unknown[] }>>('GET', '/app/user/generations?kind=image', {
      token: student,
    });
    const job = generations.body.data.find((g) => g.prompt === 'refuse 不合规的图')!;
    assert.equal(job.status, 'failed');
    assert.deepEqual(job.files, []);
  });

  it('the offline engine, asked for a picture, says it makes none and names the image model to pick', async () => {
    const chat = await newChat(student, 'builtin');
    const read = await ask(student, { conversationId: chat, prompt: '帮我画一张细胞结构示意图' });
    const text = streamedText(read.events);
    assert.match(text, /离线引擎不会画图/u);
    assert.match(text, /「Stub Image」/u, 'the configured image model is named by its label');
    assert.equal(eventOf(read.events, 'done').message.contentType, 'text');
    // A question that is not asking for a picture gets no such line.
    const plain = await ask(student, { conversationId: chat, prompt: '什么是细胞膜？' });
    assert.doesNotMatch(streamedText(plain.events), /不会画图/u);
  });

  it('with no image model configured, the offline engine says so, and tells a manager which setting adds one', () => {
    assert.match(composeBuiltinAnswer('画一张水循环的插图', [], false), /学校还没有接入图片模型/u);
    assert.match(composeBuiltinAnswer('画一张水循环的插图', [], false, [], true), /ZX_LLM_IMAGE_MODELS/u);
    assert.match(composeBuiltinAnswer('Please draw the water cycle', [], false), /makes no pictures/u);
    assert.doesNotMatch(composeBuiltinAnswer('什么是动画片？', [], false), /画图/u);
  });

  it('refuses an image model in a compare chat, in words', async () => {
    const res = await server.api('POST', '/v2/chat', { token: student, body: { models: [{ model: 'builtin' }, { model: 'stub-image' }] } });
    assert.equal(res.status, 400);
    assert.match(res.body.msg, /图片模型/u);
  });
});
