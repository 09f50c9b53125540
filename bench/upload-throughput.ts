// Chunked upload throughput, each figure a ratio to a baseline measured in
// the same run (runs repeated; min/median/max printed):
//   (a) the real server (built, its own process, SQLite, local
//       disk) against a minimal node:http upload server speaking the same
//       protocol (bench/upload-baseline.mjs: in-place writes, fsync, no
//       sign-in, database, hashing or checks). Goal: ≥ 0.8×.
//   (b) the real server with ZX_STORAGE=s3 against a local
//       S3-protocol server (s3rver, its own process) vs the same server on
//       local disk.
// Runs alternate which server goes first. Both clients send 2 MB chunks, 3
// in flight, a test request before each, as the browser uploader does; the
// stored file is checked byte for byte. The
// browser also sends each chunk's SHA-256 and the file's (computed before the
// upload, in its own worker): (a) is also run that way against our server
// ("with checksums", the same baseline), so the server checks every chunk.
// Files live in a temp folder deleted at the end.
// Run `npm run build` first. Usage: node --import tsx bench/upload-throughput.ts [sizeMB=512] [runs=3] [s3SizeMB=256]
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, open, rm, mkdir, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD, startServer } from '../test/e2e/support.js';
import { loadAverage } from './lib/goal.js';

const SIZE = Number(process.argv[2] ?? 512) * 1024 * 1024;
const RUNS = Number(process.argv[3] ?? 3);
const S3_SIZE = Number(process.argv[4] ?? 256) * 1024 * 1024;
const CHUNK = 2 * 1024 * 1024;
const IN_FLIGHT = 3;
const here = path.dirname(fileURLToPath(import.meta.url));

const dir = await mkdtemp(path.join(tmpdir(), 'zx-bench-upload-'));

/** A child process printing its port on the first line. */
async function startChild(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ port: number; child: ChildProcess; stop(): Promise<void> }> {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  return {
    port: Number(line),
    child,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

/** The source file: an MP4 header, then random bytes (incompressible, like video). */
async function makeSource(size: number): Promise<{ file: string; sha256: string }> {
  const file = path.join(dir, `lesson-${size}.mp4`);
  const out = await open(file, 'w');
  const hash = createHash('sha256');
  for (let at = 0; at < size; at += 64 * 1024 * 1024) {
    const piece = randomBytes(Math.min(64 * 1024 * 1024, size - at));
    if (at === 0) Buffer.from('\x00\x00\x00\x18ftypisom', 'latin1').copy(piece, 0);
    hash.update(piece);
    await out.write(piece);
  }
  await out.close();
  return { file, sha256: hash.digest('hex') };
}

interface Target {
  chunkUrl: string;
  headers: Record<string, string>;
}

/** The SHA-256 of each chunk and of the file, as the browser computes them before uploading. */
interface Checksums {
  file: string;
  chunks: string[];
}

async function checksumsOf(source: string, size: number, fileSha256: string): Promise<Checksums> {
  const count = Math.max(1, Math.floor(size / CHUNK));
  const file = await open(source, 'r');
  const chunks: string[] = [];
  try {
    for (let n = 1; n <= count; n++) {
      const start = (n - 1) * CHUNK;
      const bytes = Buffer.alloc((n === count ? size : n * CHUNK) - start);
      await file.read(bytes, 0, bytes.length, start);
      chunks.push(createHash('sha256').update(bytes).digest('hex'));
    }
  } finally {
    await file.close();
  }
  return { file: fileSha256, chunks };
}

/** Uploads the file in chunks; returns seconds and the stored file's id. */
async function upload(target: Target, source: string, size: number, identifier: string, checksums?: Checksums): Promise<{ seconds: number; id: string }> {
  const count = Math.max(1, Math.floor(size / CHUNK));
  const file: FileHandle = await open(source, 'r');
  let next = 1;
  let stored: string | null = null;
  const sendChunk = async (n: number) => {
    const start = (n - 1) * CHUNK;
    const end = n === count ? size : n * CHUNK;
    const bytes = Buffer.alloc(end - start);
    await file.read(bytes, 0, bytes.length, start);
    const params = {
      chunkNumber: n,
      chunkSize: CHUNK,
      currentChunkSize: bytes.length,
      totalSize: size,
      identifier,
      filename: 'lesson.mp4',
      relativePath: 'lesson.mp4',
      totalChunks: count,
      ...(checksums ? { fileSha256: checksums.file, chunkSha256: checksums.chunks[n - 1]! } : {}),
    };
    const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
    const tested = await fetch(`${target.chunkUrl}?${query}`, { headers: target.headers });
    await tested.arrayBuffer();
    if (tested.status === 200) return;
    const form = new FormData();
    for (const [k, v] of Object.entries(params)) form.append(k, String(v));
    form.append('file', new Blob([bytes]), 'lesson.mp4');
    const response = await fetch(target.chunkUrl, { method: 'POST', body: form, headers: target.headers });
    const body = (await response.json()) as { code: number; msg: string; data: { complete: boolean; file?: { id: string } } };
    if (body.code !== 200) throw new Error(`chunk ${n}: ${body.msg}`);
    if (body.data.complete) stored = body.data.file!.id;
  };
  const started = performance.now();
  try {
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        for (let n = next++; n <= count; n = next++) await sendChunk(n);
      }),
    );
  } finally {
    await file.close();
  }
  const seconds = (performance.now() - started) / 1000;
  if (!stored) throw new Error('the upload did not complete');
  return { seconds, id: stored };
}

