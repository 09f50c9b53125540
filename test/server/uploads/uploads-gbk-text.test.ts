// A .txt or .csv saved in GBK (older Windows Notepad, Excel's CSV on a
// Chinese Windows) is a text file on the small upload route as it is in the
// libraries, and reads as the Chinese it holds wherever the file is used:
// attached to a chat question, or imported as a question paper.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { postSse } from '../../support/sse-client.js';
import { publishedCourse } from '../../support/published-course.js';
import { startStubLlm, type StubLlm } from '../../support/stub-llm.js';
import { startTestServer, type TestServer } from '../../support/server.js';

/** "数控编程作业" in GBK: not valid UTF-8. */
const GBK_NOTE = Buffer.from('cafdbfd8b1e0b3ccd7f7d2b5', 'hex');
/** Text in GBK, for the few Chinese characters of GBK_CHARS (ASCII is the same in both). */
const gbk = (text: string) =>
  Buffer.from(
    text.replace(/[^\n -~]/gu, (ch) => GBK_CHARS[ch] ?? '?'),
    'latin1',
  );
const GBK_CHARS: Record<string, string> = { 数: '\xca\xfd', 控: '\xbf\xd8', 编: '\xb1\xe0', 程: '\xb3\xcc' };

describe('a GBK text file uploaded through /app/api/file/upload', () => {
  let stub: StubLlm;
  let server: TestServer;
  let teacher: string;

  before(async () => {
    stub = await startStubLlm({ tokenDelayMs: 0 });
    server = await startTestServer({ env: { ZX_LLM_BASE_URL: stub.baseUrl, ZX_LLM_API_KEY: 'sk-test', ZX_LLM_MODELS: 'stub-model' } });
    teacher = await server.login('teacher');
  });
  after(async () => {
    await server.close();
    await stub.close();
  });

  it('is accepted, and reaches the model as Chinese when attached to a question', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(GBK_NOTE)]), '作业.txt');
    const res = await fetch(`${server.baseUrl}/new-chat/app/api/file/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${teacher}` } });
    const body = (await res.json()) as { msg: string; data: { id: string } };
    assert.equal(res.status, 200, body.msg);

    const chat = await server.api<{ chatNumber: string }>('POST', '/v1/chat', { token: teacher, body: { model: 'stub-model' } });
    const read = await postSse(`${server.baseUrl}/new-chat/v1/chat/completions`, teacher, {
      conversationId: chat.body.data.chatNumber,
      prompt: '总结附件',
      files: [body.data.id],
    });
    assert.equal(read.status, 200, JSON.stringify(read.body));
    const asked = stub.requests.map((r) => JSON.stringify(r.body.messages)).find((m) => m.includes('总结附件'));
    assert.ok(asked?.includes('数控编程作业'), asked);
  });

  it('imports as a question paper in Chinese', async () => {
    const courseId = (await publishedCourse(server, teacher, 'GBK 试卷')).id;
    const fileId = await server.uploadFile(teacher, 'paper.txt', gbk('1. 数控 or 编程?\nA. 数控\nB. 编程\nAnswer: A\n'));
    const preview = await server.api<{ errors: number; rows: Array<{ question: { title: string; options: Array<{ content: string }> } }> }>(
      'POST',
      '/course/question-bank/import',
      { token: teacher, body: { courseId, fileId, commit: false } },
    );
    assert.equal(preview.status, 200, preview.body.msg);
    assert.equal(preview.body.data.errors, 0, JSON.stringify(preview.body.data.rows));
    assert.match(JSON.stringify(preview.body.data.rows[0]!.question), /数控 or 编程/u);
  });
});
