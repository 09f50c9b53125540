// The knowledge library: datasets, documents parsed in the background with
// their status and errors, chunks to view and edit, BM25 search that ranks
// the same on SQLite and PostgreSQL, answers that quote it, and ownership on
// every call.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { uploadInChunks } from '../../support/chunked-upload.js';
import { makeDocx, makePdf, makePptx, makeScannedPdf } from '../../support/documents.js';
import { publishedCourse } from '../../support/published-course.js';
import { startTestServer, type TestServer } from '../../support/server.js';
import { postSse } from '../../support/sse-client.js';
import { startStubLlm, type StubLlm } from '../../support/stub-llm.js';

interface Dataset {
  id: string;
  name: string;
  visibility: string;
  documentCount: number;
  readyCount: number;
  chunkCount: number;
  mine: boolean;
}
interface Doc {
  id: string;
  name: string;
  status: string;
  error: string | null;
  pageCount: number;
  chunkCount: number;
  fileUrl: string;
}
interface Hit {
  chunkId: string;
  documentName: string;
  content: string;
  score: number;
  bm25: number | null;
  page: number | null;
}

const PDF = makePdf([
  ['数控机床坐标系', '数控机床的坐标系采用右手直角坐标系，刀具远离工件的方向为坐标轴的正方向。', 'X轴通常是水平方向，Z轴与主轴轴线平行。'],
  ['G代码与M代码', 'G代码是准备功能指令，用于控制刀具的运动方式，例如G01表示直线插补。', 'M代码是辅助功能指令，例如M03表示主轴正转，M05表示主轴停止。'],
]);
const DOCX = makeDocx([
  '钳工实训安全规范',
  '进入实训车间必须穿戴工作服和防护眼镜，长发必须盘起，严禁戴手套操作钻床。',
  '使用台虎钳夹持工件时，工件应夹在钳口中部，夹紧力要适当，不得用锤子敲击手柄。',
  '锉削时不得用嘴吹铁屑，应使用毛刷清理，防止铁屑飞入眼睛。',
]);

let server: TestServer;
let teacher: string;
let student: string;
let manager: string;

before(async () => {
  server = await startTestServer({ env: { ZX_BUILTIN_DELAY_MS: '0' } });
  teacher = await server.login('teacher');
  student = await server.login('student');
  manager = await server.login('manager');
});
after(() => server.close());

async function createDataset(token: string, body: Record<string, unknown>): Promise<Dataset> {
  const res = await server.api<Dataset>('POST', '/course/ragDataset', { token, body });
  assert.equal(res.status, 200, res.body.msg);
  return res.body.data;
}

async function waitForDocument(token: string, id: string): Promise<Doc> {
  // Generous: on a busy 2-core machine starting the parsing worker alone can take seconds.
  for (const deadline = Date.now() + 180_000; Date.now() < deadline;) {
    const res = await server.api<Doc>('GET', `/course/ragDataset/document/${id}`, { token });
    assert.equal(res.status, 200, res.body.msg);
    if (res.body.data.status === 'ready' || res.body.data.status === 'error') return res.body.data;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`document ${id} never finished`);
}

async function addFile(token: string, datasetId: string, name: string, content: Buffer): Promise<Doc> {
  const file = await uploadInChunks(server, token, name, content, 64 * 1024);
  const res = await server.api<Doc[]>('POST', `/course/ragDataset/${datasetId}/documents`, { token, body: { fileIds: [file.id] } });
  assert.equal(res.status, 200, res.body.msg);
  assert.equal(res.body.data[0]!.status, 'queued');
  return waitForDocument(token, res.body.data[0]!.id);
}

async function search(token: string, datasetIds: string[], query: string, limit = 5) {
  return server.api<Hit[]>('POST', '/course/ragDataset/search', { token, body: { datasetIds, query, limit } });
}

