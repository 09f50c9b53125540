// Upload throughput of a 1 GB file through the chunk protocol (the real built
// server in its own process, SQLite; 2 MB chunks, 3 in flight, a test request
// before each chunk, as the browser uploader does), against copying the same
// file on disk with a flush (what the server's final merge must at least do),
// measured in the same run. Files live in a temp folder deleted at the end.
// Run `npm run build` first. Usage: node --import tsx bench/upload-throughput.ts [sizeMB]
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD, startServer } from '../test/e2e/support.js';

const SIZE = Number(process.argv[2] ?? 1024) * 1024 * 1024;
const CHUNK = 2 * 1024 * 1024;
const IN_FLIGHT = 3;

const dir = await mkdtemp(path.join(tmpdir(), 'zx-bench-upload-'));
const source = path.join(dir, 'lesson.mp4');
const server = await startServer({ ZX_UPLOAD_MAX_MB: String(Math.ceil(SIZE / 1024 / 1024) + 16), ZX_LOG_LEVEL: 'error' });
try {
  // The file: an MP4 header, then random bytes (incompressible, like video).
  const out = await open(source, 'w');
  const hash = createHash('sha256');
  for (let at = 0; at < SIZE; at += 64 * 1024 * 1024) {
    const piece = randomBytes(Math.min(64 * 1024 * 1024, SIZE - at));
    if (at === 0) Buffer.from('\x00\x00\x00\x18ftypisom', 'latin1').copy(piece, 0);
    hash.update(piece);
    await out.write(piece);
  }
  await out.close();
  const expected = hash.digest('hex');

  // Baseline: copy on the same disk, flushed.
  let started = performance.now();
  const copy = await open(path.join(dir, 'copy.mp4'), 'w');
  for await (const piece of createReadStream(source, { highWaterMark: 1024 * 1024 })) await copy.write(piece as Buffer);
  await copy.sync();
  await copy.close();
  const copySeconds = (performance.now() - started) / 1000;
  await rm(path.join(dir, 'copy.mp4'));

  const login = await fetch(`${server.url}/new-chat/app/api/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'teacher', password: DEMO_PASSWORD }) });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const headers = { authorization: `Bearer ${token}` };
  const count = Math.max(1, Math.floor(SIZE / CHUNK));
  const file = await open(source, 'r');
  let next = 1;
  let stored: { id: string; size: number } | null = null;

  const sendChunk = async (n: number) => {
    const start = (n - 1) * CHUNK;
    const end = n === count ? SIZE : n * CHUNK;
    const bytes = Buffer.alloc(end - start);
    await file.read(bytes, 0, bytes.length, start);
    const params = { chunkNumber: n, chunkSize: CHUNK, currentChunkSize: bytes.length, totalSize: SIZE, identifier: `bench-${SIZE}`, filename: 'lesson.mp4', relativePath: 'lesson.mp4', totalChunks: count };
    const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
    const tested = await fetch(`${server.url}/new-chat/app/api/file/chunk?${query}`, { headers });
    await tested.arrayBuffer();
    if (tested.status === 200) return;
    const form = new FormData();
    for (const [k, v] of Object.entries(params)) form.append(k, String(v));
    form.append('file', new Blob([bytes]), 'lesson.mp4');
    const response = await fetch(`${server.url}/new-chat/app/api/file/chunk`, { method: 'POST', body: form, headers });
    const body = (await response.json()) as { code: number; msg: string; data: { complete: boolean; file?: { id: string; size: number } } };
    if (body.code !== 200) throw new Error(`chunk ${n}: ${body.msg}`);
    if (body.data.complete) stored = body.data.file!;
  };

  started = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      for (let n = next++; n <= count; n = next++) await sendChunk(n);
    }),
  );
  const uploadSeconds = (performance.now() - started) / 1000;
  await file.close();
  if (!stored) throw new Error('the upload did not complete');
  const { id } = stored as { id: string };

  // The stored file is the original, byte for byte.
  const check = createHash('sha256');
  const download = await fetch(`${server.url}/new-chat/app/api/file/${id}`, { headers });
  for await (const piece of download.body as unknown as AsyncIterable<Uint8Array>) check.update(piece);
  if (check.digest('hex') !== expected) throw new Error('stored file differs from the original');

  const mb = SIZE / 1024 / 1024;
  console.log(`file: ${mb} MB in ${count} chunks of ${CHUNK / 1024 / 1024} MB, ${IN_FLIGHT} in flight, test request before each`);
  console.log(`copy on disk (baseline): ${copySeconds.toFixed(2)} s, ${(mb / copySeconds).toFixed(0)} MB/s`);
  console.log(`chunked upload + merge:  ${uploadSeconds.toFixed(2)} s, ${(mb / uploadSeconds).toFixed(0)} MB/s`);
  console.log(`ratio upload/copy: ${(uploadSeconds / copySeconds).toFixed(2)}x the time (${((copySeconds / uploadSeconds) * 100).toFixed(0)}% of disk-copy speed)`);
} finally {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
}
