/**
 * A local image and video provider over real HTTP, for tests, e2e and the
 * bench. It speaks the OpenAI images API, Zhipu CogVideoX's task API and
 * Aliyun DashScope Wan's task API. Behaviour is picked by model name or
 * prompt, so end-to-end tests that can only type a prompt reach every case:
 *   prompt containing "refuse"   400 with the provider's reason (内容不合规)
 *   model containing "rate-limit" the first create answers 429 with Retry-After: retryAfterSeconds
 *   model containing "url"        images come back as a url (then downloaded) instead of b64_json
 *   prompt containing "video-fail" the video task ends FAIL
 * Images take `imageLatencyMs`; a video task finishes `videoMs` after it was created.
 * `setResultUrl` makes result URLs point elsewhere (a hostile provider); GET
 * /redirect?to=URL answers 302 to URL.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export interface StubMediaRequest {
  method: string;
  path: string;
  body: Record<string, any>;
  at: number;
}

export interface StubMediaOptions {
  imageLatencyMs?: number;
  videoMs?: number;
  retryAfterSeconds?: number;
}

export interface StubMedia {
  baseUrl: string;
  requests: StubMediaRequest[];
  /** Creates seen: image calls, CogVideoX and Wan video tasks. */
  creates(kind?: 'image' | 'video'): number;
  /** Polls seen for video tasks. */
  polls(): number;
  /** Image calls being answered right now, and the most ever at once. */
  inFlight(): { now: number; max: number };
  setVideoMs(ms: number): void;
  /** Result URLs given from now on (null: the stub's own files again). */
  setResultUrl(url: string | null): void;
  close(): Promise<void>;
}

/** A few bytes that start like an MP4 (ftyp box), then filler standing in for media data. */
export function fakeMp4(size = 64 * 1024): Buffer {
  const buf = Buffer.alloc(size, 7);
  buf.writeUInt32BE(24, 0);
  buf.write('ftypisom', 4, 'latin1');
  buf.writeUInt32BE(0x200, 12);
  buf.write('isomiso2', 16, 'latin1');
  buf.writeUInt32BE(size - 24, 24);
  buf.write('mdat', 28, 'latin1');
  return buf;
}

