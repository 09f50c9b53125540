// The generation queue's own rules with a test kind ('echo-test'): owner-only
// reads, the per-user limit under racing requests, cancel with exactly one
// refund, retries that wait as told, the sweeper failing an overdue job, and
// a job whose create was cut off mid-call failing instead of resubmitting.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { GenerationError, registerGenerationKind, setGenerationCharges, type JobTools, type RunningJob } from '../../../server/modules/generations/index.js';
import type { AuthUser } from '../../../server/http/auth.js';
import { createGeneration } from '../../../server/modules/generations/service.js';
import { insertBarrier } from '../../support/insert-barrier.js';
import { startTestServer, type TestServer } from '../../support/server.js';

interface Behaviour {
  calls: number;
  run(job: RunningJob, tools: JobTools): Promise<{ files?: never[]; outline?: string }>;
}
const behaviours = new Map<string, Behaviour>();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

registerGenerationKind('echo-test', {
  async prepare(_ctx, _user, request) {
    return {
      provider: 'echo',
      model: request.model ?? 'echo',
      input: { prompt: request.prompt },
      timeoutMs: request.seconds ? request.seconds * 1000 : 60_000,
    };
  },
  concurrency: () => 2,
  async run(job, tools) {
    const behaviour = behaviours.get(String(job.input.prompt));
    if (!behaviour) return { outline: `# ${String(job.input.prompt)}` };
    behaviour.calls += 1;
    return behaviour.run(job, tools);
  },
});

/** A job that runs until it is cancelled (its signal aborts). */
const holdUntilCancelled = (): Behaviour => ({
  calls: 0,
  run: async (_job, tools) => {
    await new Promise((r) => tools.signal.addEventListener('abort', r));
    return {};
  },
});

const refunds: string[] = [];
const settled: string[] = [];
setGenerationCharges({
  reserve: async (_ctx, request) => `charge:${request.jobId}`,
  settle: async (_ctx, reference) => void settled.push(reference),
  refund: async (_ctx, reference) => void refunds.push(reference),
});

let server: TestServer;
before(async () => {
  server = await startTestServer({ env: { ZX_LOG_LEVEL: 'error', ZX_GEN_POLL_MS: '50', ZX_GEN_LEASE_SECONDS: '1', ZX_GEN_USER_ACTIVE: '3' } });
});
after(async () => {
  setGenerationCharges(null);
  await server.close();
});

interface Job {
  id: string;
  status: string;
  progress: number;
  error?: string;
  outline?: string;
}

async function waitFor(token: string, id: string, done: (job: Job) => boolean, ms = 15_000, on = server): Promise<Job> {
  const deadline = Date.now() + ms;
  for (;;) {
    const res = await on.api<Job>('GET', `/app/user/generations/${id}`, { token });
    assert.equal(res.status, 200, res.body.msg);
    if (done(res.body.data)) return res.body.data;
    if (Date.now() > deadline) assert.fail(`job ${id} stayed ${JSON.stringify(res.body.data)}`);
    await sleep(50);
  }
}
const finished = (job: Job) => !['queued', 'running'].includes(job.status);

/** The charge moves right after the job's final status is written, so a reader may see the status first: wait for it, bounded. */
async function eventually(check: () => boolean, ms = 10_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await sleep(20);
  return check();
}

async function start(token: string, prompt: string, extra: Record<string, unknown> = {}, on = server) {
  return on.api<{ id: string }>('POST', '/app/user/generations', { token, body: { kind: 'echo-test', prompt, ...extra } });
}

