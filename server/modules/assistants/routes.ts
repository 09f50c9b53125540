// Assistants, AI apps and favourites (SPEC §7 "Assistants and favourites"),
// relative to /new-chat. See docs/api/assistants.md.
//   GET    /course/app/api/allAssistant?title&kind&typeId   every assistant the user may use
//   GET    /course/app/api/assistant?typeId&title&kind&page&pageSize   the gallery, paged
//   GET    /app/api/assistant/type?typeMode=sys|form        categories (public)
//   GET    /app/user/assistant/{id}                          card, or full settings for the owner
//   GET    /app/user/assistant/list?title                    my assistants
//   POST   /app/user/assistant  ·  PUT /app/user/assistant {id,…}  ·  DELETE /app/user/assistant/{id}
//   GET    /app/user/favorite?title  ·  POST /app/user/favorite/add|remove {assistantId}
//   GET    /v1/chat/assistant/session?assistantId  ·  DELETE /v1/chat/assistant/session/{id}
//   GET    /gpt/assistant-form/list?title&typeId  ·  POST /gpt/assistant-form/run → text/event-stream
import { localizedName } from '../../i18n/install.js';
import { seededInLocale, seededListInLocale } from './seeded-words.js';
import { MANAGER_CLIENT_TYPE } from '../account/index.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../context.js';
import { currentUser, requireClientType } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { requestLocale } from '../../i18n/install.js';
import { IdParams, openSse, streamCompletion } from '../chat/index.js';
import { listForms, startFormRun } from './forms.js';
import {
  AssistantIdBody,
  CreateAssistantBody,
  FormRunBody,
  GalleryQuery,
  PagedGalleryQuery,
  SessionQuery,
  TitleQuery,
  TypeQuery,
  UpdateAssistantBody,
} from './schemas.js';
import {
  assistantPreset,
  ownsAssistant,
  createAssistant,
  deleteAssistant,
  getAssistant,
  listFavorites,
  listOwn,
  listUsable,
  setFavorite,
  updateAssistant,
} from './service.js';
import { deleteAssistantSession, listAssistantSessions } from './sessions.js';
import { listTypes } from './store.js';

export const assistantsRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  // Chats started with {assistantId} take the assistant's settings (server/modules/chat/presets.ts).
  ctx.chatPresets.assistant = { resolve: assistantPreset, owns: ownsAssistant };

  const signedIn = { preHandler: app.requireUser };
  // Students use assistants; building them is the teaching side's work.
  const teacherSide = { preHandler: [app.requireUser, requireClientType('1', '2')] };
  // Form runs stream on this instance; a closed connection stops them.
  const registry = ctx.generations;

  app.get('/course/app/api/allAssistant', { ...signedIn, schema: { querystring: GalleryQuery } }, async (request) =>
    ok(seededListInLocale(request, await listUsable(ctx, currentUser(request).id, request.query, currentUser(request).clientType))),
  );

  app.get('/course/app/api/assistant', { ...signedIn, schema: { querystring: PagedGalleryQuery } }, async (request) => {
    const { page = 1, pageSize = 50, ...query } = request.query;
    const all = await listUsable(ctx, currentUser(request).id, query, currentUser(request).clientType);
    return ok({ list: seededListInLocale(request, all.slice((page - 1) * pageSize, page * pageSize)), total: all.length, page, pageSize });
  });

  app.get('/app/api/assistant/type', { schema: { querystring: TypeQuery } }, async (request) =>
    ok((await listTypes(ctx.db, request.query.typeMode ?? 'sys')).map((type) => ({ ...type, name: localizedName(request, type.name) }))),
  );

  app.get('/app/user/assistant/list', { ...signedIn, schema: { querystring: TitleQuery } }, async (request) =>
    ok(await listOwn(ctx, currentUser(request).id, request.query.title)),
  );

  app.get('/app/user/assistant/:id', { ...signedIn, schema: { params: IdParams } }, async (request) =>
    ok(seededInLocale(request, await getAssistant(ctx, currentUser(request).id, request.params.id, currentUser(request).clientType))),
  );

  app.post('/app/user/assistant', { ...teacherSide, schema: { body: CreateAssistantBody } }, async (request) =>
    ok(await createAssistant(ctx, currentUser(request).id, request.body), '助手已创建'),
  );

  app.put('/app/user/assistant', { ...signedIn, schema: { body: UpdateAssistantBody } }, async (request) => {
    const { id, ...input } = request.body;
    return ok(await updateAssistant(ctx, currentUser(request).id, id, input), '助手已保存');
  });

  app.delete('/app/user/assistant/:id', { ...signedIn, schema: { params: IdParams } }, async (request) => {
    await deleteAssistant(ctx, currentUser(request).id, request.params.id);
    return ok(null, '助手已删除');
  });

  app.get('/app/user/favorite', { ...signedIn, schema: { querystring: TitleQuery } }, async (request) =>
    ok(seededListInLocale(request, await listFavorites(ctx, currentUser(request).id, request.query.title, currentUser(request).clientType))),
  );
  app.post('/app/user/favorite/add', { ...signedIn, schema: { body: AssistantIdBody } }, async (request) =>
    ok(await setFavorite(ctx, currentUser(request).id, request.body.assistantId, true), '已收藏'),
  );
  app.post('/app/user/favorite/remove', { ...signedIn, schema: { body: AssistantIdBody } }, async (request) =>
    ok(await setFavorite(ctx, currentUser(request).id, request.body.assistantId, false), '已取消收藏'),
  );

  app.get('/v1/chat/assistant/session', { ...signedIn, schema: { querystring: SessionQuery } }, async (request) => {
    const { page = 1, pageSize = 50, assistantId } = request.query;
    return ok(await listAssistantSessions(ctx, currentUser(request).id, { assistantId, page, pageSize }));
  });
  app.delete('/v1/chat/assistant/session/:id', { ...signedIn, schema: { params: IdParams } }, async (request) => {
    await deleteAssistantSession(ctx, currentUser(request).id, request.params.id);
    return ok(null, '会话已删除');
  });

  app.get('/gpt/assistant-form/list', { ...signedIn, schema: { querystring: GalleryQuery } }, async (request) =>
    ok(seededListInLocale(request, await listForms(ctx, currentUser(request).id, request.query, currentUser(request).clientType))),
  );

  app.post('/gpt/assistant-form/run', { ...signedIn, schema: { body: FormRunBody } }, async (request, reply) => {
    // Refusals (bad values, unknown app) are ordinary envelopes before the stream opens.
    const user = currentUser(request);
    const run = { registry, log: request.log, setupHint: user.clientType === MANAGER_CLIENT_TYPE, locale: requestLocale(request) };
    const started = await startFormRun(ctx, user.id, request.body, run, user.clientType);
    await streamCompletion(ctx, started, () => openSse(request, reply));
  });
};