function readBody(req: IncomingMessage): Promise<Record<string, any>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        resolve(text ? JSON.parse(text) : {});
      } catch {
        resolve({});
      }
    });
    req.on('error', reject);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startStubMedia(options: StubMediaOptions = {}): Promise<StubMedia> {
  const requests: StubMediaRequest[] = [];
  const tasks = new Map<string, { createdAt: number; fail: boolean }>();
  const rateLimited = new Set<string>();
  let videoMs = options.videoMs ?? 1500;
  let inFlight = 0;
  let maxInFlight = 0;
  const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#3a8fd9' } })
    .png()
    .toBuffer();
  const video = fakeMp4();
  let baseUrl = '';

  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

  function createTask(body: Record<string, any>, prompt: string): string {
    const id = `task-${tasks.size + 1}-${Math.random().toString(36).slice(2, 8)}`;
    tasks.set(id, { createdAt: Date.now(), fail: String(prompt).includes('video-fail') });
    void body;
    return id;
  }

  function taskState(id: string): 'running' | 'done' | 'failed' | undefined {
    const task = tasks.get(id);
    if (!task) return undefined;
    if (Date.now() - task.createdAt < videoMs) return 'running';
    return task.fail ? 'failed' : 'done';
  }

  let resultUrl: string | null = null;
  const result = (own: string) => resultUrl ?? own;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://stub');
    const path = url.pathname;
    const body = req.method === 'POST' ? await readBody(req) : {};
    requests.push({ method: req.method ?? 'GET', path, body, at: Date.now() });
    const model = String(body.model ?? '');

    if (req.method === 'POST' && path.endsWith('/images/generations')) {
      if (model.includes('rate-limit') && !rateLimited.has(model)) {
        rateLimited.add(model);
        return json(res, 429, { error: { message: 'Too many requests' } }, { 'retry-after': String(options.retryAfterSeconds ?? 2) });
      }
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        await sleep(options.imageLatencyMs ?? 50);
      } finally {
        inFlight -= 1;
      }
      if (String(body.prompt).includes('refuse'))
        return json(res, 400, { error: { code: '1301', message: '内容不合规：系统检测到输入或生成内容可能包含不安全或敏感内容' } });
      const n = Number(body.n ?? 1);
      const data = Array.from({ length: n }, () =>
        model.includes('url') ? { url: result(`${baseUrl}/files/image.png`) } : { b64_json: png.toString('base64') },
      );
      return json(res, 200, { created: Math.floor(Date.now() / 1000), data });
    }
    if (req.method === 'GET' && path === '/redirect') {
      res.writeHead(302, { location: url.searchParams.get('to') ?? '/' });
      return res.end();
    }
    if (req.method === 'GET' && path === '/files/image.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(png);
    }
    if (req.method === 'GET' && path.startsWith('/files/video/')) {
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(video.length) });
      return res.end(video);
    }
    // Zhipu CogVideoX
    if (req.method === 'POST' && path.endsWith('/videos/generations')) {
      if (String(body.prompt).includes('refuse')) return json(res, 400, { error: { code: '1301', message: '内容不合规' } });
      const id = createTask(body, body.prompt);
      return json(res, 200, { id, model, request_id: body.request_id, task_status: 'PROCESSING' });
    }
    const cog = /\/async-result\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && cog) {
      const state = taskState(decodeURIComponent(cog[1]!));
      if (!state) return json(res, 404, { error: { message: 'task not found' } });
      if (state === 'running') return json(res, 200, { task_status: 'PROCESSING' });
      if (state === 'failed') return json(res, 200, { task_status: 'FAIL', message: '视频内容审核未通过' });
      return json(res, 200, {
        task_status: 'SUCCESS',
        video_result: [{ url: result(`${baseUrl}/files/video/${cog[1]}.mp4`), cover_image_url: `${baseUrl}/files/image.png` }],
      });
    }
    // Aliyun DashScope Wan
    if (req.method === 'POST' && path.endsWith('/services/aigc/video-generation/video-synthesis')) {
      if (req.headers['x-dashscope-async'] !== 'enable') return json(res, 400, { code: 'InvalidParameter', message: 'async header required' });
      const id = createTask(body, body.input?.prompt);
      return json(res, 200, { request_id: 'r1', output: { task_id: id, task_status: 'PENDING' } });
    }
    const wan = /\/tasks\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && wan) {
      const state = taskState(decodeURIComponent(wan[1]!));
      if (!state) return json(res, 404, { code: 'NotFound', message: 'task not found' });
      if (state === 'running') return json(res, 200, { output: { task_id: wan[1], task_status: 'RUNNING' } });
      if (state === 'failed') return json(res, 200, { output: { task_id: wan[1], task_status: 'FAILED', message: '视频内容审核未通过' } });
      return json(res, 200, { output: { task_id: wan[1], task_status: 'SUCCEEDED', video_url: result(`${baseUrl}/files/video/${wan[1]}.mp4`) } });
    }
    json(res, 404, { error: { message: `no route ${path}` } });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) json(res, 500, { error: { message: 'stub failed' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const isCreate = (r: StubMediaRequest, kind?: 'image' | 'video') =>
    r.method === 'POST' &&
    ((kind !== 'video' && r.path.endsWith('/images/generations')) ||
      (kind !== 'image' && (r.path.endsWith('/videos/generations') || r.path.endsWith('/video-synthesis'))));
  return {
    baseUrl,
    requests,
    creates: (kind) => requests.filter((r) => isCreate(r, kind)).length,
    polls: () => requests.filter((r) => r.method === 'GET' && (r.path.includes('/async-result/') || r.path.includes('/tasks/'))).length,
    inFlight: () => ({ now: inFlight, max: maxInFlight }),
    setVideoMs: (ms) => void (videoMs = ms),
    setResultUrl: (url) => void (resultUrl = url),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
