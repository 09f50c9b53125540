// A document attached to a question reaches the model as text, read by the
// knowledge library's parsers in their worker: a PDF printed by a browser
// (radicals read as ideographs), a DOCX and a long text file. A text longer
// than the model's window allows is cut, and the question says how much was
// sent; a file the parsers cannot read is refused with the reason, never a
// chip that pretends.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { zipSync, strToU8 } from 'fflate';
import { repoPath } from '../../support/repo.js';
import { eventOf, postSse } from '../../support/sse-client.js';
import { startStubLlm, type StubLlm } from '../../support/stub-llm.js';
import { startTestServer, type TestServer } from '../../support/server.js';

const PRINTED_PDF = readFileSync(repoPath('test/fixtures/chromium-printed-chinese.pdf'));

/** A minimal Word document with one paragraph. */
function docx(text: string): Buffer {
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
      '_rels/.rels': strToU8(
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ),
      'word/document.xml': strToU8(
        `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`,
      ),
    }),
  );
}

describe('attachments reach the model', () => {
  let stub: StubLlm;
  let server: TestServer;
  let student: string;

  before(async () => {
    stub = await startStubLlm({ tokenDelayMs: 0 });
    server = await startTestServer({
      env: { ZX_LLM_BASE_URL: stub.baseUrl, ZX_LLM_API_KEY: 'sk-test', ZX_LLM_MODELS: 'stub-echo-system' },
    });
    student = await server.login('student');
  });
  after(async () => {
    await server.close();
    await stub.close();
  });

  const ask = async (prompt: string, files: string[]) => {
    const chat = await server.api<{ chatNumber: string }>('POST', '/v1/chat', { token: student, body: { model: 'stub-echo-system' } });
    return postSse(`${server.baseUrl}/new-chat/v1/chat/completions`, student, { conversationId: chat.body.data.chatNumber, prompt, files });
  };

  it("answers from a browser-printed Chinese PDF's text, read with ideographs", async () => {
    const fileId = await server.uploadFile(student, '数控车床编程入门.pdf', PRINTED_PDF);
    const read = await ask('这份资料讲了什么？', [fileId]);
    assert.equal(read.status, 200, JSON.stringify(read.body));
    const answer = eventOf(read.events, 'done').message.content as string;
    assert.match(answer, /数控车床编程入门/u, 'the model was sent the PDF');
    assert.match(answer, /门窗加工与页面说明/u);
    assert.doesNotMatch(answer, /[\u2E80-\u2FDF]/u, 'no radicals');
    const file = eventOf(read.events, 'start').question.files[0];
    assert.equal(file.sent.chars, file.sent.of, 'all of it was sent');
  });

  it('sends the text of a Word document', async () => {
    const fileId = await server.uploadFile(student, '安全守则.docx', docx('进入车间必须佩戴护目镜。'));
    const read = await ask('总结附件', [fileId]);
    assert.equal(read.status, 200, JSON.stringify(read.body));
    assert.match(eventOf(read.events, 'done').message.content, /进入车间必须佩戴护目镜/u);
  });

  it('cuts a text longer than the window allows and says how much was sent', async () => {
    const long = Array.from({ length: 4_000 }, (_, i) => `第${i}段：车床保养要点。`).join('\n\n');
    const fileId = await server.uploadFile(student, '保养手册.txt', long);
    const read = await ask('总结附件', [fileId]);
    assert.equal(read.status, 200, JSON.stringify(read.body));
    const file = eventOf(read.events, 'start').question.files[0];
    assert.ok(file.sent.chars > 0 && file.sent.chars < file.sent.of, JSON.stringify(file.sent));
    // Counted as the parser reads it (paragraph breaks are not characters of the text).
    assert.ok(file.sent.of > long.length * 0.9, `the whole text is counted: ${file.sent.of} of ${long.length}`);
    const answer = eventOf(read.events, 'done').message.content as string;
    assert.match(answer, /第0段：车床保养要点/u, 'the beginning was sent');
    assert.doesNotMatch(answer, /第3999段/u, 'the end was not');
    assert.match(answer, new RegExp(`全文 ${file.sent.of} 字，以上只是前 ${file.sent.chars} 字`, 'u'), 'the model is told it is a part');
    // The question keeps the note when the chat is read again.
    const chatNumber = eventOf(read.events, 'start').conversationId;
    const list = await server.api<any[]>('POST', '/v1/chat/message', { token: student, body: { chatNumber } });
    assert.deepEqual(list.body.data.find((m) => m.role === 'user').files[0].sent, file.sent);
  });

  it('refuses a file the parsers cannot read, with the reason', async () => {
    const fileId = await server.uploadFile(student, 'data.csv', 'a,b\n1,2\n');
    const read = await ask('总结附件', [fileId]);
    assert.equal(read.status, 400);
    assert.match(read.body!.msg, /不是能读取文字的文档/u);
  });
});
