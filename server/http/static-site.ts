// Everything that is not the API: the built front end (with the single-page
// app fallback to index.html), the demo pages, and the logos shipped with
// the server. Unknown API paths get the JSON envelope instead.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { fail } from './envelope.js';
import { NOT_FOUND_MESSAGE } from './error-handler.js';

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
  if (isDir(options.publicDir)) app.register(fastifyStatic, { root: options.publicDir, prefix: '/', decorateReply: false });

  const indexHtml = path.join(options.publicDir, 'index.html');

  app.setNotFoundHandler((request, reply) => {
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
    if (!fs.existsSync(indexHtml)) return reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
    // Client-side routes (/course/list, /login, ...) all load the app shell.
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(fs.createReadStream(indexHtml));
  });
}
