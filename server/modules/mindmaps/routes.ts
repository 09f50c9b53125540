// Mind maps, relative to /new-chat. See docs/api/mindmaps.md.
//   POST   /app/user/mindmaps/outline          {source: {kind, id?, topic?}, model?, version?}
//                                              → SSE: start, lines (canonical outline lines), notice, done {outline} | error
//   POST   /app/user/mindmaps/expand           {path: [root…node], model?, version?} → SSE, lines are the node's children
//   GET    /app/user/mindmaps                  my maps (no outlines)
//   POST   /app/user/mindmaps                  {title?, outline, source?} → the map
//   GET    /app/user/mindmaps/{id}             the map
//   PUT    /app/user/mindmaps/{id}             {title?, outline?} → the map
//   DELETE /app/user/mindmaps/{id}
//   POST   /app/user/mindmaps/{id}/share       → {token, path}
//   DELETE /app/user/mindmaps/{id}/share       revoke
//   GET    /app/api/mindmaps/shared/{token}    public, signed out: {title, outline, author, updatedAt}
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../context.js';
import { currentUser } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { ApiError } from '../../http/errors.js';
import { requestLocale } from '../../i18n/install.js';
import { translateMessage } from '../../i18n/translate.js';
import { openSse, type SseStream } from '../chat/index.js';
import { CreateMapBody, ExpandBody, MapParams, OutlineBody, SaveMapBody, ShareParams } from './schemas.js';
import { createMap, listOwnMaps, readOwnMap, readSharedMap, removeMap, revokeShare, saveMap, shareMap } from './service.js';
import { expandNode, WRITING_FAILED, writeOutline, type WriterEvent } from './writer.js';
import { registerMindMapJobs } from './generation-kind.js';
import { requireSafe } from '../safety/index.js';

// Mind maps are also `kind: 'mindmap'` generation jobs (generation-kind.ts).
registerMindMapJobs();

/**
 * Runs a writer as server-sent events. The stream opens with the first
 * event, so a refusal before it (no such lesson, no model) is an ordinary
 * {code,msg} reply; messages inside the stream are translated here, since
 * they do not pass the envelope's translation hook.
 */
async function streamWriter(request: FastifyRequest, reply: FastifyReply, run: (emit: (event: WriterEvent) => void, signal: AbortSignal) => Promise<unknown>) {
  let sse: SseStream | undefined;
  const controller = new AbortController();
  const locale = requestLocale(request);
  const emit = (event: WriterEvent) => {
    if (!sse) {
      sse = openSse(request, reply);
      sse.signal.addEventListener('abort', () => controller.abort(), { once: true });
    }
    sse.send(event.type === 'notice' ? { ...event, message: translateMessage(event.message, locale) } : event);
  };
  try {
    await run(emit, controller.signal);
  } catch (error) {
    if (!sse) throw error;
    const message = error instanceof ApiError ? error.message : ((error as { userMessage?: string }).userMessage ?? WRITING_FAILED);
    if (!controller.signal.aborted) request.log.warn({ err: error }, 'mind map writing failed');
    sse.send({ type: 'error', message: translateMessage(message, locale) });
  }
  sse?.end();
  return reply;
}

export const mindMapRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const signedIn = { preHandler: [app.requireUser] };
  const base = '/app/user/mindmaps';

  app.post(`${base}/outline`, { ...signedIn, schema: { body: OutlineBody } }, async (request, reply) =>
    streamWriter(request, reply, (emit, signal) => writeOutline(ctx, currentUser(request), request.body, requestLocale(request), emit, signal)),
  );
  app.post(`${base}/expand`, { ...signedIn, schema: { body: ExpandBody } }, async (request, reply) =>
    streamWriter(request, reply, async (emit, signal) => {
      await requireSafe(ctx, { text: request.body.path.join(' '), userId: currentUser(request).id, source: 'mindmaps' });
      return expandNode(ctx, request.body, emit, signal);
    }),
  );

  app.get(base, signedIn, async (request) => ok(await listOwnMaps(ctx, currentUser(request))));
  app.post(base, { ...signedIn, schema: { body: CreateMapBody } }, async (request) =>
    ok(await createMap(ctx, currentUser(request), request.body, requestLocale(request)), '思维导图已保存'),
  );
  app.get(`${base}/:id`, { ...signedIn, schema: { params: MapParams } }, async (request) => ok(await readOwnMap(ctx, currentUser(request), request.params.id)));
  app.put(`${base}/:id`, { ...signedIn, schema: { params: MapParams, body: SaveMapBody } }, async (request) =>
    ok(await saveMap(ctx, currentUser(request), request.params.id, request.body, requestLocale(request)), '思维导图已保存'),
  );
  app.delete(`${base}/:id`, { ...signedIn, schema: { params: MapParams } }, async (request) => {
    await removeMap(ctx, currentUser(request), request.params.id);
    return ok(null, '思维导图已删除');
  });
  app.post(`${base}/:id/share`, { ...signedIn, schema: { params: MapParams } }, async (request) =>
    ok(await shareMap(ctx, currentUser(request), request.params.id)),
  );
  app.delete(`${base}/:id/share`, { ...signedIn, schema: { params: MapParams } }, async (request) => {
    await revokeShare(ctx, currentUser(request), request.params.id);
    return ok(null, '已取消分享，原链接不再能打开');
  });

  // Public: the read-only map behind a share link, for anyone who has it.
  app.get('/app/api/mindmaps/shared/:token', { schema: { params: ShareParams } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await readSharedMap(ctx, request.params.token));
  });
};
