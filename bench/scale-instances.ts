// Throughput with 1 and with 3 server processes behind nginx round-robin, on
// PostgreSQL, Redis and an S3-compatible store (test/support/cluster.ts), in
// the same run, so the ratio compares like with like on this machine:
//   - GET /new-chat/app/user with a valid token (requests per second)
//   - chat answers streamed end to end (answers per second; a local stub
//     model answers 60 words with no delay, so the server's own work is timed)
//   - a 40 MB chunked upload to S3 (s3rver) vs to local disk, one instance
// Near-linear scaling needs a core per instance (plus nginx, PostgreSQL and
// Redis); the per-core figures divide by the cores the instances could use.
// Usage: node --import tsx bench/scale-instances.ts
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { uploadInChunks } from '../test/support/chunked-upload.js';
import { startCluster, type Cluster } from '../test/support/cluster.js';
import { postSse } from '../test/support/sse-client.js';
import { TEST_DEMO_PASSWORD } from '../test/support/server.js';
import { startStubLlm } from '../test/support/stub-llm.js';
import { load } from './lib/load.js';

const CONNECTIONS = 24;
const ROUNDS = 3;
const ROUND_MS = 2_000;
const CHAT_CONCURRENCY = 12;
const CHAT_ANSWERS = 120;
const UPLOAD_MB = 40;
const MiB = 1024 * 1024;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const stub = await startStubLlm({ tokenDelayMs: 0, reply: () => Array.from({ length: 60 }, (_, i) => `w${i}`).join(' ') });

async function signIn(cluster: Cluster): Promise<string> {
  const response = await fetch(`${cluster.url}/new-chat/app/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'teacher', password: TEST_DEMO_PASSWORD }),
  });
  const body = (await response.json()) as { data?: { token?: string } };
  if (!body.data?.token) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.data.token;
}

async function userRps(cluster: Cluster, token: string): Promise<number> {
  const port = Number(new URL(cluster.url).port);
  const headers = { authorization: `Bearer ${token}`, 'client-id': 'app' };
  await load({ port, path: '/new-chat/app/user', headers, connections: CONNECTIONS, durationMs: 1_500 }); // warm-up (JIT, pools)
  const rps: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const result = await load({ port, path: '/new-chat/app/user', headers, connections: CONNECTIONS, durationMs: ROUND_MS });
    if (result.errors) throw new Error(`${result.errors} of ${result.requests} answers were not 200`);
    rps.push(result.rps);
  }
  return median(rps);
}

async function chatRate(cluster: Cluster, token: string): Promise<number> {
  const chats: string[] = [];
  for (let i = 0; i < CHAT_CONCURRENCY; i++) {
    const response = await fetch(`${cluster.url}/new-chat/v1/chat`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'client-id': 'app' },
      body: JSON.stringify({ model: 'stub-model' }),
    });
    chats.push(((await response.json()) as { data: { chatNumber: string } }).data.chatNumber);
  }
  let left = CHAT_ANSWERS;
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    chats.map(async (chat) => {
      while (left-- > 0) {
        const read = await postSse(`${cluster.url}/new-chat/v1/chat/completions`, token, { conversationId: chat, prompt: 'q' });
        if (!read.events.some((e) => e.type === 'done' && e.message?.status === 'done')) failed++;
      }
    }),
  );
  if (failed) throw new Error(`${failed} answers did not end done`);
  return CHAT_ANSWERS / ((performance.now() - started) / 1000);
}

async function uploadMbPerS(cluster: Cluster, token: string): Promise<number> {
  const content = randomBytes(UPLOAD_MB * MiB);
  Buffer.from('\x00\x00\x00\x18ftypisom', 'latin1').copy(content, 0);
  const started = performance.now();
  await uploadInChunks({ baseUrl: cluster.url }, token, 'bench.mp4', content, 5 * MiB);
  return UPLOAD_MB / ((performance.now() - started) / 1000);
}

const env = {
  ZX_LLM_BASE_URL: stub.baseUrl,
  ZX_LLM_API_KEY: 'sk-bench',
  ZX_LLM_MODELS: 'stub-model',
  ZX_LOG_LEVEL: 'warn',
};

async function measure(instances: number, extra: Record<string, string> = {}) {
  const cluster = await startCluster({ instances, env: { ...env, ...extra } });
  try {
    const token = await signIn(cluster);
    return { cluster: instances, user: await userRps(cluster, token), chat: await chatRate(cluster, token), upload: await uploadMbPerS(cluster, token) };
  } finally {
    await cluster.close();
  }
}

try {
  const cores = cpus().length;
  const local = await measure(1, { ZX_STORAGE: 'local' });
  const one = await measure(1);
  const three = await measure(3);
  const perCore = (value: number, instances: number) => value / Math.min(instances, cores);
  console.log(
    `nginx round-robin → N × \`node server/main.ts start\` (tsx) on PostgreSQL + Redis + s3rver; ${cores} cores; load average ${loadavg()[0]!.toFixed(1)}`,
  );
  console.log(`GET /app/user, ${CONNECTIONS} connections, median of ${ROUNDS} × ${ROUND_MS / 1000} s:`);
  console.log(`  1 instance  ${Math.round(one.user).toLocaleString('en-US')} req/s (${Math.round(perCore(one.user, 1))} per core)`);
  console.log(`  3 instances ${Math.round(three.user).toLocaleString('en-US')} req/s (${Math.round(perCore(three.user, 3))} per usable core)`);
  console.log(`  ratio 3 / 1 = ${(three.user / one.user).toFixed(2)}`);
  console.log(`chat answers streamed (${CHAT_ANSWERS} answers of 60 words, ${CHAT_CONCURRENCY} at a time):`);
  console.log(`  1 instance  ${one.chat.toFixed(1)} answers/s`);
  console.log(`  3 instances ${three.chat.toFixed(1)} answers/s`);
  console.log(`  ratio 3 / 1 = ${(three.chat / one.chat).toFixed(2)}`);
  console.log(`${UPLOAD_MB} MB chunked upload (5 MB chunks) through the balancer, one instance:`);
  console.log(`  local disk ${local.upload.toFixed(1)} MB/s; S3 (s3rver) ${one.upload.toFixed(1)} MB/s; with 3 instances (S3) ${three.upload.toFixed(1)} MB/s`);
} finally {
  await stub.close();
}
