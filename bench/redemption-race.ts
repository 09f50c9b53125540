// 1,000 concurrent redemptions of 500 codes (each code tried by two people
// at once: the two requests of a code are sent side by side) through the
// real HTTP server: exactly 500 must succeed, and every
// winner is credited once. Run on SQLite and on PostgreSQL. The figure is the
// time of the race against a same-run baseline of 1,000 redemptions of
// 1,000 distinct codes (no contention): ratio = race / baseline.
// Usage: node --import tsx bench/redemption-race.ts   (PostgreSQL at ZX_TEST_DATABASE_URL or 127.0.0.1/test)
import { Agent, request as httpRequest } from 'node:http';
import { hashPassword } from '../server/modules/account/passwords.js';
import { createUser } from '../server/modules/account/store.js';
import { issueToken } from '../server/modules/account/tokens.js';
import { startTestServer, type TestServer } from '../test/support/server.js';
import { loadAverage } from './lib/goal.js';

const PEOPLE = 1_000;
const CODES = 500;

async function people(server: TestServer, prefix: string): Promise<string[]> {
  const passwordHash = await hashPassword('bench-password-1');
  const tokens: string[] = [];
  for (let i = 0; i < PEOPLE; i++) {
    const id = await createUser(server.data.db, { username: `${prefix}${i}`, name: `${prefix}${i}`, clientTypes: ['3'], passwordHash }, Date.now());
    tokens.push((await issueToken(server.data.db, { userId: id, clientType: '3', ttlMs: 3_600_000, now: Date.now() })).token);
  }
  return tokens;
}

async function batch(server: TestServer, manager: string, count: number): Promise<string[]> {
  const codes: string[] = [];
  // Batches of at most 5,000; here one call each.
  const res = await server.api<{ codes: string[] }>('POST', '/course/redemption-codes', { token: manager, body: { count, credits: 1 } });
  if (res.body.code !== 200) throw new Error(res.body.msg);
  codes.push(...res.body.data.codes);
  return codes;
}

// 1,000 sockets opened at one instant to one process get reset; 200 at a
// time keep the server busy with far more than two requests per code.
const agent = new Agent({ keepAlive: true, maxSockets: 200 });

function redeem(server: TestServer, token: string, code: string, address: string): Promise<{ code: number; msg: string }> {
  const body = JSON.stringify({ code });
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${server.baseUrl}/new-chat/app/order/redemption`,
      {
        method: 'POST',
        agent,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'client-id': 'app', 'x-forwarded-for': address },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve(JSON.parse(text) as { code: number; msg: string }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Every person redeems one code at the same moment; each from its own address (as a school's many computers would). */
async function race(server: TestServer, tokens: string[], codeFor: (i: number) => string): Promise<{ ms: number; ok: number; used: number }> {
  const started = performance.now();
  const results = await Promise.all(tokens.map((token, i) => redeem(server, token, codeFor(i), `10.${(i >> 8) & 255}.${i & 255}.1`)));
  const ms = performance.now() - started;
  return { ms, ok: results.filter((r) => r.code === 200).length, used: results.filter((r) => /已被使用/u.test(r.msg)).length };
}

async function run(db: 'sqlite' | 'postgres'): Promise<boolean> {
  process.env.ZX_TEST_DB = db;
  const server = await startTestServer({ logLevel: 'warn', env: { ZX_LOG_LEVEL: 'error', ZX_TRUST_PROXY: 'true' } });
  try {
    const manager = await server.login('manager');
    const baselineTokens = await people(server, 'base');
    const raceTokens = await people(server, 'race');
    const distinct = await batch(server, manager, PEOPLE);
    const baseline = await race(server, baselineTokens, (i) => distinct[i]!);
    const shared = await batch(server, manager, CODES);
    const contended = await race(server, raceTokens, (i) => shared[Math.floor(i / 2)]!);
    const credited = await server.data.db
      .selectFrom('quota_accounts')
      .innerJoin('users', 'users.id', 'quota_accounts.user_id')
      .select((eb) => eb.fn.sum<number>('quota_accounts.extra').as('total'))
      .where('users.username', 'like', 'race%')
      .executeTakeFirstOrThrow();
    const creditedCredits = Number(credited.total) / 1000;
    const right = contended.ok === CODES && contended.used === PEOPLE - CODES && creditedCredits === CODES && baseline.ok === PEOPLE;
    console.log(loadAverage());
    console.log(
      `${db.padEnd(8)} race: ${contended.ok} of ${PEOPLE} succeeded (${contended.used} told "used"), ${creditedCredits} credits credited in ${contended.ms.toFixed(0)} ms; ` +
        `baseline (${PEOPLE} distinct codes): ${baseline.ok} in ${baseline.ms.toFixed(0)} ms; ratio race/baseline ${(contended.ms / baseline.ms).toFixed(2)} — ${right ? 'exactly 500, credited once' : 'WRONG'}`,
    );
    return right;
  } finally {
    await server.close();
  }
}

const results = [await run('sqlite'), await run('postgres')];
process.exit(results.every(Boolean) ? 0 : 1);