describe('datasets and documents', () => {
  let dataset: Dataset;
  let pdf: Doc;
  let docx: Doc;

  before(async () => {
    dataset = await createDataset(teacher, { name: '数控与钳工', description: '实训课资料' });
    pdf = await addFile(teacher, dataset.id, '数控编程.pdf', PDF);
    docx = await addFile(teacher, dataset.id, '钳工安全.docx', DOCX);
  });

  test('a new dataset is private to its owner; students cannot create one', async () => {
    assert.equal(dataset.visibility, 'private');
    assert.equal(dataset.mine, true);
    const refused = await server.api('POST', '/course/ragDataset', { token: student, body: { name: '我的' } });
    assert.equal(refused.status, 403);
    const empty = await server.api('POST', '/course/ragDataset', { token: teacher, body: { name: '  ' } });
    assert.equal(empty.status, 400);
  });

  test('Chinese PDF and DOCX are parsed into passages, with pages for the PDF', async () => {
    assert.equal(pdf.status, 'ready', pdf.error ?? '');
    assert.equal(pdf.pageCount, 2);
    assert.ok(pdf.chunkCount >= 1);
    assert.equal(docx.status, 'ready', docx.error ?? '');
    const chunks = await server.api<{ items: Array<{ content: string; page: number | null }>; total: number }>(
      'GET',
      `/course/ragDataset/document/${pdf.id}/chunks`,
      { token: teacher },
    );
    assert.ok(chunks.body.data.items.some((c) => c.content.includes('G代码是准备功能指令') && c.page === 2));
    const listed = await server.api<Dataset>('GET', `/course/ragDataset/${dataset.id}`, { token: teacher });
    assert.equal(listed.body.data.documentCount, 2);
    assert.equal(listed.body.data.readyCount, 2);
  });

  test('search finds the passage that answers, best first, with readable scores', async () => {
    const res = await search(teacher, [dataset.id], 'M03是什么指令？');
    assert.equal(res.status, 200, res.body.msg);
    const [best] = res.body.data;
    assert.ok(best, 'a hit');
    assert.equal(best.documentName, '数控编程.pdf');
    assert.match(best.content, /M03表示主轴正转/);
    assert.ok(best.score > 0 && best.score <= 1);
    assert.ok(best.bm25! > 0);
    const safety = await search(teacher, [dataset.id], '钻床可以戴手套吗');
    assert.equal(safety.body.data[0]!.documentName, '钳工安全.docx');
    // Scores fall down the list.
    const scores = safety.body.data.map((h) => h.bm25 ?? 0);
    assert.deepEqual(
      [...scores].sort((a, b) => b - a),
      scores,
    );
  });

  test('the same ranking on every database: a passage with rarer matching terms ranks above common ones', async () => {
    const res = await search(teacher, [dataset.id], '坐标系 工件 方向');
    const names = res.body.data.map((h) => h.content.slice(0, 8));
    assert.ok(res.body.data.length >= 2);
    assert.match(res.body.data[0]!.content, /右手直角坐标系/);
    assert.equal(new Set(names).size, names.length);
    const nothing = await search(teacher, [dataset.id], 'photosynthesis');
    assert.deepEqual(nothing.body.data, []);
  });

  test('a passage can be edited (and is found by its new words) or deleted', async () => {
    const list = await server.api<{ items: Array<{ id: string; content: string }> }>('GET', `/course/ragDataset/document/${docx.id}/chunks`, {
      token: teacher,
    });
    const chunk = list.body.data.items[0]!;
    const edited = await server.api<{ content: string; edited: boolean }>('PUT', `/course/ragDataset/chunk/${chunk.id}`, {
      token: teacher,
      body: { content: '砂轮机使用前要检查砂轮有无裂纹。' },
    });
    assert.equal(edited.status, 200, edited.body.msg);
    assert.equal(edited.body.data.edited, true);
    assert.match((await search(teacher, [dataset.id], '砂轮裂纹')).body.data[0]!.content, /砂轮机/);
    assert.deepEqual((await search(teacher, [dataset.id], '台虎钳 钳口')).body.data, []);
    const removed = await server.api('DELETE', `/course/ragDataset/chunk/${chunk.id}`, { token: teacher });
    assert.equal(removed.status, 200);
    assert.deepEqual((await search(teacher, [dataset.id], '砂轮裂纹')).body.data, []);
    // Re-indexing parses the file again and brings the original text back.
    const again = await server.api<Doc>('POST', `/course/ragDataset/document/${docx.id}/reindex`, { token: teacher });
    assert.equal(again.status, 200, again.body.msg);
    assert.equal((await waitForDocument(teacher, docx.id)).status, 'ready');
    assert.match((await search(teacher, [dataset.id], '台虎钳 钳口')).body.data[0]!.content, /台虎钳/);
  });

  test('answers in a chat with the dataset chosen quote its passages; another user gets none of them', async () => {
    const chat = await server.api<{ chatNumber: string }>('POST', '/v1/chat', { token: teacher, body: { model: 'builtin', datasetIds: [dataset.id] } });
    const read = await postSse(`${server.baseUrl}/new-chat/v1/chat/completions`, teacher, {
      conversationId: chat.body.data.chatNumber,
      prompt: 'M03表示什么？',
    });
    const done = read.events.find((e) => e.type === 'done');
    assert.ok(done, JSON.stringify(read.body ?? read.events.at(-1)));
    const references = JSON.parse(done.message.reference) as Array<{ documentName: string; passage: string; chunkId: string; score: number }>;
    assert.ok(references.length >= 1);
    assert.equal(references[0]!.documentName, '数控编程.pdf');
    assert.match(references[0]!.passage, /M03/);
    assert.match(done.message.content, /M03表示主轴正转/);
    // The passage opens from the answer.
    const opened = await server.api<{ content: string; documentName: string; page: number }>('GET', `/course/ragDataset/chunk/${references[0]!.chunkId}`, {
      token: teacher,
    });
    assert.equal(opened.body.data.documentName, '数控编程.pdf');
    assert.equal(opened.body.data.page, 2);

    const theirs = await server.api<{ chatNumber: string }>('POST', '/v1/chat', { token: student, body: { model: 'builtin', datasetIds: [dataset.id] } });
    const other = await postSse(`${server.baseUrl}/new-chat/v1/chat/completions`, student, {
      conversationId: theirs.body.data.chatNumber,
      prompt: 'M03表示什么？',
    });
    const theirDone = other.events.find((e) => e.type === 'done')!;
    assert.equal(theirDone.message.reference, null);
    assert.doesNotMatch(theirDone.message.content, /主轴正转/);
  });

  test('a private dataset is not found for anyone else, on every call', async () => {
    const chunk = (await server.api<{ items: Array<{ id: string }> }>('GET', `/course/ragDataset/document/${pdf.id}/chunks`, { token: teacher })).body.data
      .items[0]!;
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/course/ragDataset/${dataset.id}`],
      ['PUT', `/course/ragDataset/${dataset.id}`, { name: 'x' }],
      ['DELETE', `/course/ragDataset/${dataset.id}`],
      ['GET', `/course/ragDataset/${dataset.id}/documents`],
      ['POST', `/course/ragDataset/${dataset.id}/documents`, { fileIds: ['abc'] }],
      ['GET', `/course/ragDataset/document/${pdf.id}`],
      ['DELETE', `/course/ragDataset/document/${pdf.id}`],
      ['POST', `/course/ragDataset/document/${pdf.id}/reindex`],
      ['GET', `/course/ragDataset/document/${pdf.id}/chunks`],
      ['GET', `/course/ragDataset/chunk/${chunk.id}`],
      ['PUT', `/course/ragDataset/chunk/${chunk.id}`, { content: 'x' }],
      ['DELETE', `/course/ragDataset/chunk/${chunk.id}`],
      ['POST', '/course/ragDataset/search', { datasetIds: [dataset.id], query: 'M03' }],
    ];
    for (const token of [student, manager]) {
      for (const [method, path, body] of calls) {
        const res = await server.api(method, path, { token, ...(body ? { body } : {}) });
        assert.equal(res.status, 404, `${method} ${path}`);
      }
      const select = await server.api<Dataset[]>('GET', '/course/ragDataset/ragDsSelect', { token });
      assert.ok(!select.body.data.some((d) => d.id === dataset.id));
      assert.equal((await fetch(`${server.baseUrl}${pdf.fileUrl.split('?')[0]}`, { headers: { authorization: `Bearer ${token}` } })).status, 404);
    }
    // Signed out: 401 everywhere.
    assert.equal((await server.api('GET', `/course/ragDataset/${dataset.id}`)).status, 401);
    // The document's signed link opens the original for the owner.
    assert.equal((await fetch(`${server.baseUrl}${pdf.fileUrl}`)).status, 200);
  });

  test('a school-wide dataset can be read and searched by everyone but changed only by its owner', async () => {
    const shared = await createDataset(teacher, { name: '全校共享', visibility: 'school' });
    const doc = await addFile(teacher, shared.id, '安全.docx', DOCX);
    const list = await server.api<Dataset[]>('GET', '/course/ragDataset/ragDsSelect', { token: student });
    assert.ok(list.body.data.some((d) => d.id === shared.id));
    assert.ok((await search(student, [shared.id], '防护眼镜')).body.data.length > 0);
    assert.equal((await server.api('GET', `/course/ragDataset/document/${doc.id}/chunks`, { token: student })).status, 200);
    assert.equal((await server.api('PUT', `/course/ragDataset/${shared.id}`, { token: student, body: { name: '改' } })).status, 403);
    assert.equal((await server.api('DELETE', `/course/ragDataset/document/${doc.id}`, { token: student })).status, 403);
    assert.equal((await fetch(`${server.baseUrl}${doc.fileUrl.split('?')[0]}`, { headers: { authorization: `Bearer ${student}` } })).status, 200);
    const mine = await server.api<Dataset[]>('GET', '/course/ragDataset/list?scope=mine', { token: student });
    assert.deepEqual(mine.body.data, []);
  });

  test('a course dataset is read by the members of its courses (linked, or answering the course AI), nobody else', async () => {
    const course = await publishedCourse(server, teacher, '数控编程');
    const forCourse = await createDataset(teacher, { name: '课程资料', visibility: 'course', courseIds: [course.id] });
    await addFile(teacher, forCourse.id, '课程.docx', DOCX);
    assert.equal((await server.api('GET', `/course/ragDataset/${forCourse.id}`, { token: student })).status, 200);
    assert.ok((await search(student, [forCourse.id], '防护眼镜')).body.data.length > 0);
    // Managers read every published course (courses/access.ts), so they read its datasets too.
    assert.equal((await server.api('GET', `/course/ragDataset/${forCourse.id}`, { token: manager })).status, 200);
    const notMine = await server.api('POST', '/course/ragDataset', { token: manager, body: { name: 'x', visibility: 'course', courseIds: [course.id] } });
    assert.equal(notMine.status, 400);
    // Unlinked, it is private again in effect.
    await server.api('PUT', `/course/ragDataset/${forCourse.id}`, { token: teacher, body: { courseIds: [] } });
    assert.equal((await server.api('GET', `/course/ragDataset/${forCourse.id}`, { token: student })).status, 404);
  });

  test('deleting a document removes it from search; deleting a dataset removes everything', async () => {
    const temp = await createDataset(teacher, { name: '临时' });
    const doc = await addFile(teacher, temp.id, 'temp.docx', makeDocx(['液压系统由动力元件、执行元件、控制元件组成。']));
    assert.equal((await search(teacher, [temp.id], '液压系统')).body.data.length, 1);
    assert.equal((await server.api('DELETE', `/course/ragDataset/document/${doc.id}`, { token: teacher })).status, 200);
    assert.deepEqual((await search(teacher, [temp.id], '液压系统')).body.data, []);
    await addFile(teacher, temp.id, 'temp2.docx', makeDocx(['气动系统以压缩空气为工作介质。']));
    assert.equal((await server.api('DELETE', `/course/ragDataset/${temp.id}`, { token: teacher })).status, 200);
    assert.equal((await server.api('GET', `/course/ragDataset/${temp.id}`, { token: teacher })).status, 404);
    const left = await server.data.db.selectFrom('knowledge_chunks').select('id').where('dataset_id', '=', temp.id).execute();
    assert.equal(left.length, 0);
    const terms = await server.data.db.selectFrom('knowledge_terms').select('term').where('dataset_id', '=', temp.id).execute();
    assert.equal(terms.length, 0);
  });
});

describe('parsing', () => {
  let dataset: Dataset;
  before(async () => {
    dataset = await createDataset(teacher, { name: '解析测试' });
  });

  test('a scanned PDF with no text says so', async () => {
    const doc = await addFile(teacher, dataset.id, '扫描件.pdf', makeScannedPdf());
    assert.equal(doc.status, 'error');
    assert.match(doc.error!, /没有可提取的文字（可能是扫描件或图片）/);
  });

  test('a broken DOCX and a broken PDF fail with a reason, not a crash', async () => {
    const brokenDocx = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('word/ this is not a zip')]);
    const doc = await addFile(teacher, dataset.id, 'broken.docx', brokenDocx);
    assert.equal(doc.status, 'error');
    assert.match(doc.error!, /DOCX 文件已损坏/);
    const pdf = await addFile(teacher, dataset.id, 'broken.pdf', Buffer.from('%PDF-1.7\nnot really a pdf'));
    assert.equal(pdf.status, 'error');
    assert.match(pdf.error!, /PDF/);
    // The reason is stored once, and each reader gets it in their language: the document, and the library's list.
    const english = { token: teacher, headers: { 'accept-language': 'en-US' } };
    const read = await server.api<Doc>('GET', `/course/ragDataset/document/${doc.id}`, english);
    assert.equal(read.body.data.error, 'The DOCX file is damaged or not recognised. Save it again as .docx in Word and upload it');
    const listed = await server.api<Doc[]>('GET', `/course/ragDataset/${dataset.id}/documents`, english);
    assert.doesNotMatch(listed.body.data.find((d) => d.id === pdf.id)!.error!, /[\u4e00-\u9fff]/u);
  });

  test('PPTX slides, HTML without its scripts, GBK text and Markdown are read', async () => {
    const pptx = await addFile(teacher, dataset.id, '课件.pptx', makePptx([['第一章 传感器'], ['光电传感器利用光电效应检测物体。']]));
    assert.equal(pptx.status, 'ready', pptx.error ?? '');
    assert.equal(pptx.pageCount, 2);
    const html = await addFile(
      teacher,
      dataset.id,
      '网页.html',
      Buffer.from('<html><head><script>alert("x")</script></head><body><h1>变频器</h1><p>变频器通过改变电源频率调节电机转速。</p></body></html>'),
    );
    assert.equal(html.status, 'ready', html.error ?? '');
    const gbk = Buffer.from([0xb5, 0xe7, 0xb9, 0xa4, 0xbb, 0xf9, 0xb4, 0xa1]); // "电工基础" in GBK
    const txt = await addFile(teacher, dataset.id, '电工.txt', gbk);
    assert.equal(txt.status, 'ready', txt.error ?? '');
    await addFile(teacher, dataset.id, 'notes.md', Buffer.from('# PLC\n\nPLC 梯形图由触点和线圈组成。'));
    assert.match((await search(teacher, [dataset.id], '光电效应')).body.data[0]!.content, /光电传感器/);
    assert.equal((await search(teacher, [dataset.id], 'alert')).body.data.length, 0);
    assert.match((await search(teacher, [dataset.id], '变频器 频率')).body.data[0]!.content, /变频器/);
    assert.match((await search(teacher, [dataset.id], '电工基础')).body.data[0]!.content, /电工基础/);
    assert.equal((await search(teacher, [dataset.id], '梯形图')).body.data[0]!.documentName, 'notes.md');
  });

  test('files the library cannot read are refused when added, with the formats it can', async () => {
    const video = Buffer.concat([Buffer.from('\x00\x00\x00\x18ftypisom', 'latin1'), Buffer.alloc(1000)]);
    const file = await uploadInChunks(server, teacher, 'clip.mp4', video);
    const res = await server.api('POST', `/course/ragDataset/${dataset.id}/documents`, { token: teacher, body: { fileIds: [file.id] } });
    assert.equal(res.status, 400);
    assert.match(res.body.msg, /只支持 PDF、DOCX、PPTX、TXT、Markdown、HTML/);
    const others = await uploadInChunks(server, student, 'x.docx', DOCX);
    const stolen = await server.api('POST', `/course/ragDataset/${dataset.id}/documents`, { token: teacher, body: { fileIds: [others.id] } });
    assert.equal(stolen.status, 400);
  });
});

describe('with an embeddings model', () => {
  let stub: StubLlm;
  let withVectors: TestServer;
  let token: string;
  before(async () => {
    stub = await startStubLlm();
    withVectors = await startTestServer({
      env: { ZX_EMBEDDINGS_MODEL: 'stub-embed', ZX_EMBEDDINGS_BASE_URL: stub.baseUrl, ZX_EMBEDDINGS_API_KEY: 'sk-never-leak' },
    });
    token = await withVectors.login('teacher');
  });
  after(async () => {
    await withVectors.close();
    await stub.close();
  });

  test('passages get vectors; search merges keyword and vector rankings', async () => {
    const dataset = (await withVectors.api<Dataset>('POST', '/course/ragDataset', { token, body: { name: '向量' } })).body.data;
    const file = await uploadInChunks(withVectors, token, '安全.docx', DOCX);
    const [doc] = (await withVectors.api<Doc[]>('POST', `/course/ragDataset/${dataset.id}/documents`, { token, body: { fileIds: [file.id] } })).body.data;
    for (let i = 0; i < 200; i++) {
      const res = await withVectors.api<Doc>('GET', `/course/ragDataset/document/${doc!.id}`, { token });
      if (res.body.data.status === 'ready') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.ok(stub.requests.some((r) => r.path.endsWith('/embeddings') && r.body.model === 'stub-embed'));
    const stored = await withVectors.data.db.selectFrom('knowledge_chunks').select('embedding').where('dataset_id', '=', dataset.id).execute();
    assert.ok(stored.length > 0 && stored.every((c) => c.embedding));
    const res = await withVectors.api<Array<Hit & { similarity: number | null }>>('POST', '/course/ragDataset/search', {
      token,
      body: { datasetIds: [dataset.id], query: '防护眼镜', limit: 3 },
    });
    assert.equal(res.status, 200, res.body.msg);
    assert.match(res.body.data[0]!.content, /防护眼镜/);
    assert.ok(res.body.data.every((h) => h.similarity !== null));
    // A question with no keyword in common is still answered by meaning (vectors).
    const byMeaning = await withVectors.api<Hit[]>('POST', '/course/ragDataset/search', { token, body: { datasetIds: [dataset.id], query: 'zzzz', limit: 3 } });
    assert.ok(byMeaning.body.data.length > 0);
    assert.ok(byMeaning.body.data.every((h) => h.bm25 === null));
  });
});
