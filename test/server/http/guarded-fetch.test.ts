// Server-side fetching of URLs from outside: a provider's result URL or a
// model server a manager typed never reaches a private, loopback or metadata
// address (after DNS, and on every redirect) unless that host is allowlisted;
// bodies of the wrong type or size are refused.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { currentFetchAllowlist, parseFetchAllowlist, setFetchAllowlist } from '../../../server/net/fetch-allowlist.js';
import { FetchRefused, guardedFetch } from '../../../server/net/guarded-fetch.js';
import { writeMediaConfig } from '../../support/media-config.js';
import { startTestServer, type TestServer } from '../../support/server.js';
import { startStubLlm, type StubLlm } from '../../support/stub-llm.js';
import { startStubMedia, type StubMedia } from '../../support/stub-media.js';

interface Internal {
  url: string;
  hits: string[];
  close(): Promise<void>;
}

/** Stands in for an internal service (an admin page, a metadata endpoint) that must never be read. */
async function startInternal(): Promise<Internal> {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/huge') {
      res.writeHead(200, { 'content-type': 'video/mp4' });
      res.write(Buffer.alloc(64 * 1024));
      res.end(Buffer.alloc(64 * 1024));
      return;
    }
    res.writeHead(200, { 'content-type': req.url === '/page' ? 'text/html' : 'video/mp4' });
    res.end('internal secret');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let stub: StubMedia;
let llm: StubLlm;
let internal: Internal;
let server: TestServer;
before(async () => {
  [stub, llm, internal] = await Promise.all([startStubMedia({ videoMs: 50 }), startStubLlm(), startInternal()]);
  // Nothing allowlisted but what the configuration itself names (the media provider).
  server = await startTestServer({
    env: { ZX_FETCH_ALLOW: '', ZX_LOG_LEVEL: 'error', ZX_CONFIG: writeMediaConfig(stub.baseUrl), ZX_GEN_POLL_MS: '50', ZX_GEN_VIDEO_POLL_MS: '50' },
  });
});
after(async () => {
  await server?.close();
  await Promise.all([stub?.close(), llm?.close(), internal?.close()]);
});

async function videoJob(token: string): Promise<{ status: string; files: unknown[] }> {
  const created = await server.api<{ id: string }>('POST', '/app/user/generations', {
    token,
    body: { kind: 'video', prompt: '水循环动画', model: 'stub-video' },
  });
  assert.equal(created.status, 200, created.body.msg);
  for (;;) {
    const job = await server.api<{ status: string; files: unknown[] }>('GET', `/app/user/generations/${created.body.data.id}`, { token });
    if (!['queued', 'running'].includes(job.body.data.status)) return job.body.data;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('generation results', () => {
  test('a video result at an internal address is never fetched, and nothing is stored for the student', async () => {
    const token = await server.login('student');
    stub.setResultUrl(`${internal.url}/secret.mp4`);
    try {
      const job = await videoJob(token);
      assert.equal(job.status, 'failed');
      assert.equal(job.files.length, 0);
      assert.deepEqual(internal.hits, []);
    } finally {
      stub.setResultUrl(null);
    }
  });

  test('a result on the provider that redirects to an internal address is refused at the redirect', async () => {
    const token = await server.login('student');
    stub.setResultUrl(`${stub.baseUrl}/redirect?to=${encodeURIComponent(`${internal.url}/secret.mp4`)}`);
    try {
      const job = await videoJob(token);
      assert.equal(job.status, 'failed');
      assert.ok(
        stub.requests.some((r) => r.path === '/redirect'),
        'the provider was asked',
      );
      assert.deepEqual(internal.hits, []);
    } finally {
      stub.setResultUrl(null);
    }
    const normal = await videoJob(token);
    assert.equal(normal.status, 'succeeded', 'the provider itself (configured by the operator) stays reachable');
  });
});

describe('model servers a manager types', () => {
  test('a model server at a loopback address is not contacted unless its host is allowlisted', async () => {
    const manager = await server.login('manager');
    const probe = await server.api<{ ok: boolean }>('POST', '/course/admin/models/test', {
      token: manager,
      body: { baseUrl: llm.baseUrl, apiKey: 'sk-test', model: 'any' },
    });
    assert.equal(probe.status, 200);
    assert.equal(probe.body.data.ok, false);
    assert.equal(llm.requests.length, 0);
  });
});

describe('the guarded client', () => {
  const saved = currentFetchAllowlist();
  after(() => setFetchAllowlist(saved));

  test('refuses metadata, loopback by name and private addresses, and reaches an allowlisted host:port', async () => {
    setFetchAllowlist(parseFetchAllowlist(''));
    await assert.rejects(guardedFetch('http://169.254.169.254/latest/meta-data/'), FetchRefused);
    await assert.rejects(guardedFetch(`http://localhost:${new URL(internal.url).port}/a`), FetchRefused, 'a name that resolves to loopback');
    await assert.rejects(guardedFetch('http://10.0.0.1/'), FetchRefused);
    assert.deepEqual(internal.hits, []);
    setFetchAllowlist(parseFetchAllowlist(new URL(internal.url).host));
    const allowed = await guardedFetch(`${internal.url}/ok`);
    assert.equal(await allowed.text(), 'internal secret');
    setFetchAllowlist(parseFetchAllowlist('127.0.0.1:1'));
    await assert.rejects(guardedFetch(`${internal.url}/other-port`), FetchRefused, 'another port of an allowlisted address');
  });

  test('refuses a body of another type or beyond the size limit', async () => {
    setFetchAllowlist(parseFetchAllowlist('127.0.0.1'));
    await assert.rejects(guardedFetch(`${internal.url}/page`, { contentTypes: ['video/'] }), FetchRefused);
    const big = await guardedFetch(`${internal.url}/huge`, { maxBytes: 100_000 });
    await assert.rejects(big.arrayBuffer());
  });

  test('a malformed allowlist entry stops the start with what to write', () => {
    assert.throws(() => parseFetchAllowlist('10.0.0.0/99'), /ZX_FETCH_ALLOW/);
    assert.throws(() => parseFetchAllowlist('http://x'), /ZX_FETCH_ALLOW/);
  });
});
