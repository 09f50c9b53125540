// How much indexing a large document slows everyone else down: p99 latency
// of GET /new-chat/health while a generated plain-text document (150 MB by
// default) is parsed, split, segmented and indexed, as a ratio to the p99 of
// the same server idle, measured in the same run. The prober runs in its own
// thread, one request every 20 ms, so a busy server thread cannot hold the
// probes back; the server is in-process (SQLite, or PostgreSQL with
// ZX_TEST_DB=postgres). Target: ratio ≤ 2.
// With `pdf`, the document is a PDF of about that size (20 MB by default):
// on SQLite PDF.js then reads on one thread while a second segments and
// writes, both beside the request thread.
// Usage: node --import tsx bench/indexing-latency.ts [megabytes] [txt|pdf]
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { uploadInChunks } from '../test/support/chunked-upload.js';
import { makePdf } from '../test/support/documents.js';
import { startTestServer } from '../test/support/server.js';
import { loadAverage } from './lib/goal.js';

const KIND = process.argv[3] === 'pdf' ? 'pdf' : 'txt';
const MB = Number(process.argv[2] ?? (KIND === 'pdf' ? 20 : 150));
/** Bytes of a generated PDF page of 24 lines (bench/index-throughput.ts's: 715 KB for 200 pages). */
const PDF_PAGE_BYTES = 3660;
const IDLE_MS = 15_000;

const SENTENCES = [
  '数控机床的坐标系采用右手直角坐标系，刀具远离工件的方向为正方向。',
  'G01 表示直线插补，进给速度由 F 指令给定。',
  '主轴转速用 S 指令设定，M03 表示主轴正转。',
  '钳工操作时严禁戴手套使用钻床，铁屑应使用毛刷清理。',
  '液压系统由动力元件、执行元件、控制元件和辅助元件组成。',
  'PLC 梯形图由触点、线圈和功能块构成，按扫描周期循环执行。',
];

function document(megabytes: number): Buffer {
  const parts: string[] = [];
  let bytes = 0;
  for (let n = 0; bytes < megabytes * 1024 * 1024; n++) {
    const paragraph = `第${n}段 ${SENTENCES[n % 6]}${SENTENCES[(n * 7 + 3) % 6]}${SENTENCES[(n * 5 + 1) % 6]} 编号${n * 31 + 7}。\n\n`;
    parts.push(paragraph);
    bytes += Buffer.byteLength(paragraph);
  }
  return Buffer.from(parts.join(''));
}

/** A PDF of about `megabytes`, 24 lines a page, each line a sentence. */
function pdfDocument(megabytes: number): Buffer {
  const pageCount = Math.ceil((megabytes * 1024 * 1024) / PDF_PAGE_BYTES);
  const pages = Array.from({ length: pageCount }, (_, p) =>
    Array.from({ length: 24 }, (_, line) => `${p + 1}-${line + 1} ${SENTENCES[(p + line) % SENTENCES.length]}`),
  );
  return makePdf(pages);
}

/** Probes `url` every 20 ms from its own thread until told to stop; answers with the latencies in ms. */
const PROBER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const latencies = [];
let stopped = false;
parentPort.on('message', () => { stopped = true; });
const once = () => new Promise((resolve) => {
  const started = performance.now();
  http.get(workerData.url, { agent }, (res) => { res.resume(); res.on('end', () => { latencies.push(performance.now() - started); resolve(); }); })
    .on('error', () => { latencies.push(Infinity); resolve(); });
});
(async () => {
  while (!stopped) {
    const next = performance.now() + 20;
    await once();
    await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
  }
  parentPort.postMessage(latencies);
})();
`;

function probe(url: string): { stop(): Promise<number[]> } {
  const worker = new Worker(PROBER, { eval: true, workerData: { url } });
  return {
    stop: () =>
      new Promise((resolve) => {
        worker.once('message', (latencies: number[]) => {
          void worker.terminate();
          resolve(latencies);
        });
        worker.postMessage('stop');
      }),
  };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const describe = (values: number[]) =>
  `p50 ${percentile(values, 50).toFixed(2)} ms, p99 ${percentile(values, 99).toFixed(2)} ms, max ${Math.max(...values).toFixed(1)} ms (${values.length} probes)`;

const text = KIND === 'pdf' ? pdfDocument(MB) : document(MB);
const server = await startTestServer({ logLevel: 'warn', env: { ZX_LOG_LEVEL: 'error', ZX_INDEX_MAX_MB: String(Math.max(200, MB + 10)) } });
try {
  const token = await server.login('teacher');
  const dataset = (await server.api<{ id: string }>('POST', '/course/ragDataset', { token, body: { name: 'bench' } })).body.data;
  const file = await uploadInChunks(server, token, `bench-large.${KIND}`, text, 8 * 1024 * 1024);
  const url = `${server.baseUrl}/new-chat/health`;

  const idleProbe = probe(url);
  await new Promise((r) => setTimeout(r, IDLE_MS));
  const idle = await idleProbe.stop();

  const busyProbe = probe(url);
  // How long the request thread itself was blocked (as opposed to waiting for a core).
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const started = performance.now();
  const [doc] = (await server.api<Array<{ id: string }>>('POST', `/course/ragDataset/${dataset.id}/documents`, { token, body: { fileIds: [file.id] } })).body
    .data;
  let state = { status: 'queued', chunkCount: 0, error: null as string | null };
  while (state.status !== 'ready' && state.status !== 'error') {
    await new Promise((r) => setTimeout(r, 1000));
    state = (await server.api<typeof state>('GET', `/course/ragDataset/document/${doc!.id}`, { token })).body.data;
  }
  const seconds = (performance.now() - started) / 1000;
  const busy = await busyProbe.stop();
  loopDelay.disable();
  if (state.status === 'error') throw new Error(`indexing failed: ${state.error}`);

  console.log(loadAverage());
  console.log(
    `document: ${(text.length / 1024 / 1024).toFixed(0)} MB of ${KIND === 'pdf' ? 'PDF' : 'plain text'} → ${state.chunkCount} passages in ${seconds.toFixed(1)} s, database ${server.data.dialect}`,
  );
  console.log(`GET /new-chat/health idle (baseline):  ${describe(idle)}`);
  console.log(`GET /new-chat/health while indexing:   ${describe(busy)}`);
  console.log(
    `request thread's event-loop delay while indexing: p50 ${(loopDelay.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms, max ${(loopDelay.max / 1e6).toFixed(1)} ms`,
  );
  console.log(`ratio p99 indexing/idle: ${(percentile(busy, 99) / percentile(idle, 99)).toFixed(2)}x (target ≤ 2x)`);
} finally {
  await server.close();
}
