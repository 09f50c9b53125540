// What metering adds to a chat question's server CPU: three built servers
// (in their own processes, on SQLite) against one local model stub, each
// asked bursts of 200 questions at once, the bursts alternating between
// them so a busy machine weighs on all alike. CPU per question is read from
// /proc. Baseline: metering off (ZX_QUOTA=off). Beside it, metering on for
// an asker no allowance limits (a new installation: the use is still
// counted and written to the ledger) and for one a client-type allowance
// limits (a hold is reserved before the provider is asked, then settled).
// Run `npm run build` first. Usage: node --import tsx bench/chat-cpu-parts.ts
import { loadAverage } from './lib/goal.js';
import { cpuSeconds } from './lib/process.js';
import { startStubLlm } from '../test/support/stub-llm.js';
import { DEMO_PASSWORD, startServer, type RunningServer } from '../test/e2e/support.js';

const CONCURRENT = 200;
const WARM_BURSTS = 20;
const BURSTS = Number(process.env.BURSTS ?? 30);

const json = { 'content-type': 'application/json' };

async function signIn(server: RunningServer, username: string): Promise<string> {
  const res = await fetch(`${server.url}/new-chat/app/api/oauth/token`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

interface Variant {
  name: string;
  server: RunningServer;
  burst(): Promise<unknown>;
  cpuSeconds: number;
}

async function variant(name: string, stubUrl: string, quota: 'on' | 'off', limited: boolean): Promise<Variant> {
  const server = await startServer({ ZX_LLM_BASE_URL: stubUrl, ZX_LLM_MODELS: 'stub-model', ZX_LOG_LEVEL: 'warn', ZX_QUOTA: quota });
  if (limited) {
    const manager = await signIn(server, 'manager');
    const res = await fetch(`${server.url}/new-chat/course/quota/allowances`, {
      method: 'PUT',
      headers: { ...json, authorization: `Bearer ${manager}` },
      body: JSON.stringify({ scope: 'client', targetId: '1', credits: 100_000_000 }),
    });
    const body = (await res.json()) as { code: number; msg: string };
    if (body.code !== 200) throw new Error(`setting the allowance: ${body.msg}`);
  }
  const auth = { ...json, authorization: `Bearer ${await signIn(server, 'teacher')}` };
  const chats: string[] = [];
  for (let i = 0; i < CONCURRENT; i++) {
    const res = await fetch(`${server.url}/new-chat/v1/chat`, { method: 'POST', headers: auth, body: JSON.stringify({ model: 'stub-model', title: 'bench' }) });
    chats.push(((await res.json()) as { data: { chatNumber: string } }).data.chatNumber);
  }
  const ask = async (conversationId: string) => {
    const res = await fetch(`${server.url}/new-chat/v1/chat/completions`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ conversationId, prompt: 'bench question', usingContext: false }),
    });
    const text = await res.text();
    if (!text.includes('"type":"delta"')) throw new Error(`${name}: no answer: ${text.slice(0, 300)}`);
  };
  return { name, server, burst: () => Promise.all(chats.map(ask)), cpuSeconds: 0 };
}

const stub = await startStubLlm({ tokenDelayMs: 5 });
const variants: Variant[] = [];
try {
  variants.push(await variant('metering off', stub.baseUrl, 'off', false));
  variants.push(await variant('on, not limited', stub.baseUrl, 'on', false));
  variants.push(await variant('on, limited', stub.baseUrl, 'on', true));
  // Warm: V8 optimises the question's path over the first bursts (bench/chat-stream.ts).
  for (let i = 0; i < WARM_BURSTS; i++) for (const v of variants) await v.burst();
  for (let i = 0; i < BURSTS; i++) {
    for (const v of variants) {
      const before = cpuSeconds(v.server.pid);
      await v.burst();
      v.cpuSeconds += cpuSeconds(v.server.pid) - before;
    }
  }
  const perQuestion = variants.map((v) => (v.cpuSeconds * 1000) / (BURSTS * CONCURRENT));
  console.log(`server CPU per question, ${BURSTS} bursts of ${CONCURRENT} each, alternating; ${loadAverage()}`);
  for (const [i, v] of variants.entries()) {
    console.log(
      `  ${v.name.padEnd(16)} ${perQuestion[i]!.toFixed(3)} ms${i === 0 ? '' : `  (${(perQuestion[i]! / perQuestion[0]!).toFixed(2)}× metering off)`}`,
    );
  }
} finally {
  for (const v of variants) await v.server.stop();
  await stub.close();
}
