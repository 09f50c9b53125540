// Inquiry practice (SPEC `/course/appsExternal`), relative to /new-chat.
// See docs/api/assistants.md. Guided-inquiry assistants themselves are
// assistants (kind 'inquiry') served by the assistants module.
//   GET    /course/app/api/practice/app?title          the school's external practice apps
//   POST   /course/app/api/practice/app                 {title, url, description?, icon?} (teaching side)
//   PUT    /course/app/api/practice/app                 {id, …} (owner)
//   DELETE /course/app/api/practice/app/{id}            (owner)
//   GET    /course/app/api/practice/records?assistantId  inquiry sessions: own (student) or of my students (teacher)
//   GET    /course/app/api/practice/records/{id}        one session with its messages, read-only
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { ModuleOptions } from '../../context.js';
import { currentUser, requireClientType } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { requestLocale } from '../../i18n/install.js';
import { IdParams, viewInLocale } from '../chat/index.js';
import { CreateAppBody, RecordsQuery, TitleQuery, UpdateAppBody } from './schemas.js';
import { createApp, deleteApp, listApps, listRecords, readRecord, updateApp } from './service.js';

/** The host this request reached us on, so a teacher cannot frame our own pages. */
const ownHost = (request: FastifyRequest) => request.host;

export const practiceRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const signedIn = { preHandler: app.requireUser };
  const teacherSide = { preHandler: [app.requireUser, requireClientType('1', '2')] };
  const base = '/course/app/api/practice';

  app.get(`${base}/app`, { ...signedIn, schema: { querystring: TitleQuery } }, async (request) =>
    ok(await listApps(ctx, currentUser(request).id, request.query.title)),
  );
  app.post(`${base}/app`, { ...teacherSide, schema: { body: CreateAppBody } }, async (request) =>
    ok(await createApp(ctx, currentUser(request).id, request.body, ownHost(request)), '实践应用已添加'),
  );
  app.put(`${base}/app`, { ...teacherSide, schema: { body: UpdateAppBody } }, async (request) => {
    const { id, ...input } = request.body;
    return ok(await updateApp(ctx, currentUser(request).id, id, input, ownHost(request)), '实践应用已保存');
  });
  app.delete(`${base}/app/:id`, { ...teacherSide, schema: { params: IdParams } }, async (request) => {
    await deleteApp(ctx, currentUser(request).id, request.params.id);
    return ok(null, '实践应用已删除');
  });

  app.get(`${base}/records`, { ...signedIn, schema: { querystring: RecordsQuery } }, async (request) => {
    const { page = 1, pageSize = 50, assistantId } = request.query;
    return ok(await listRecords(ctx, currentUser(request), { assistantId, page, pageSize }));
  });
  app.get(`${base}/records/:id`, { ...signedIn, schema: { params: IdParams } }, async (request) => {
    const { record, messages } = await readRecord(ctx, currentUser(request), request.params.id);
    const locale = requestLocale(request);
    return ok({ record, messages: messages.map((m) => viewInLocale(m, locale)) });
  });
};
