// Content safety, relative to /new-chat. See docs/api/safety.md.
// Managers holding the admin right (others get 403):
//   POST   /course/admin/safety/words             {words: [{word, category, action?}]} → {added}
//   GET    /course/admin/safety/words              → [{id, word, category, action, builtin, createTime}]
//   DELETE /course/admin/safety/words/{id}
//   POST   /course/admin/safety/words/import       {fileId, category, action?}: TXT one word a line, XLSX word/category (read in a worker) → {added}
//   GET    /course/admin/safety/words/export       XLSX of every word
//   POST   /course/admin/safety/allow              {phrases: string[]}
//   GET    /course/admin/safety/allow              → [{id, phrase, createTime}]
//   DELETE /course/admin/safety/allow/{id}
//   GET    /course/admin/safety/settings           → settings
//   PUT    /course/admin/safety/settings           {counsellingText?, outputCheck?, alertTeachers?, alertManagers?, alertPhone?, guardModel?, guardFailClosed?}
//   GET    /course/admin/safety/events             ?category&classId&userId&from&to&page&size → {list, total}
//   GET    /course/admin/safety/events/export      the same filter, as XLSX
//   GET    /course/admin/safety/classes            → [{id, name}] every class, for the class filter
//   POST   /course/admin/safety/events/{id}/dismiss {phrase?}: not a violation, the phrase is allowlisted
// Teachers and managers:
//   GET    /app/user/alerts                        → [{id, category, student, className, excerpt, createTime, handled, handledBy}]
//   POST   /app/user/alerts/{id}/handled           marks it handled by the caller
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../context.js';
import { currentUser, requireClientType } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { MANAGER_CLIENT_TYPE } from '../account/index.js';
import { adminOnly } from '../admin/index.js';
import { IdParams } from '../../http/schema-fields.js';
import { sendSheets } from '../evaluation/index.js';
import {
  addWords,
  allowPhrases,
  dismissEvent,
  importWords,
  listAllow,
  listWords,
  readSettings,
  removeAllowed,
  removeWord,
  saveSettings,
} from './admin-service.js';
import { handleAlert, listAlerts } from './alerts.js';
import { classOptions, EXPORT_LIMIT, listEvents } from './event-list.js';
import { followSafetyChanges } from './runtime.js';
import { AllowBody, DismissBody, EventsQuery, ImportBody, SettingsBody, WordsBody } from './schemas.js';

export const safetyRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const stop = followSafetyChanges(ctx, app.log);
  app.addHook('onClose', stop);
  const admin = adminOnly(app, ctx);
  const staff = { preHandler: [app.requireUser, requireClientType('1', MANAGER_CLIENT_TYPE)] };
  const base = '/course/admin/safety';

  app.post(`${base}/words`, { ...admin, schema: { body: WordsBody } }, async (request) => {
    const result = await addWords(ctx, currentUser(request).id, request.body.words);
    return ok(result, `已添加 ${result.added} 个词`);
  });
  app.get(`${base}/words`, admin, async () => ok(await listWords(ctx.db)));
  app.delete(`${base}/words/:id`, { ...admin, schema: { params: IdParams } }, async (request) => {
    await removeWord(ctx, request.params.id);
    return ok(null, '词已删除');
  });
  app.post(`${base}/words/import`, { ...admin, schema: { body: ImportBody } }, async (request) => {
    const result = await importWords(ctx, currentUser(request), request.body);
    return ok(result, `已添加 ${result.added} 个词`);
  });
  app.get(`${base}/words/export`, admin, async (_request, reply) => {
    const words = await listWords(ctx.db);
    return sendSheets(reply, '敏感词表', [
      { name: '敏感词', headers: ['词', '类别', '处理方式'], rows: words.map((w) => [w.word, w.category, w.action]), widths: [30, 14, 12] },
    ]);
  });

  app.post(`${base}/allow`, { ...admin, schema: { body: AllowBody } }, async (request) => {
    await allowPhrases(ctx, currentUser(request).id, request.body.phrases);
    return ok(null, '已加入白名单');
  });
  app.get(`${base}/allow`, admin, async () => ok(await listAllow(ctx.db)));
  app.delete(`${base}/allow/:id`, { ...admin, schema: { params: IdParams } }, async (request) => {
    await removeAllowed(ctx, request.params.id);
    return ok(null, '白名单短语已删除');
  });

  app.get(`${base}/settings`, admin, async () => ok(await readSettings(ctx)));
  app.put(`${base}/settings`, { ...admin, schema: { body: SettingsBody } }, async (request) => ok(await saveSettings(ctx, request.body), '内容安全设置已保存'));

  app.get(`${base}/events`, { ...admin, schema: { querystring: EventsQuery } }, async (request) => ok(await listEvents(ctx, request.query)));
  app.get(`${base}/events/export`, { ...admin, schema: { querystring: EventsQuery } }, async (request, reply) => {
    const { list } = await listEvents(ctx, { ...request.query, page: 1, size: EXPORT_LIMIT });
    return sendSheets(reply, '内容安全记录', [
      {
        name: '内容安全记录',
        headers: ['时间', '类别', '来源', '方向', '用户', '命中', '摘录', '处理方式'],
        rows: list.map((e) => [new Date(e.createTime).toISOString(), e.category, e.source, e.direction, e.userName, e.matched, e.excerpt, e.action]),
        widths: [22, 12, 12, 8, 16, 16, 60, 10],
      },
    ]);
  });
  app.get(`${base}/classes`, admin, async () => ok(await classOptions(ctx)));
  app.post(`${base}/events/:id/dismiss`, { ...admin, schema: { params: IdParams, body: DismissBody } }, async (request) => {
    await dismissEvent(ctx, currentUser(request).id, request.params.id, request.body.phrase);
    return ok(null, '已标记为非违规，并将短语加入白名单');
  });

  app.get('/app/user/alerts', staff, async (request) => {
    const user = currentUser(request);
    return ok(await listAlerts(ctx, user.id, user.clientType === MANAGER_CLIENT_TYPE));
  });
  app.post('/app/user/alerts/:id/handled', { ...staff, schema: { params: IdParams } }, async (request) => {
    const user = currentUser(request);
    await handleAlert(ctx, user.id, user.clientType === MANAGER_CLIENT_TYPE, request.params.id);
    return ok(null, '提醒已处理');
  });
};
