// Streaming answers through the real server (built, in its own process, on
// SQLite) to a local OpenAI-compatible stub over real HTTP:
//  (b) time to first byte the server adds over the stub's own first token,
//      at 1 and 200 concurrent streams (baseline: the same client reading the
//      stub directly, in the same run);
//  (c) server memory per open stream (RSS growth while 200 answers stream),
//      against a bare Node HTTP server holding the same number of SSE responses.
// Run `npm run build` first. Usage: node --import tsx bench/chat-stream.ts
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startStubLlm, type StubLlm } from '../test/support/stub-llm.js';
import { DEMO_PASSWORD, startServer } from '../test/e2e/support.js';

const CONCURRENCY = [1, 200];
const ROUNDS = 3;
const MEMORY_STREAMS = 200;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/u.exec(status)![1]);
}

/** Milliseconds until the first chunk whose text contains `marker`; then the body is drained. */
async function firstChunkMs(url: string, init: RequestInit, marker: string, keepOpen?: AbortSignal): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { ...init, signal: keepOpen });
  if (!response.ok || !response.body) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  const decoder = new TextDecoder();
  let seen = '';
  let at = -1;
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      seen += decoder.decode(chunk, { stream: true });
      if (at < 0 && seen.includes(marker)) {
        at = performance.now() - started;
        if (keepOpen) return at; // memory bench: leave the stream open
      }
      if (seen.length > 4_096) seen = seen.slice(-256);
    }
  } catch (error) {
    if (!keepOpen?.aborted) throw error;
  }
  if (at < 0) throw new Error(`no "${marker}" in the stream from ${url}`);
  return at;
}

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/new-chat/app/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'teacher', password: DEMO_PASSWORD }),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function newChat(url: string, token: string): Promise<string> {
  const res = await fetch(`${url}/new-chat/v1/chat`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'stub-model', title: 'bench' }),
  });
  return ((await res.json()) as { data: { chatNumber: string } }).data.chatNumber;
}

async function ttfbRound(n: number, direct: () => Promise<number>, viaServer: () => Promise<number>) {
  const d = median(await Promise.all(Array.from({ length: n }, direct)));
  const s = median(await Promise.all(Array.from({ length: n }, viaServer)));
  return { direct: d, server: s };
}

async function startSseHold(): Promise<{ port: number; pid: number; stop(): Promise<void> }> {
  const script = fileURLToPath(new URL('./sse-hold.mjs', import.meta.url));
  const child = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = (await once(child.stdout!, 'data')) as [Buffer];
  return {
    port: Number(String(line).trim()),
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}

/** RSS growth per stream while `count` streams are held open, settled for a moment. */
async function memoryPerStream(pid: number, count: number, open: (signal: AbortSignal) => Promise<number>): Promise<number> {
  await sleep(500);
  const before = rssKb(pid);
  const controller = new AbortController();
  await Promise.all(Array.from({ length: count }, () => open(controller.signal)));
  await sleep(1_000);
  const during = rssKb(pid);
  controller.abort();
  await sleep(1_000);
  return (during - before) / count;
}

let stub: StubLlm = await startStubLlm({ tokenDelayMs: 5 });
const server = await startServer({ ZX_LLM_BASE_URL: stub.baseUrl, ZX_LLM_MODELS: 'stub-model', ZX_LOG_LEVEL: 'warn' });
const hold = await startSseHold();
try {
  const token = await signIn(server.url);
  const chatNumbers = await Promise.all(Array.from({ length: Math.max(...CONCURRENCY) }, () => newChat(server.url, token)));
  const direct = () =>
    firstChunkMs(`${stub.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'stub-model', stream: true, messages: [{ role: 'user', content: 'bench question' }] }),
    }, '"content"');
  let next = 0;
  const viaServer = () =>
    firstChunkMs(`${server.url}/new-chat/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ conversationId: chatNumbers[next++ % chatNumbers.length], prompt: 'bench question', usingContext: false }),
    }, '"type":"delta"');

  await ttfbRound(5, direct, viaServer); // warm-up: JIT, connections, SQLite pages
  console.log('(b) time to first token, median of each round, server = client → Zhixue → stub, direct = client → stub');
  for (const n of CONCURRENCY) {
    const rounds = [];
    for (let r = 0; r < ROUNDS; r++) rounds.push(await ttfbRound(n, direct, viaServer));
    const d = median(rounds.map((x) => x.direct));
    const s = median(rounds.map((x) => x.server));
    console.log(`  ${String(n).padStart(3)} concurrent: direct ${d.toFixed(1)} ms, through server ${s.toFixed(1)} ms → server adds ${(s - d).toFixed(1)} ms (ratio ${(s / d).toFixed(2)}×)`);
  }

  // (c) long answers so every stream stays open while memory is read.
  stub.setReply(() => Array.from({ length: 400 }, (_, i) => `w${i}`).join(' '));
  const slow = await startStubLlm({ tokenDelayMs: 500, reply: () => Array.from({ length: 400 }, (_, i) => `w${i}`).join(' ') });
  await stub.close();
  stub = slow;
  // The server still points at the first stub's port; restart it against the slow one.
  await server.stop();
  const memServer = await startServer({ ZX_LLM_BASE_URL: slow.baseUrl, ZX_LLM_MODELS: 'stub-model', ZX_LOG_LEVEL: 'warn' });
  try {
    const memToken = await signIn(memServer.url);
    const chats = await Promise.all(Array.from({ length: MEMORY_STREAMS }, () => newChat(memServer.url, memToken)));
    let i = 0;
    const perServerStream = await memoryPerStream(memServer.pid, MEMORY_STREAMS, (signal) =>
      firstChunkMs(`${memServer.url}/new-chat/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${memToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ conversationId: chats[i++], prompt: 'bench question', usingContext: false }),
      }, '"type":"delta"', signal),
    );
    const perBareStream = await memoryPerStream(hold.pid, MEMORY_STREAMS, (signal) =>
      firstChunkMs(`http://127.0.0.1:${hold.port}/`, {}, 'delta', signal),
    );
    console.log(`(c) memory per open stream (RSS growth with ${MEMORY_STREAMS} streams open): server ${perServerStream.toFixed(1)} KB, bare Node SSE server ${perBareStream.toFixed(1)} KB (ratio ${(perServerStream / Math.max(perBareStream, 0.1)).toFixed(1)}×)`);
  } finally {
    await memServer.stop();
  }
} finally {
  await server.stop().catch(() => undefined);
  await hold.stop();
  await stub.close();
}