describe('generation queue', () => {
  test('a job runs to succeeded; only its owner reads it, others get 404, and it is listed by kind', async () => {
    const teacher = await server.login('teacher');
    const student = await server.login('student');
    const res = await start(teacher, 'hello');
    assert.equal(res.status, 200, res.body.msg);
    const job = await waitFor(teacher, res.body.data.id, finished);
    assert.equal(job.status, 'succeeded');
    assert.equal(job.outline, '# hello');
    assert.equal(job.progress, 100);
    assert.ok(await eventually(() => settled.includes(`charge:${job.id}`)), 'charge settled on success');
    assert.equal((await server.api('GET', `/app/user/generations/${job.id}`, { token: student })).status, 404);
    assert.equal((await server.api('POST', `/app/user/generations/${job.id}/cancel`, { token: student })).status, 404);
    const mine = await server.api<Job[]>('GET', '/app/user/generations?kind=echo-test', { token: teacher });
    assert.ok(mine.body.data.some((j) => j.id === job.id));
    const theirs = await server.api<Job[]>('GET', '/app/user/generations?kind=echo-test', { token: student });
    assert.ok(!theirs.body.data.some((j) => j.id === job.id));
    assert.equal((await server.api('GET', '/app/user/generations', {})).status, 401);
  });

  test('an unknown kind and a bad size are refused with 400', async () => {
    const token = await server.login('teacher');
    assert.equal((await server.api('POST', '/app/user/generations', { token, body: { kind: 'nope', prompt: 'x' } })).status, 400);
    assert.equal((await server.api('POST', '/app/user/generations', { token, body: { kind: 'echo-test', prompt: 'x', size: 'huge' } })).status, 400);
  });

  test('racing requests whose rows are written at the same moment: as many as fit get in, not none', async () => {
    // Each wrote its job and then counted: three written together all counted 4 against a limit
    // of 3 with one running, and all three were refused (on PostgreSQL, where
    // test/support/insert-barrier.ts forces that order for three; 0 admitted before the fix).
    const token = await server.login('student');
    behaviours.set('hold-student', holdUntilCancelled());
    const running = await start(token, 'hold-student');
    assert.equal(running.status, 200);
    const ctx = server.app.zx;
    const student = await ctx.db.selectFrom('users').select('id').where('username', '=', 'student').executeTakeFirstOrThrow();
    const hooked = { ...ctx, db: ctx.db.withPlugin(insertBarrier('generation_jobs', 3)) };
    const results = await Promise.allSettled(
      [1, 2, 3].map(() => createGeneration(hooked, { id: student.id } as AuthUser, { kind: 'echo-test', prompt: 'hold-student' }, 'zh-CN')),
    );
    const admitted = results.filter((r): r is PromiseFulfilledResult<{ id: string }> => r.status === 'fulfilled');
    assert.equal(admitted.length, 2, 'two more fit beside the running one');
    assert.match(String((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason?.message), /最多 3 个/u);
    for (const id of [running.body.data.id, ...admitted.map((a) => a.value.id)]) await server.api('POST', `/app/user/generations/${id}/cancel`, { token });
  });

  test('ten racing requests: exactly the per-user limit are accepted, the rest answer 429', async () => {
    const token = await server.login('manager');
    behaviours.set('hold', holdUntilCancelled());
    const answers = await Promise.all(Array.from({ length: 10 }, () => start(token, 'hold')));
    const accepted = answers.filter((a) => a.status === 200);
    assert.equal(accepted.length, 3, `accepted ${accepted.length}`);
    assert.ok(answers.filter((a) => a.status === 429).every((a) => a.body.msg.includes('3')));
    for (const a of accepted) {
      const cancelled = await server.api<Job>('POST', `/app/user/generations/${a.body.data.id}/cancel`, { token });
      assert.equal(cancelled.body.data.status, 'cancelled');
      // A second cancel changes nothing and refunds nothing more.
      await server.api('POST', `/app/user/generations/${a.body.data.id}/cancel`, { token });
      assert.equal(refunds.filter((r) => r === `charge:${a.body.data.id}`).length, 1, 'refunded exactly once');
    }
    const again = await start(token, 'hello');
    assert.equal(again.status, 200, 'cancelled jobs no longer count');
  });

  test('a retryable failure waits as long as the provider asked, then succeeds', async () => {
    const token = await server.login('teacher');
    const times: number[] = [];
    behaviours.set('busy-once', {
      calls: 0,
      async run() {
        times.push(Date.now());
        if (times.length === 1) throw new GenerationError('模型服务繁忙，请稍后重试', { retryable: true, retryAfterMs: 1500 });
        return { outline: 'ok' };
      },
    });
    const res = await start(token, 'busy-once');
    const job = await waitFor(token, res.body.data.id, finished);
    assert.equal(job.status, 'succeeded');
    assert.equal(times.length, 2);
    assert.ok(times[1]! - times[0]! >= 1400, `retried after ${times[1]! - times[0]!} ms`);
  });

  test('a refused job fails with the readable message and is refunded once', async () => {
    const token = await server.login('student');
    behaviours.set('refuse', {
      calls: 0,
      run: async () => {
        throw new GenerationError('内容不合规，模型服务拒绝生成');
      },
    });
    const res = await start(token, 'refuse');
    const job = await waitFor(token, res.body.data.id, finished);
    assert.equal(job.status, 'failed');
    assert.equal(job.error, '内容不合规，模型服务拒绝生成');
    await eventually(() => refunds.includes(`charge:${job.id}`));
    await sleep(200); // a second refund, were there one, would land by now
    assert.equal(refunds.filter((r) => r === `charge:${job.id}`).length, 1);
  });

  test('a job past its deadline is failed as timed out and refunded', async () => {
    const token = await server.login('teacher');
    behaviours.set('forever', {
      calls: 0,
      run: async (_job, tools) => {
        await new Promise((r) => tools.signal.addEventListener('abort', r));
        return {};
      },
    });
    const res = await start(token, 'forever', { seconds: 1 });
    const job = await waitFor(token, res.body.data.id, finished);
    assert.equal(job.status, 'failed');
    assert.match(job.error ?? '', /超时/);
    await eventually(() => refunds.includes(`charge:${job.id}`));
    await sleep(200);
    assert.equal(refunds.filter((r) => r === `charge:${job.id}`).length, 1);
  });

  test('a job whose create call was cut off is failed, never created again', async () => {
    const token = await server.login('teacher');
    const behaviour: Behaviour = { calls: 0, run: async () => ({ outline: 'created again' }) };
    behaviours.set('cut-off', behaviour);
    const res = await start(token, 'cut-off');
    // As a crash mid-create leaves it: running, create sent, no upstream id, lease run out.
    await server.data.db
      .updateTable('generation_jobs')
      .set({ status: 'running', create_state: 'sending', lease_owner: 'dead', lease_until: 1 })
      .where('id', '=', res.body.data.id)
      .execute();
    const job = await waitFor(token, res.body.data.id, finished);
    assert.equal(job.status, 'failed');
    assert.match(job.error ?? '', /重复扣费/);
    assert.ok(behaviour.calls <= 1);
  });

  test('a job whose process died is taken over once its lease runs out', async () => {
    const token = await server.login('student');
    let seenUpstream: string | null = 'unset';
    behaviours.set('resume', {
      calls: 0,
      async run(job) {
        seenUpstream = job.upstreamId;
        return { outline: 'resumed' };
      },
    });
    const res = await start(token, 'resume');
    await server.data.db
      .updateTable('generation_jobs')
      .set({ status: 'running', create_state: 'created', upstream_id: 'task-1', lease_owner: 'dead', lease_until: Date.now() + 500 })
      .where('id', '=', res.body.data.id)
      .execute();
    const job = await waitFor(token, res.body.data.id, finished);
    assert.equal(job.status, 'succeeded');
    assert.equal(seenUpstream, 'task-1');
  });
});

// A lease long enough that no heartbeat renews it while the test runs: the lease ends only when the test says.
describe('generation queue, leases', () => {
  let slow: TestServer;
  before(async () => {
    slow = await startTestServer({ env: { ZX_LOG_LEVEL: 'error', ZX_GEN_POLL_MS: '50', ZX_GEN_LEASE_SECONDS: '60' } });
  });
  after(() => slow.close());

  test('a run that lost its lease to a takeover by the same instance writes nothing', async () => {
    // Two runs of one job in one instance (an event-loop stall outlived the lease, then this
    // instance took the job over): only the takeover may finish it. With one lease token per
    // instance the stale run passed the "still mine" check and its result won.
    const token = await slow.login('teacher');
    let releaseStale!: () => void;
    const stale = new Promise<void>((r) => (releaseStale = r));
    let releaseTakeover!: () => void;
    const takeover = new Promise<void>((r) => (releaseTakeover = r));
    const behaviour: Behaviour = {
      calls: 0,
      async run() {
        if (behaviour.calls === 1) {
          await stale;
          return { outline: 'from the run that lost its lease' };
        }
        await takeover;
        return { outline: 'from the run that took over' };
      },
    };
    behaviours.set('stalled', behaviour);
    const res = await start(token, 'stalled', {}, slow);
    const id = res.body.data.id;
    await eventually(() => behaviour.calls === 1);
    // The lease runs out under the first run (as a stall leaves it); the same instance claims it again.
    await slow.data.db.updateTable('generation_jobs').set({ lease_until: 1, create_state: 'created', upstream_id: 'task-1' }).where('id', '=', id).execute();
    assert.ok(await eventually(() => behaviour.calls === 2), 'the job was taken over');
    releaseStale();
    await sleep(300); // the stale run's final write, were it allowed, lands by now
    assert.equal((await waitFor(token, id, () => true, 15_000, slow)).status, 'running');
    // The takeover took the provider's slot the job held; the stale run's end leaves it held.
    const slots = await slow.data.db.selectFrom('generation_slots').select('slot').where('job_id', '=', id).execute();
    assert.equal(slots.length, 1, "the stale run's end freed the slot the takeover runs in");
    releaseTakeover();
    const job = await waitFor(token, id, finished, 15_000, slow);
    assert.equal(job.status, 'succeeded');
    assert.equal(job.outline, 'from the run that took over');
  });
});
