// How the built front end reaches the browser: the build's brotli or
// gzip copy when the browser accepts it (and the file itself when it does
// not), always with Vary: accept-encoding; hashed files cached for a year,
// pages and unhashed entry points revalidated so a deploy is picked up; the
// pages' security headers unchanged. The compressed copies here are made by
// the build's own plugin (scripts/rollup-web-delivery.mjs).
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { cspDirective } from '../../support/csp.js';
import { startTestServer, type TestServer } from '../../support/server.js';
// @ts-expect-error: a plain .mjs build script without types
import { precompress } from '../../../scripts/rollup-web-delivery.mjs';

const INDEX_HTML = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>智学</title>
<link rel="modulepreload" href="/chunks/react-AbC123.js" />
<script type="module" src="/app/main.js"></script></head><body><div id="app"></div>
<noscript>请启用 JavaScript 以使用本平台。Please enable JavaScript to use this platform.</noscript></body></html>`;
const script = (name: string) => `export const ${name} = ${JSON.stringify(`${name} `.repeat(200))};\n`;
const FILES: Record<string, string> = {
  'index.html': INDEX_HTML,
  'app/main.js': script('main'),
  'chunks/react-AbC123.js': script('react'),
  'elements/dialogue.js': script('dialogue'),
  'embed.js': script('loader'),
  'embed/panel-Xyz789.js': script('panel'),
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>', // too small to be worth compressing
};

let server: TestServer;
let dir: string;

/** Writes the files and what the build plugin emits for them. */
async function writeBuild(root: string): Promise<void> {
  const bundle = Object.fromEntries(
    Object.entries(FILES).map(([fileName, source]) => [
      fileName,
      fileName.endsWith('.js') ? { type: 'chunk', fileName, code: source } : { type: 'asset', fileName, source },
    ]),
  );
  const emitted: { fileName: string; source: Uint8Array }[] = [];
  await precompress().generateBundle.call({ emitFile: (file: { fileName: string; source: Uint8Array }) => emitted.push(file) }, {}, bundle);
  for (const file of [...Object.entries(FILES).map(([fileName, source]) => ({ fileName, source })), ...emitted]) {
    await mkdir(path.dirname(path.join(root, file.fileName)), { recursive: true });
    await writeFile(path.join(root, file.fileName), file.source);
  }
}

before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'zx-static-'));
  await writeBuild(path.join(dir, 'web'));
  await mkdir(path.join(dir, 'demo'));
  server = await startTestServer({ env: { ZX_PUBLIC_DIR: path.join(dir, 'web'), ZX_DEMO_DIR: path.join(dir, 'demo') } });
});
after(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes on the wire, before any decoding. */
  body: Buffer;
}

/** A GET with exactly these headers (fetch would add its own Accept-Encoding and decode). */
function get(urlPath: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${server.baseUrl}${urlPath}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

const decode = (raw: Raw): string => {
  const encoding = raw.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(raw.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(raw.body).toString('utf8');
  assert.equal(encoding, undefined, 'an unknown content-encoding');
  return raw.body.toString('utf8');
};

const varies = (raw: Raw) =>
  String(raw.headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding');

describe('compression', () => {
  test('every built text file comes as brotli to a browser that takes it, smaller, with Vary', async () => {
    for (const [file, source] of Object.entries(FILES)) {
      if (file === 'favicon.svg') continue;
      const urlPath = file === 'embed.js' || file.startsWith('embed/') ? `/new-chat/${file}` : `/${file}`;
      const raw = await get(urlPath, { 'accept-encoding': 'gzip, deflate, br, zstd' });
      assert.equal(raw.status, 200, urlPath);
      assert.equal(raw.headers['content-encoding'], 'br', urlPath);
      assert.ok(varies(raw), `${urlPath}: vary ${raw.headers.vary}`);
      assert.ok(raw.body.length < Buffer.byteLength(source), `${urlPath}: ${raw.body.length} bytes for ${Buffer.byteLength(source)}`);
      assert.equal(decode(raw), source, urlPath);
      const type = file.endsWith('.html') ? /^text\/html/ : /javascript/;
      assert.match(String(raw.headers['content-type']), type, urlPath);
    }
  });

  test('gzip when brotli is not accepted (or refused with q=0)', async () => {
    for (const accept of ['gzip, deflate', 'br;q=0, gzip', '*;q=0.5, br;q=0']) {
      const raw = await get('/chunks/react-AbC123.js', { 'accept-encoding': accept });
      assert.equal(raw.headers['content-encoding'], 'gzip', accept);
      assert.equal(decode(raw), FILES['chunks/react-AbC123.js'], accept);
      assert.ok(varies(raw), accept);
    }
  });

  test('a client that accepts no encoding gets the file itself, still with Vary (so a shared cache keeps both)', async () => {
    const variants: Record<string, string>[] = [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }];
    for (const headers of variants) {
      for (const urlPath of ['/chunks/react-AbC123.js', '/login', '/new-chat/embed.js']) {
        const raw = await get(urlPath, headers);
        assert.equal(raw.status, 200, urlPath);
        assert.equal(raw.headers['content-encoding'], undefined, `${urlPath} ${JSON.stringify(headers)}`);
        assert.ok(varies(raw), urlPath);
        assert.equal(
          raw.body.toString('utf8'),
          urlPath === '/login' ? INDEX_HTML : urlPath.includes('embed') ? FILES['embed.js'] : FILES['chunks/react-AbC123.js'],
        );
      }
    }
  });

  test('a file the build left uncompressed (too small) is sent as it is', async () => {
    const raw = await get('/favicon.svg', { 'accept-encoding': 'br, gzip' });
    assert.equal(raw.status, 200);
    assert.equal(raw.headers['content-encoding'], undefined);
    assert.equal(raw.body.toString('utf8'), FILES['favicon.svg']);
  });
});

describe('caching', () => {
  test('hashed files are immutable for a year; pages and unhashed entry points are revalidated', async () => {
    const immutable = ['/chunks/react-AbC123.js', '/new-chat/embed/panel-Xyz789.js'];
    const revalidated = ['/', '/login', '/course/dialogue', '/index.html', '/app/main.js', '/elements/dialogue.js', '/favicon.svg'];
    for (const urlPath of immutable) {
      const raw = await get(urlPath, { 'accept-encoding': 'br' });
      assert.equal(raw.headers['cache-control'], 'public, max-age=31536000, immutable', urlPath);
    }
    for (const urlPath of revalidated) {
      const raw = await get(urlPath, { 'accept-encoding': 'br' });
      assert.equal(raw.status, 200, urlPath);
      assert.equal(raw.headers['cache-control'], 'no-cache', urlPath);
      assert.ok(raw.headers.etag, `${urlPath} has an ETag to revalidate with`);
    }
    // The embed loader keeps its own short cache (a CMS page cannot revalidate it on every visit).
    assert.match(String((await get('/new-chat/embed.js')).headers['cache-control']), /max-age=300/);
  });

  test('revalidating a page or an entry point costs a 304 without a body', async () => {
    for (const urlPath of ['/login', '/app/main.js']) {
      for (const accept of ['br', '']) {
        const first = await get(urlPath, { 'accept-encoding': accept });
        const again = await get(urlPath, { 'accept-encoding': accept, 'if-none-match': String(first.headers.etag) });
        assert.equal(again.status, 304, `${urlPath} ${accept}`);
        assert.equal(again.body.length, 0);
        assert.equal(again.headers['cache-control'], 'no-cache');
      }
    }
    // The brotli and the plain copy are different bytes, so they never share an ETag.
    const br = await get('/app/main.js', { 'accept-encoding': 'br' });
    const plain = await get('/app/main.js');
    assert.notEqual(br.headers.etag, plain.headers.etag);
  });
});

describe('security headers stay on compressed pages', () => {
  test('the app shell keeps its Content-Security-Policy; files keep frame-ancestors and nosniff', async () => {
    for (const urlPath of ['/', '/login']) {
      const raw = await get(urlPath, { 'accept-encoding': 'br' });
      assert.equal(raw.headers['content-encoding'], 'br');
      const csp = String(raw.headers['content-security-policy']);
      assert.equal(cspDirective(csp, 'script-src'), "'self' 'wasm-unsafe-eval'", urlPath);
      assert.equal(cspDirective(csp, 'frame-ancestors'), "'self'", urlPath);
      assert.equal(raw.headers['x-frame-options'], 'SAMEORIGIN');
    }
    const js = await get('/chunks/react-AbC123.js', { 'accept-encoding': 'br' });
    assert.equal(cspDirective(String(js.headers['content-security-policy']), 'frame-ancestors'), "'self'");
    assert.equal(js.headers['x-content-type-options'], 'nosniff');
    const embed = await get('/new-chat/embed/panel-Xyz789.js', { 'accept-encoding': 'br' });
    assert.equal(embed.headers['access-control-allow-origin'], '*');
    assert.equal(embed.headers['cross-origin-resource-policy'], 'cross-origin');
    // An embed page (no key here) is the app shell too, compressed, framed only by Zhixue.
    const iframe = await get('/iframe', { 'accept-encoding': 'gzip' });
    assert.equal(iframe.headers['content-encoding'], 'gzip');
    assert.equal(decode(iframe), INDEX_HTML);
    assert.equal(cspDirective(String(iframe.headers['content-security-policy']), 'frame-ancestors'), "'self'");
  });
});
