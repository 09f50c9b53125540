// Pictures a person attaches to a question are stored as
// files (the chat row keeps their ids, never base64), come back to their
// owner as signed links, reach the vision model as data URLs built at send
// time, travel inline on a shared page, and older rows that still hold data
// URLs read as before. Anything that is not really an image is refused. A
// chat asked with pictures alone, left unnamed by the model, is named in its
// asker's language.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventOf, postSse } from '../../support/sse-client.js';
import { defaultReply, startStubLlm, type StubLlm } from '../../support/stub-llm.js';
import { startTestServer, type TestServer } from '../../support/server.js';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

interface Item {
  b64Image?: string;
  fileId?: string;
  text?: string;
}

describe('pictures attached to a question', () => {
  let stub: StubLlm;
  let server: TestServer;
  let student: string;
  let teacher: string;

  before(async () => {
    stub = await startStubLlm({ tokenDelayMs: 1 });
    server = await startTestServer({
      env: { ZX_LLM_BASE_URL: stub.baseUrl, ZX_LLM_API_KEY: 'sk-test', ZX_LLM_MODELS: 'stub-eye:gpt-4o-mini', ZX_BUILTIN: 'on', ZX_BUILTIN_DELAY_MS: '0' },
    });
    student = await server.login('student');
    teacher = await server.login('teacher');
  });
  after(async () => {
    await server.close();
    await stub.close();
  });

  const newChat = async (token: string) => {
    const res = await server.api<{ chatNumber: string }>('POST', '/v1/chat', { token, body: { model: 'stub-eye', modelVersion: 'gpt-4o-mini' } });
    assert.equal(res.body.code, 200, res.body.msg);
    return res.body.data.chatNumber;
  };
  const ask = (token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    postSse(`${server.baseUrl}/new-chat/v1/chat/completions`, token, { model: 'stub-eye', modelVersion: 'gpt-4o-mini', ...body }, { headers });
  const messages = async (token: string, chatNumber: string) =>
    (
      await server.api<Array<{ messageId: string; role: string; contentType: string; content: string }>>('POST', '/v1/chat/message', {
        token,
        body: { chatNumber },
      })
    ).body.data;
  const questionRow = (chatNumber: string) =>
    server.data.db
      .selectFrom('chat_messages')
      .select(['id', 'content', 'content_type'])
      .where('chat_id', '=', chatNumber)
      .where('role', '=', 'user')
      .executeTakeFirstOrThrow();
  /** The image parts of the last request the model received for this prompt. */
  const imagesSentFor = (prompt: string): string[] => {
    // Titles and suggestions are separate text-only requests: the answer's is the one whose question has parts.
    const body = stub.requests
      .filter((r) => Array.isArray(r.body.messages.at(-1).content) && JSON.stringify(r.body.messages.at(-1)).includes(prompt))
      .at(-1)!.body;
    return body.messages
      .at(-1)
      .content.filter((p: { type: string }) => p.type === 'image_url')
      .map((p: { image_url: { url: string } }) => p.image_url.url);
  };
  const fileCount = async () =>
    Number(
      (
        await server.data.db
          .selectFrom('files')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('stores the picture as a file the row names by id, shows it to its owner only, and sends it to the model', async () => {
    const chat = await newChat(student);
    const read = await ask(student, { conversationId: chat, prompt: '图里是什么零件？', images: [PNG] });
    assert.equal(read.status, 200);
    assert.equal(eventOf(read.events, 'done').message.status, 'done');

    // The model received the picture itself, built from the stored file.
    assert.deepEqual(imagesSentFor('图里是什么零件？'), [PNG]);

    // The row holds a file id and the text, no base64.
    const row = await questionRow(chat);
    assert.equal(row.content_type, 'image');
    const stored = JSON.parse(row.content) as Item[];
    assert.equal(typeof stored[0]!.fileId, 'string');
    assert.equal(stored[1]!.text, '图里是什么零件？');
    assert.ok(!row.content.includes('base64') && !row.content.includes('b64Image'), `the row names files only: ${row.content}`);

    // The asker sees it at once (start event) and after reloading, as a signed link to that file.
    const started = JSON.parse(eventOf(read.events, 'start').question.content) as Item[];
    assert.match(started[0]!.b64Image!, /^\/new-chat\/app\/api\/file\/[\w-]+\?access=/u);
    const question = (await messages(student, chat)).find((m) => m.role === 'user')!;
    const items = JSON.parse(question.content) as Item[];
    assert.equal(items[0]!.fileId, stored[0]!.fileId);
    const picture = await fetch(`${server.baseUrl}${items[0]!.b64Image}`);
    assert.equal(picture.status, 200);
    assert.equal(picture.headers.get('content-type'), 'image/png');
    assert.deepEqual(Buffer.from(await picture.arrayBuffer()), Buffer.from(PNG.split(',')[1]!, 'base64'));

    // Another person cannot fetch it, neither with their own sign-in nor without one.
    const fileUrl = `${server.baseUrl}/new-chat/app/api/file/${stored[0]!.fileId}`;
    assert.equal((await fetch(fileUrl, { headers: { authorization: `Bearer ${teacher}`, 'client-id': 'app' } })).status, 404);
    assert.equal((await fetch(fileUrl)).status, 404);
    assert.equal(
      (await fetch(`${server.baseUrl}${items[0]!.b64Image}`, { headers: { authorization: `Bearer ${teacher}` } })).status,
      200,
      'the link is the owner’s, whoever holds it',
    );

    // Shared, the answer opens signed out with its question's picture inline.
    const answerId = eventOf(read.events, 'done').message.messageId as string;
    const share = await server.api<{ shareId: string }>('POST', '/v1/chat/share', { token: student, body: { messageId: answerId } });
    assert.equal(share.body.code, 200, share.body.msg);
    const shared = await server.api<{ question: { content: string } }>('GET', `/app/api/chat/share/${share.body.data.shareId}`);
    const sharedItems = JSON.parse(shared.body.data.question.content) as Item[];
    assert.equal(sharedItems[0]!.b64Image, PNG);
    assert.equal(sharedItems[1]!.text, '图里是什么零件？');
  });

  it('still reads and re-sends an older question whose row holds the data URL itself', async () => {
    const chat = await newChat(student);
    const read = await ask(student, { conversationId: chat, prompt: '旧的图片消息', images: [PNG] });
    const answerId = eventOf(read.events, 'done').message.messageId as string;
    const row = await questionRow(chat);
    await server.data.db
      .updateTable('chat_messages')
      .set({ content: JSON.stringify([{ b64Image: PNG }, { text: '旧的图片消息' }]) })
      .where('id', '=', row.id)
      .execute();

    const question = (await messages(student, chat)).find((m) => m.role === 'user')!;
    assert.deepEqual(JSON.parse(question.content), [{ b64Image: PNG }, { text: '旧的图片消息' }]);

    const again = await ask(student, { conversationId: chat, parentMessageId: row.id, regenerate: true });
    assert.equal(eventOf(again.events, 'done').message.status, 'done');
    assert.deepEqual(imagesSentFor('旧的图片消息'), [PNG]);

    const share = await server.api<{ shareId: string }>('POST', '/v1/chat/share', { token: student, body: { messageId: answerId } });
    const shared = await server.api<{ question: { content: string } }>('GET', `/app/api/chat/share/${share.body.data.shareId}`);
    assert.equal((JSON.parse(shared.body.data.question.content) as Item[])[0]!.b64Image, PNG);
  });

  it('refuses what only claims to be an image, and stores nothing for a refused question', async () => {
    const chat = await newChat(student);
    const before = await fileCount();
    const fake = `data:image/png;base64,${Buffer.from('<script>alert(1)</script>').toString('base64')}`;
    const refused = await ask(student, { conversationId: chat, prompt: '看图', images: [PNG, fake] });
    assert.equal(refused.status, 400);
    assert.match(refused.body!.msg, /第 2 张图片不是有效的图片文件/u);
    const tooMany = await ask(student, { conversationId: chat, prompt: '看图', images: [PNG, PNG, PNG, PNG, PNG] });
    assert.equal(tooMany.status, 400);
    assert.match(tooMany.body!.msg, /图片/u);
    assert.equal(await fileCount(), before, 'no file left behind');
    assert.equal((await messages(student, chat)).length, 0);
  });

  it('names a chat asked with a picture alone in its asker’s language when the model gives no title, and keeps it as stored', async () => {
    // The naming request gets no words back, so the chat takes the server's default name.
    stub.setReply((body) => (String(body.messages[0]?.content).startsWith('你为对话起标题') ? '' : defaultReply(body)));
    const titleOf = async (chat: string, locale: string) =>
      (
        await server.api<Array<{ chatNumber: string; title: string }>>('GET', '/v1/chat', { token: student, headers: { 'accept-language': locale } })
      ).body.data.find((c) => c.chatNumber === chat)!.title;
    try {
      const english = await newChat(student);
      const read = await ask(student, { conversationId: english, images: [PNG] }, { 'accept-language': 'en-US' });
      assert.equal(eventOf(read.events, 'title').chatTitle, 'New chat');
      assert.equal(await titleOf(english, 'en-US'), 'New chat');
      // Once stored the name is the chat's own, like one its owner typed: every reader sees it as written.
      const chinese = await newChat(student);
      await ask(student, { conversationId: chinese, images: [PNG] });
      assert.equal(await titleOf(chinese, 'zh-CN'), '新对话');
      assert.equal(await titleOf(chinese, 'en-US'), '新对话');
    } finally {
      stub.setReply(defaultReply);
    }
  });

  it('deletes a question’s pictures with the chat or with the question, and keeps those of other chats', async () => {
    const pictureOf = async (chat: string) => (JSON.parse((await questionRow(chat)).content) as Item[])[0]!.fileId!;
    const fileRow = (id: string) => server.data.db.selectFrom('files').select('stored_name').where('id', '=', id).executeTakeFirst();
    const askWithPicture = async (chat: string, prompt: string) =>
      assert.equal(eventOf((await ask(student, { conversationId: chat, prompt, images: [PNG] })).events, 'done').message.status, 'done');

    const kept = await newChat(student);
    await askWithPicture(kept, '留下的图');
    const gone = await newChat(student);
    await askWithPicture(gone, '随对话删除的图');
    const keptPicture = await pictureOf(kept);
    const gonePicture = await pictureOf(gone);
    const goneStored = (await fileRow(gonePicture))!.stored_name;

    assert.equal((await server.api('DELETE', `/v1/chat/${gone}`, { token: student })).body.code, 200);
    assert.equal(await fileRow(gonePicture), undefined, 'the deleted chat’s picture has no file row left');
    assert.equal(await server.app.zx.files.stat(goneStored), null, 'nor stored bytes');
    assert.ok(await fileRow(keptPicture), 'another chat’s picture stays');

    // Deleting the question alone (its answer goes with it) deletes its picture too.
    const question = (await messages(student, kept)).find((m) => m.role === 'user')!;
    assert.equal((await server.api('DELETE', `/v1/chat/message/${question.messageId}`, { token: student })).body.code, 200);
    assert.equal(await fileRow(keptPicture), undefined);
  });
});