async function signIn(url: string): Promise<Record<string, string>> {
  const login = await fetch(`${url}/new-chat/app/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'teacher', password: DEMO_PASSWORD }),
  });
  return { authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}` };
}

async function checkStored(url: string, headers: Record<string, string>, id: string, expected: string): Promise<void> {
  const check = createHash('sha256');
  const download = await fetch(`${url}/new-chat/app/api/file/${id}`, { headers });
  for await (const piece of download.body as unknown as AsyncIterable<Uint8Array>) check.update(piece);
  if (check.digest('hex') !== expected) throw new Error('stored file differs from the original');
}

/** The real server (its own process) on local disk or S3; uploads the file once and checks it. */
async function ours(
  source: { file: string; sha256: string },
  size: number,
  env: Record<string, string>,
  label: string,
  checksums?: Checksums,
): Promise<number> {
  const server = await startServer({ ZX_UPLOAD_MAX_MB: String(Math.ceil(size / 1024 / 1024) + 16), ZX_LOG_LEVEL: 'error', ...env });
  try {
    const headers = await signIn(server.url);
    const { seconds, id } = await upload(
      { chunkUrl: `${server.url}/new-chat/app/api/file/chunk`, headers },
      source.file,
      size,
      `bench-${label}-${randomBytes(4).toString('hex')}`,
      checksums,
    );
    await checkStored(server.url, headers, id, source.sha256);
    return seconds;
  } finally {
    await server.stop();
  }
}

async function baseline(source: { file: string }, size: number): Promise<number> {
  const target = path.join(dir, `baseline-${randomBytes(4).toString('hex')}`);
  await mkdir(target);
  const server = await startChild([path.join(here, 'upload-baseline.mjs'), target]);
  try {
    return (await upload({ chunkUrl: `http://127.0.0.1:${server.port}/chunk`, headers: {} }, source.file, size, 'baseline')).seconds;
  } finally {
    await server.stop();
    await rm(target, { recursive: true, force: true });
  }
}

/** s3rver in its own process, with the bucket made; objects in a temp folder. */
async function startS3(): Promise<{ env: Record<string, string>; stop(): Promise<void> }> {
  const folder = path.join(dir, 's3rver');
  await mkdir(folder, { recursive: true });
  const script = `
    import S3rver from 's3rver';
    import { S3Client, CreateBucketCommand } from '@aws-sdk/client-s3';
    const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: ${JSON.stringify(folder)} });
    const { port } = await server.run();
    const c = new S3Client({ endpoint: 'http://127.0.0.1:' + port, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    await c.send(new CreateBucketCommand({ Bucket: 'zx-bench' }));
    console.log(port);
    process.on('SIGTERM', () => server.close().then(() => process.exit(0)));`;
  const child = await startChild(['--input-type=module', '--no-warnings', '-e', script]);
  return {
    env: {
      ZX_STORAGE: 's3',
      ZX_S3_ENDPOINT: `http://127.0.0.1:${child.port}`,
      ZX_S3_BUCKET: 'zx-bench',
      ZX_S3_ACCESS_KEY_ID: 'S3RVER',
      ZX_S3_SECRET_ACCESS_KEY: 'S3RVER',
      ZX_S3_FORCE_PATH_STYLE: 'true',
    },
    stop: child.stop,
  };
}

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { min: sorted[0]!, median: sorted[Math.floor(sorted.length / 2)]!, max: sorted[sorted.length - 1]! };
};
const show = (values: number[], digits = 2, unit = '') => {
  const s = stats(values);
  return `${s.min.toFixed(digits)}/${s.median.toFixed(digits)}/${s.max.toFixed(digits)}${unit}`;
};
const mbps = (size: number, seconds: number) => size / 1024 / 1024 / seconds;

