// Serves the script tag's file and the chunks it loads, from the built front
// end (dist/web/embed.js and dist/web/embed/*.js):
//   GET /new-chat/embed.js        short cache (its name never changes, so a new release must reach pages soon)
//   GET /new-chat/embed/{file}    hashed names: cached for a year, immutable
// Any page may load them (they are public code): CORS and CORP allow every
// origin, since the panel is fetched with import(), which is a CORS request.
// Both go out as the build's brotli or gzip copy when the page's browser accepts it.
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { ServerContext } from '../../context.js';
import { ApiError, notFound } from '../../http/errors.js';
import { IMMUTABLE_CACHE, sendBuiltFile } from '../../http/precompressed.js';

const LOADER_CACHE = 'public, max-age=300, stale-while-revalidate=86400';
const CHUNK_CACHE = IMMUTABLE_CACHE;

const ChunkParams = Type.Object({ file: Type.String({ title: '文件名', pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]{0,119}\\.(js|css)$' }) });

async function sendBuilt(request: FastifyRequest, reply: FastifyReply, root: string, file: string, cacheControl: string) {
  reply.header('access-control-allow-origin', '*').header('cross-origin-resource-policy', 'cross-origin');
  const type = file.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8';
  let sent: boolean;
  try {
    sent = await sendBuiltFile(request, reply, root, file, { type, cacheControl });
  } catch (error) {
    throw new ApiError((error as { statusCode?: number }).statusCode ?? 500, '无法读取嵌入脚本');
  }
  if (!sent) throw notFound('嵌入脚本尚未构建，请运行 npm run build 后重启服务');
  return reply;
}

export function registerEmbedScript(app: FastifyInstance, ctx: ServerContext): void {
  const root = ctx.config.publicDir;
  app.get('/embed.js', (request, reply) => sendBuilt(request, reply, root, 'embed.js', LOADER_CACHE));
  app.get('/embed/:file', { schema: { params: ChunkParams } }, (request, reply) =>
    sendBuilt(request, reply, path.join(root, 'embed'), (request.params as { file: string }).file, CHUNK_CACHE),
  );
}
