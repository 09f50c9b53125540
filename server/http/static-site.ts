// Everything that is not the API: the built front end (with the single-page
// app fallback to index.html), the demo pages, and the logos shipped with
// the server. Unknown API paths get the JSON envelope instead.
//
// The built front end goes out as the build's brotli or gzip copy when the
// browser accepts one, hashed files cached for a year, the rest revalidated
// (see precompressed.ts).
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { fail } from './envelope.js';
import { NOT_FOUND_MESSAGE } from './error-handler.js';
import { cacheControlFor, REVALIDATE_CACHE, sendBuiltFile } from './precompressed.js';

export interface StaticSiteOptions {
  publicDir: string;
  demoDir: string;
  assetsDir: string;
}

export const API_PREFIX = '/new-chat';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="zh-CN"><meta charset="utf-8"><title>智学</title>
<body style="font-family:sans-serif;max-width:40em;margin:4em auto">
<h1>智学 server is running</h1>
<p>The front end is not built: run <code>npm run build</code>, then restart.</p>
<p>前端尚未构建：请运行 <code>npm run build</code> 后重新启动。</p>
<p>API: <a href="/new-chat/health">/new-chat/health</a></p>
</body></html>`;

const isDir = (dir: string) => fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory() ?? false;

export function registerStaticSite(app: FastifyInstance, options: StaticSiteOptions): void {
  // decorateReply is off everywhere: several registrations, and the fallback
  // below streams index.html itself.
  app.register(fastifyStatic, { root: options.assetsDir, prefix: `${API_PREFIX}/assets/`, decorateReply: false });
  if (isDir(options.demoDir)) {
    app.register(fastifyStatic, { root: options.demoDir, prefix: '/demo/', decorateReply: false });
    app.get('/demo', (_request, reply) => reply.redirect('/demo/'));
  }
  if (isDir(options.publicDir)) {
    const root = path.resolve(options.publicDir);
    app.register(fastifyStatic, {
      root,
      prefix: '/',
      decorateReply: false,
      preCompressed: true,
      // Cache-Control is ours (by folder: hashed names or not); send's own max-age=0 would come first.
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', cacheControlFor(path.relative(root, filePath)));
      },
    });
  }

  // A GET the API does not have, said under its prefix: find-my-way picks this over the site's
  // wildcard, which would look the path up in the public folder first (a stat and a readdir, about
  // 250 µs of CPU for a request anyone can send) and refuse an unusual spelling of it (a doubled
  // slash) with 403. The not-found handler below answers it with the API's 404 envelope.
  app.get(`${API_PREFIX}/*`, (_request, reply) => reply.callNotFound());

  app.setNotFoundHandler(async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    const isApi = urlPath === API_PREFIX || urlPath.startsWith(`${API_PREFIX}/`);
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send(fail(404, NOT_FOUND_MESSAGE));
    }
    // A missing script or image is a real 404; answering it with HTML only
    // produces a confusing MIME-type error in the browser.
    if (/\.[A-Za-z0-9]{1,8}$/.test(path.posix.basename(urlPath))) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    // Client-side routes (/course/list, /login, ...) all load the app shell.
    const sent = await sendBuiltFile(request, reply, options.publicDir, 'index.html', { type: 'text/html; charset=utf-8', cacheControl: REVALIDATE_CACHE });
    if (!sent) return reply.code(503).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(NOT_BUILT_PAGE);
    return reply;
  });
}