try {
  const source = await makeSource(SIZE);
  const sums = await checksumsOf(source.file, SIZE, source.sha256);
  const s3Source = S3_SIZE === SIZE ? source : await makeSource(S3_SIZE);
  const s3 = await startS3();
  const rows = {
    baseline: [] as number[],
    local: [] as number[],
    ratioA: [] as number[],
    checked: [] as number[],
    ratioChecked: [] as number[],
    s3Local: [] as number[],
    s3: [] as number[],
    ratioB: [] as number[],
  };
  try {
    for (let run = 1; run <= RUNS; run++) {
      // (a) the same file through the minimal server and ours, one after the other.
      // Which side goes first alternates from run to run: the disk and page cache a run
      // inherits from the one before (the host reclaims the cache here) then weigh on both alike.
      let base = 0;
      if (run % 2 === 1) base = mbps(SIZE, await baseline(source, SIZE));
      const local = mbps(SIZE, await ours(source, SIZE, {}, 'local'));
      const checked = mbps(SIZE, await ours(source, SIZE, {}, 'checked', sums));
      if (run % 2 === 0) base = mbps(SIZE, await baseline(source, SIZE));
      // (b) ours on local disk and on S3 (s3rver), the same smaller file.
      const s3Local = mbps(S3_SIZE, await ours(s3Source, S3_SIZE, {}, 'local-b'));
      const onS3 = mbps(S3_SIZE, await ours(s3Source, S3_SIZE, s3.env, 's3'));
      rows.baseline.push(base);
      rows.local.push(local);
      rows.ratioA.push(local / base);
      rows.checked.push(checked);
      rows.ratioChecked.push(checked / base);
      rows.s3Local.push(s3Local);
      rows.s3.push(onS3);
      rows.ratioB.push(onS3 / s3Local);
      console.log(
        `run ${run}: minimal ${base.toFixed(0)} MB/s, ours ${local.toFixed(0)} MB/s (${(local / base).toFixed(2)}x), with checksums ${checked.toFixed(0)} MB/s (${(checked / base).toFixed(2)}x); S3 ${onS3.toFixed(0)} MB/s vs local ${s3Local.toFixed(0)} MB/s (${(onS3 / s3Local).toFixed(2)}x)`,
      );
    }
  } finally {
    await s3.stop();
  }
  console.log(loadAverage());
  console.log(
    `\n${SIZE / 1024 / 1024} MB in ${CHUNK / 1024 / 1024} MB chunks, ${IN_FLIGHT} in flight, a test request before each; ${RUNS} runs, min/median/max`,
  );
  console.log(`(a) minimal node:http upload server: ${show(rows.baseline, 0, ' MB/s')}`);
  console.log(`    ours (local disk, SQLite):        ${show(rows.local, 0, ' MB/s')}`);
  console.log(`    ratio ours/minimal:               ${show(rows.ratioA)}x (goal >= 0.8x)`);
  console.log(`    ours, with checksums (browser):   ${show(rows.checked, 0, ' MB/s')}`);
  console.log(`    ratio with checksums/minimal:     ${show(rows.ratioChecked)}x`);
  console.log(`(b) ${S3_SIZE / 1024 / 1024} MB, ours on local disk:       ${show(rows.s3Local, 0, ' MB/s')}`);
  console.log(`    ours on S3 (s3rver, same machine): ${show(rows.s3, 0, ' MB/s')}`);
  console.log(`    ratio S3/local:                    ${show(rows.ratioB)}x`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
