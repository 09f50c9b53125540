// Metering costs little: chat completions per second through the
// real HTTP server against the stub LLM, with the quota on (every answer held
// before the provider is asked and charged when it ends: a client-type
// allowance applies to the askers) versus off (ZX_QUOTA=off, the same-run
// baseline). Rounds alternate off/on so a busy machine weighs on both alike;
// the figure is the median throughput on / off. Each completion reads the
// whole SSE answer.
// Usage: node --import tsx bench/quota-metering.ts   (ZX_TEST_DB=postgres for PostgreSQL)
import { startStubLlm } from '../test/support/stub-llm.js';
import { startTestServer, type TestServer } from '../test/support/server.js';
import { loadAverage } from './lib/goal.js';

const CONCURRENCY = 8;
const PER_ROUND = 240;
const ROUNDS = 5;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

interface Setup {
  server: TestServer;
  token: string;
  chats: string[];
}

async function setUp(stubUrl: string, quota: boolean): Promise<Setup> {
  const server = await startTestServer({
    logLevel: 'warn',
    env: { ZX_LLM_BASE_URL: stubUrl, ZX_LLM_API_KEY: 'sk-bench', ZX_LLM_MODELS: 'stub-model', ZX_LOG_LEVEL: 'error', ZX_QUOTA: quota ? 'on' : 'off' },
  });
  const manager = await server.login('manager');
  if (quota) {
    // Limited askers take the full path: reserve a hold, then settle it at the reported tokens.
    const res = await server.api('PUT', '/course/quota/allowances', { token: manager, body: { scope: 'client', targetId: '1', credits: 100_000_000 } });
    if (res.body.code !== 200) throw new Error(res.body.msg);
  }
  const token = await server.login('teacher');
  const chats: string[] = [];
  for (let i = 0; i < CONCURRENCY; i++) {
    const res = await server.api<{ chatNumber: string }>('POST', '/v1/chat', { token, body: { model: 'stub-model', title: 'bench' } });
    if (res.body.code !== 200) throw new Error(res.body.msg);
    chats.push(res.body.data.chatNumber);
  }
  return { server, token, chats };
}

async function complete(setup: Setup, chat: string): Promise<void> {
  const response = await fetch(`${setup.server.baseUrl}/new-chat/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${setup.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ conversationId: chat, prompt: 'bench question about lathes', usingContext: false }),
  });
  const text = await response.text();
  if (!response.ok || !text.includes('"type":"done"')) throw new Error(`completion failed: ${response.status} ${text.slice(0, 300)}`);
}

/** Completions per second: CONCURRENCY workers, each on its own chat, PER_ROUND answers in all. */
async function round(setup: Setup): Promise<number> {
  let left = PER_ROUND;
  const started = performance.now();
  await Promise.all(
    setup.chats.map(async (chat) => {
      while (left-- > 0) await complete(setup, chat);
    }),
  );
  return PER_ROUND / ((performance.now() - started) / 1000);
}

const stub = await startStubLlm({ tokenDelayMs: 0 });
const off = await setUp(stub.baseUrl, false);
const on = await setUp(stub.baseUrl, true);
try {
  await round(off); // warm-up: JIT, connections, database pages
  await round(on);
  const offRates: number[] = [];
  const onRates: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    offRates.push(await round(off));
    onRates.push(await round(on));
  }
  const holds = await on.server.data.db
    .selectFrom('quota_holds')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'settled')
    .executeTakeFirstOrThrow();
  const unmetered = await off.server.data.db
    .selectFrom('quota_holds')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(holds.n) < PER_ROUND * ROUNDS) throw new Error(`quota on settled only ${holds.n} holds`);
  if (Number(unmetered.n) !== 0) throw new Error('quota off still held credits');
  const offMedian = median(offRates);
  const onMedian = median(onRates);
  console.log(loadAverage());
  console.log(
    `quota metering on ${process.env.ZX_TEST_DB ?? 'sqlite'}: ${CONCURRENCY} concurrent askers, ${PER_ROUND} completions a round, ${ROUNDS} rounds each, alternating`,
  );
  console.log(`  off: ${offRates.map((x) => x.toFixed(0)).join(' ')} /s (median ${offMedian.toFixed(1)})`);
  console.log(`  on:  ${onRates.map((x) => x.toFixed(0)).join(' ')} /s (median ${onMedian.toFixed(1)}; ${holds.n} holds settled)`);
  console.log(`  ratio on/off = ${(onMedian / offMedian).toFixed(2)}`);
} finally {
  await off.server.close();
  await on.server.close();
  await stub.close();
}
