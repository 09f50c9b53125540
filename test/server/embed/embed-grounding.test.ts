// An embedded assistant answers from its knowledge datasets for anonymous
// visitors too: their chats belong to the key's service account, and the
// passages are retrieved as the key's owner may read them.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { signIdentity } from '../../../server/modules/embed/identity.js';
import { uploadInChunks } from '../../support/chunked-upload.js';
import { startTestServer, type TestServer } from '../../support/server.js';
import { postSse } from '../../support/sse-client.js';

const CMS = 'https://www.school.test';
const NOTES = Buffer.from(
  '钳工实训安全规范\n\n使用台虎钳夹持工件时，工件应夹在钳口中部，夹紧力要适当，不得用锤子敲击台虎钳手柄。\n\n锉削时不得用嘴吹铁屑，应使用毛刷清理。\n',
  'utf8',
);

let server: TestServer;
let teacher: string;
let assistantId: string;

before(async () => {
  server = await startTestServer({ env: { ZX_BUILTIN_DELAY_MS: '0' } });
  teacher = await server.login('teacher');
});
after(() => server.close());

test('anonymous visitors get answers grounded in the assistant’s private dataset', async () => {
  const dataset = await server.api<{ id: string }>('POST', '/course/ragDataset', { token: teacher, body: { name: '钳工资料' } });
  assert.equal(dataset.status, 200, dataset.body.msg);
  const file = await uploadInChunks(server, teacher, '钳工安全.txt', NOTES, 64 * 1024);
  const added = await server.api<Array<{ id: string }>>('POST', `/course/ragDataset/${dataset.body.data.id}/documents`, {
    token: teacher,
    body: { fileIds: [file.id] },
  });
  assert.equal(added.status, 200, added.body.msg);
  for (let i = 0; ; i++) {
    const doc = await server.api<{ status: string }>('GET', `/course/ragDataset/document/${added.body.data[0]!.id}`, { token: teacher });
    if (doc.body.data.status === 'ready') break;
    assert.ok(i < 400 && doc.body.data.status !== 'error', `document status ${doc.body.data.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const assistant = await server.api<{ id: string }>('POST', '/app/user/assistant', {
    token: teacher,
    body: { title: '钳工助教', systemMessage: '你是钳工实训助教', datasetIds: [dataset.body.data.id] },
  });
  assert.equal(assistant.status, 200, assistant.body.msg);
  assistantId = assistant.body.data.id;
  const key = await server.api<{ key: string }>('POST', '/app/user/embed/key', {
    token: teacher,
    body: { name: '实训中心网站', assistantId: assistant.body.data.id, origins: [CMS] },
  });

  const call = (path: string, body: unknown) => server.api<any>('POST', `/app/api/embed/${key.body.data.key}/${path}`, { body, headers: { origin: CMS } });
  const session = await call('session', {});
  const auth = { visitorToken: session.body.data.visitorToken };
  const read = await postSse(
    `${server.baseUrl}/new-chat/app/api/embed/${key.body.data.key}/completions`,
    '',
    { auth, prompt: '台虎钳夹持工件要注意什么？' },
    { headers: { origin: CMS } },
  );
  const done = read.events.find((e) => e.type === 'done');
  assert.ok(done, JSON.stringify(read.body ?? read.events.slice(0, 2)));
  const sources = JSON.parse(done.message.reference ?? '[]') as Array<{ documentName: string; passage: string }>;
  assert.ok(sources.length > 0, 'the answer cites the dataset');
  assert.equal(sources[0]!.documentName, '钳工安全.txt');
  assert.match(sources[0]!.passage, /钳口中部/);
});

test('a signed student chats with the teacher’s private assistant through the key only', async () => {
  const student = await server.login('student');
  assert.equal((await server.api('GET', `/app/user/assistant/${assistantId}`, { token: student })).status, 404, 'not usable in Zhixue itself');
  const key = await server.api<{ key: string; secret: string }>('POST', '/app/user/embed/key', {
    token: teacher,
    body: { name: '签名访客', assistantId, origins: [CMS], visitors: 'signed' },
  });
  const expires = Math.floor(Date.now() / 1000) + 600;
  const auth = { user: 'student', expires, signature: signIdentity(key.body.data.secret, 'student', expires) };
  const read = await postSse(
    `${server.baseUrl}/new-chat/app/api/embed/${key.body.data.key}/completions`,
    '',
    { auth, prompt: '锉削时铁屑怎么清理？' },
    { headers: { origin: CMS } },
  );
  const done = read.events.find((e) => e.type === 'done');
  assert.ok(done, JSON.stringify(read.body ?? read.events.slice(0, 2)));
  assert.equal(done.message.status, 'done');
});
