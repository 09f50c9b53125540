// Images and videos through the queue against stub providers over real HTTP:
// a stored, marked and labelled PNG that can be saved to the resource
// library; a provider's refusal shown in its words; a 429 Retry-After waited
// out; CogVideoX and Wan videos downloaded into our storage with the label
// and served with Range; cancel; a server killed mid-video and restarted
// finishes the job with exactly one create upstream.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { readMp4Label, readPngLabel } from '../../../server/modules/generations/aigc-label.js';
import { startCli } from '../../support/cli-server.js';
import { writeMediaConfig } from '../../support/media-config.js';
import { TEST_DEMO_PASSWORD, openTestDatabase, startTestServer, type TestServer } from '../../support/server.js';
import { startStubMedia, type StubMedia } from '../../support/stub-media.js';

interface Job {
  id: string;
  kind: string;
  status: string;
  progress: number;
  error?: string;
  files: Array<{ id: string; url: string; mime: string }>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const finished = (job: Job) => !['queued', 'running'].includes(job.status);

let stub: StubMedia;
let server: TestServer;
before(async () => {
  stub = await startStubMedia({ imageLatencyMs: 50, videoMs: 800, retryAfterSeconds: 2 });
  server = await startTestServer({
    env: { ZX_LOG_LEVEL: 'error', ZX_CONFIG: writeMediaConfig(stub.baseUrl), ZX_GEN_POLL_MS: '50', ZX_GEN_VIDEO_POLL_MS: '100' },
  });
});
after(async () => {
  await server.close();
  await stub.close();
});

async function waitFor(api: TestServer['api'], token: string, id: string, done: (job: Job) => boolean, ms = 30_000): Promise<Job> {
  const deadline = Date.now() + ms;
  for (;;) {
    const res = await api<Job>('GET', `/app/user/generations/${id}`, { token });
    assert.equal(res.status, 200, res.body.msg);
    if (done(res.body.data)) return res.body.data;
    if (Date.now() > deadline) assert.fail(`job ${id} stayed ${JSON.stringify(res.body.data)}`);
    await sleep(50);
  }
}

async function fetchBytes(baseUrl: string, url: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${baseUrl}${url}`, { headers });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

describe('images', () => {
  test('a student generates two images: marked PNGs with the AIGC label, saved to the resource library', async () => {
    const token = await server.login('student');
    const models = await server.api<{ models: Array<{ name: string; kind: string }>; styles: string[] }>('GET', '/app/user/generations/models', { token });
    assert.ok(models.body.data.models.some((m) => m.name === 'stub-image' && m.kind === 'image'));
    assert.ok(models.body.data.styles.includes('diagram'));
    assert.ok(!JSON.stringify(models.body.data).includes('stub-secret-key'), 'no key reaches the browser');

    const res = await server.api<{ id: string }>('POST', '/app/user/generations', {
      token,
      body: { kind: 'image', prompt: '光合作用示意图', model: 'stub-image', n: 2, style: 'diagram' },
    });
    assert.equal(res.status, 200, res.body.msg);
    const job = await waitFor(server.api, token, res.body.data.id, finished);
    assert.equal(job.status, 'succeeded', job.error);
    assert.equal(job.files.length, 2);
    const image = await fetchBytes(server.baseUrl, job.files[0]!.url);
    assert.equal(image.status, 200);
    const meta = await sharp(image.body).metadata();
    assert.equal(meta.format, 'png');
    assert.equal(meta.width, 320);
    const label = JSON.parse(readPngLabel(image.body) ?? '{}');
    assert.equal(label.Label, '1');
    assert.equal(label.ProduceID, job.id);
    // The mark is burned in: the lower right corner is no longer the plain background.
    const { data, info } = await sharp(image.body).raw().toBuffer({ resolveWithObject: true });
    const px = (x: number, y: number) => Array.from(data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3));
    assert.deepEqual(px(5, 5), [0x3a, 0x8f, 0xd9]);
    const corner = Array.from({ length: 40 }, (_, i) => px(info.width - 40 + i, info.height - 20));
    assert.ok(
      corner.some((p) => p.join() !== '58,143,217'),
      'the AI生成 mark changes the corner',
    );
    const sent = stub.requests.filter((r) => r.path.endsWith('/images/generations')).at(-1)!;
    assert.match(sent.body.prompt, /示意图/);
    assert.equal(sent.body.n, 2);

    const saved = await server.api<Array<{ id: string; kind: string }>>('POST', '/course/resource', { token, body: { fileIds: job.files.map((f) => f.id) } });
    assert.equal(saved.status, 200, saved.body.msg);
    assert.equal(saved.body.data.length, 2);
    assert.equal(saved.body.data[0]!.kind, 'image');
    // Nobody else may read the job or save its files.
    const teacher = await server.login('teacher');
    assert.equal((await server.api('GET', `/app/user/generations/${job.id}`, { token: teacher })).status, 404);
    assert.notEqual((await server.api('POST', '/course/resource', { token: teacher, body: { fileIds: [job.files[0]!.id] } })).status, 200);
  });

  test('images answered as a url are downloaded and stored', async () => {
    const token = await server.login('teacher');
    const res = await server.api<{ id: string }>('POST', '/app/user/generations', {
      token,
      body: { kind: 'image', prompt: '课堂海报', model: 'stub-image-url' },
    });
    const job = await waitFor(server.api, token, res.body.data.id, finished);
    assert.equal(job.status, 'succeeded', job.error);
    assert.ok(readPngLabel((await fetchBytes(server.baseUrl, job.files[0]!.url)).body));
  });

  test('a refused prompt fails with the provider reason; nothing is stored', async () => {
    const token = await server.login('student');
    const before = await server.data.db
      .selectFrom('files')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await server.api<{ id: string }>('POST', '/app/user/generations', {
      token,
      body: { kind: 'image', prompt: 'please refuse this', model: 'stub-image' },
    });
    const job = await waitFor(server.api, token, res.body.data.id, finished);
    assert.equal(job.status, 'failed');
    assert.match(job.error ?? '', /模型服务拒绝了这个请求：内容不合规/);
    assert.deepEqual(job.files, []);
    const english = await server.api<Job>('GET', `/app/user/generations/${job.id}`, { token, headers: { 'accept-language': 'en-US' } });
    assert.match(english.body.data.error ?? '', /^The model service refused this request: 内容不合规/);
    const afterCount = await server.data.db
      .selectFrom('files')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    assert.equal(Number(afterCount.n), Number(before.n));
  });

  test('429 with Retry-After: the job waits that long, then succeeds with one more create', async () => {
    const token = await server.login('teacher');
    const res = await server.api<{ id: string }>('POST', '/app/user/generations', {
      token,
      body: { kind: 'image', prompt: '细胞结构', model: 'stub-image-rate-limit' },
    });
    const job = await waitFor(server.api, token, res.body.data.id, finished);
    assert.equal(job.status, 'succeeded', job.error);
    const calls = stub.requests.filter((r) => r.path.endsWith('/images/generations') && r.body.model === 'stub-image-rate-limit');
    assert.equal(calls.length, 2);
    assert.ok(calls[1]!.at - calls[0]!.at >= 1900, `retried after ${calls[1]!.at - calls[0]!.at} ms`);
  });

  test('bad requests: unknown model, size or count, empty prompt answer 400 with a reason', async () => {
    const token = await server.login('teacher');
    const bad = async (body: Record<string, unknown>, pattern: RegExp) => {
      const res = await server.api('POST', '/app/user/generations', { token, body: { kind: 'image', prompt: '图', ...body } });
      assert.equal(res.status, 400);
      assert.match(res.body.msg, pattern);
    };
    await bad({ model: 'nope' }, /模型不可用/);
    await bad({ model: 'stub-image', size: '512x512' }, /尺寸/);
    await bad({ model: 'stub-image', n: 5 }, /数量|4/);
    await bad({ prompt: '   ' }, /提示词/);
    await bad({ style: 'nope' }, /风格/);
  });
});

describe('videos', () => {
  test('CogVideoX: queued → running → succeeded; the video is ours, labelled, seekable', async () => {
    const token = await server.login('teacher');
    const creates = stub.creates('video');
    const res = await server.api<{ id: string }>('POST', '/app/user/generations', {
      token,
      body: { kind: 'video', prompt: '水循环动画', model: 'stub-video', seconds: 5, size: '1280x720' },
    });
    assert.equal(res.status, 200, res.body.msg);
    const running = await waitFor(server.api, token, res.body.data.id, (j) => j.status === 'running' && j.progress > 0);
    assert.ok(running.progress < 100);
    const job = await waitFor(server.api, token, res.body.data.id, finished);
    assert.equal(job.status, 'succeeded', job.error);
    assert.equal(stub.creates('video') - creates, 1);
    const created = stub.requests.filter((r) => r.path.endsWith('/videos/generations')).at(-1)!;
    assert.equal(created.body.duration, 5);
    assert.equal(created.body.request_id, job.id);
    const file = job.files[0]!;
    assert.equal(file.mime, 'video/mp4');
    const whole = await fetchBytes(server.baseUrl, file.url);
    assert.equal(JSON.parse(readMp4Label(whole.body) ?? '{}').ProduceID, job.id);
    const part = await fetchBytes(server.baseUrl, file.url, { range: 'bytes=100-199' });
    assert.equal(part.status, 206);
    assert.equal(part.body.length, 100);
    assert.ok(part.body.equals(whole.body.subarray(100, 200)));
  });

  test('Wan: the DashScope task API works the same way', async () => {
    const token = await server.login('student');
    const res = await server.api<{ id: string }>('POST', '/app/user/generations', { token, body: { kind: 'video', prompt: '火山喷发', model: 'stub-wan' } });
    const job = await waitFor(server.api, token, res.body.data.id, finished);
    assert.equal(job.status, 'succeeded', job.error);
    assert.ok(stub.requests.some((r) => r.path.endsWith('/video-synthesis') && r.body.input?.prompt === '火山喷发'));
  });

  test('a failed task shows the provider reason', async () => {
    const token = await server.login('teacher');
    const res = await server.api<{ id: string }>('POST', '/app/user/generations', {
      token,
      body: { kind: 'video', prompt: 'video-fail please', model: 'stub-video' },
    });
    const job = await waitFor(server.api, token, res.body.data.id, finished);
    assert.equal(job.status, 'failed');
    assert.match(job.error ?? '', /视频生成失败：视频内容审核未通过/);
  });

  test('cancel: a running video stops, is not polled further and keeps no file', async () => {
    const token = await server.login('teacher');
    stub.setVideoMs(60_000);
    try {
      const res = await server.api<{ id: string }>('POST', '/app/user/generations', {
        token,
        body: { kind: 'video', prompt: '很长的视频', model: 'stub-video' },
      });
      await waitFor(server.api, token, res.body.data.id, (j) => j.status === 'running' && j.progress > 0);
      const cancelled = await server.api<Job>('POST', `/app/user/generations/${res.body.data.id}/cancel`, { token });
      assert.equal(cancelled.body.data.status, 'cancelled');
      await sleep(300);
      const polls = stub.polls();
      await sleep(500);
      assert.equal(stub.polls(), polls, 'no polling after cancel');
      const job = await waitFor(server.api, token, res.body.data.id, finished);
      assert.equal(job.status, 'cancelled');
      assert.deepEqual(job.files, []);
    } finally {
      stub.setVideoMs(800);
    }
  });

  test('a video started from a first frame shows that frame again, through a link signed for its owner', async () => {
    const token = await server.login('teacher');
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const frameId = await server.uploadFile(token, 'frame.png', png);
    const res = await server.api<{ id: string }>('POST', '/app/user/generations', {
      token,
      body: { kind: 'video', prompt: '齿轮啮合动画', model: 'stub-video', seconds: 5, source: { imageFileId: frameId } },
    });
    assert.equal(res.status, 200, res.body.msg);
    const job = (await waitFor(server.api, token, res.body.data.id, finished)) as Job & { firstFrame?: { id: string; url: string } };
    assert.equal(job.firstFrame?.id, frameId);
    const shown = await fetchBytes(server.baseUrl, job.firstFrame!.url);
    assert.equal(shown.status, 200, 'an <img> shows the frame without a bearer token');
    assert.deepEqual(shown.body, png);
    assert.equal((await fetchBytes(server.baseUrl, `/new-chat/app/api/file/${frameId}`)).status, 404, 'unsigned, it stays private');
    const other = await server.login('student');
    assert.equal((await server.api('GET', `/app/user/generations/${res.body.data.id}`, { token: other })).status, 404);
  });

  test('a first-frame image must be a readable image of the caller', async () => {
    const token = await server.login('teacher');
    const res = await server.api('POST', '/app/user/generations', {
      token,
      body: { kind: 'video', prompt: '动画', model: 'stub-video', source: { imageFileId: 'missing' } },
    });
    assert.equal(res.status, 400);
    assert.match(res.body.msg, /首帧/);
    const bad = await server.api('POST', '/app/user/generations', { token, body: { kind: 'video', prompt: '动画', model: 'stub-video', seconds: 7 } });
    assert.equal(bad.status, 400);
  });
});

describe('a server killed mid-video', () => {
  test('restarted on the same data, it resumes polling the same task: the job finishes and the provider saw one create', { timeout: 120_000 }, async () => {
    const media = await startStubMedia({ videoMs: 4000 });
    const db = await openTestDatabase();
    const env = {
      ...db.env,
      ZX_DEMO_PASSWORD: TEST_DEMO_PASSWORD,
      ZX_CONFIG: writeMediaConfig(media.baseUrl),
      ZX_GEN_LEASE_SECONDS: '1',
      ZX_GEN_POLL_MS: '100',
      ZX_GEN_VIDEO_POLL_MS: '200',
    };
    await db.data.close();
    let cli = await startCli(env);
    try {
      const call = async <T>(base: string, method: string, path: string, token?: string, body?: unknown) => {
        const res = await fetch(`${base}/new-chat${path}`, {
          method,
          headers: { 'client-id': 'app', ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
        return (await res.json()) as { code: number; msg: string; data: T };
      };
      const login = await call<{ token: string }>(cli.url, 'POST', '/app/api/oauth/token', undefined, { username: 'teacher', password: TEST_DEMO_PASSWORD });
      const token = login.data.token;
      const created = await call<{ id: string }>(cli.url, 'POST', '/app/user/generations', token, { kind: 'video', prompt: '地球自转', model: 'stub-video' });
      assert.equal(created.code, 200, created.msg);
      // Wait until the task exists upstream and is being polled, then kill the process outright.
      const deadline = Date.now() + 30_000;
      while (media.polls() < 1 && Date.now() < deadline) await sleep(50);
      assert.equal(media.creates('video'), 1);
      cli.child.kill('SIGKILL');
      await new Promise((r) => cli.child.once('exit', r));

      const pollsBeforeRestart = media.polls();
      cli = await startCli(env);
      let job: Job | undefined;
      while (Date.now() < deadline + 60_000) {
        job = (await call<Job>(cli.url, 'GET', `/app/user/generations/${created.data.id}`, token)).data;
        if (finished(job)) break;
        await sleep(100);
      }
      assert.equal(job?.status, 'succeeded', JSON.stringify(job));
      assert.ok(media.polls() > pollsBeforeRestart, 'the restarted server polled the same task');
      assert.equal(media.creates('video'), 1, 'exactly one create upstream');
    } finally {
      cli.child.kill('SIGKILL');
      await media.close();
      await db.close();
    }
  });
});
