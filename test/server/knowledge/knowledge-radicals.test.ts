// A Chinese page printed to PDF by Chromium carries CJK radicals in its text
// layer (⻋ U+2ECB for 车, ⼊ U+2F0A for 入, ⻔ U+2ED4 for 门): the library
// stores the passage with the ideographs and finds it by what a person types.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { uploadInChunks } from '../../support/chunked-upload.js';
import { repoPath } from '../../support/repo.js';
import { startTestServer, type TestServer } from '../../support/server.js';

const PRINTED_PDF = readFileSync(repoPath('test/fixtures/chromium-printed-chinese.pdf'));

let server: TestServer;
let teacher: string;
let datasetId: string;

before(async () => {
  server = await startTestServer({ env: { ZX_BUILTIN_DELAY_MS: '0' } });
  teacher = await server.login('teacher');
  const dataset = await server.api<{ id: string }>('POST', '/course/ragDataset', { token: teacher, body: { name: '数控车床' } });
  assert.equal(dataset.status, 200, dataset.body.msg);
  datasetId = dataset.body.data.id;
  const file = await uploadInChunks(server, teacher, '数控车床编程入门.pdf', PRINTED_PDF, 64 * 1024);
  const added = await server.api<Array<{ id: string }>>('POST', `/course/ragDataset/${datasetId}/documents`, { token: teacher, body: { fileIds: [file.id] } });
  assert.equal(added.status, 200, added.body.msg);
  const id = added.body.data[0]!.id;
  for (const deadline = Date.now() + 180_000; Date.now() < deadline;) {
    // generous: a busy 2-core machine
    const doc = await server.api<{ status: string; error: string | null }>('GET', `/course/ragDataset/document/${id}`, { token: teacher });
    if (doc.body.data.status === 'error') assert.fail(doc.body.data.error ?? 'indexing failed');
    if (doc.body.data.status === 'ready') return;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.fail('the printed PDF was never indexed');
});
after(() => server?.close());

async function search(query: string) {
  const res = await server.api<Array<{ documentName: string; content: string }>>('POST', '/course/ragDataset/search', {
    token: teacher,
    body: { datasetIds: [datasetId], query, limit: 5 },
  });
  assert.equal(res.status, 200, res.body.msg);
  return res.body.data;
}

for (const query of ['入门', '车床', '数控车床入门知识']) {
  test(`searching ${query} finds the browser-printed PDF`, async () => {
    const [hit] = await search(query);
    assert.ok(hit, `no hit for ${query}`);
    assert.equal(hit.documentName, '数控车床编程入门.pdf');
  });
}

test('the stored passage reads with ideographs, not radicals', async () => {
  const [hit] = await search('入门');
  assert.match(hit!.content, /数控车床编程入门\s*第二页/u);
  assert.match(hit!.content, /门窗加工与页面说明/u);
  assert.doesNotMatch(hit!.content, /[\u2E80-\u2FDF]/u);
});

test('a question typed with a radical finds the passage too (both sides are normalised)', async () => {
  const [hit] = await search('\u2F0A\u2ED4');
  assert.equal(hit?.documentName, '数控车床编程入门.pdf');
});
