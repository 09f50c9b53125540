// People in school administration, relative to /new-chat. Every call: a
// manager (client type 2) holding the admin right; others get 403.
//   GET  /course/admin/users?keyword&clientType&classId&status&page&pageSize → {items: Person[], total}
//   POST /course/admin/users                   {username, name, clientTypes, classIds?, admin?, menus?} → {person, oneTimePassword}
//   GET  /course/admin/users/:id               → Person
//   PUT  /course/admin/users/:id               {name?, nickname?, clientTypes?, menus?, admin?, classIds?} → Person
//   POST /course/admin/users/:id/disable       → Person (every sign-in of the account ends at once)
//   POST /course/admin/users/:id/enable        → Person
//   POST /course/admin/users/:id/password/reset → {person, oneTimePassword} (shown once; changed at next sign-in)
//   GET  /course/admin/menus                   → {ids, defaults}
//   POST /course/admin/users/import            {fileId} → {created, classesCreated} | 400 {problems: [{line, reason}]}
//   GET  /course/admin/users/import/template?format=csv|xlsx → the roster template file
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { ModuleOptions } from '../../context.js';
import { currentUser } from '../../http/auth.js';
import { ok, okResponse } from '../../http/envelope.js';
import { PeoplePageSchema, PersonSchema, PersonWithPasswordSchema } from './person-schema.js';
import { requestLocale } from '../../i18n/install.js';
import { sendXlsx } from '../evaluation/index.js';
import { Id, IdParams } from '../chat/index.js';
import { recordAdminAction } from './audit.js';
import { adminOnly } from './guard.js';
import { createPerson, listPeople, menuChoices, readPerson, resetPassword, setDisabled, updatePerson } from './people-service.js';
import { importRosterUpload, localizedProblems, rosterTemplateCsv, rosterTemplateXlsx } from './roster-file.js';

const ClientTypeSchema = Type.Union([Type.Literal('1'), Type.Literal('2'), Type.Literal('3')], { title: '身份' });
const ClientTypes = Type.Array(ClientTypeSchema, { title: '身份', minItems: 1, maxItems: 3 });
const ClassIds = Type.Array(Id('班级'), { title: '班级', maxItems: 50 });
const Menus = Type.Union([Type.String({ title: '菜单', maxLength: 100, pattern: '^[0-9, ]*$' }), Type.Null()], { title: '菜单' });
const Text64 = (title: string) => Type.String({ title, minLength: 1, maxLength: 64 });

const ListQuery = Type.Object({
  keyword: Type.Optional(Type.String({ title: '关键词', maxLength: 64 })),
  clientType: Type.Optional(ClientTypeSchema),
  classId: Type.Optional(Id('班级')),
  status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('disabled')], { title: '状态' })),
  page: Type.Optional(Type.Integer({ title: '页码', minimum: 1, maximum: 100_000 })),
  pageSize: Type.Optional(Type.Integer({ title: '每页条数', minimum: 1, maximum: 200 })),
});
const CreateBody = Type.Object(
  {
    username: Text64('用户名'),
    name: Text64('姓名'),
    clientTypes: ClientTypes,
    classIds: Type.Optional(ClassIds),
    admin: Type.Optional(Type.Boolean({ title: '管理员' })),
    menus: Type.Optional(Menus),
  },
  { additionalProperties: false },
);
const UpdateBody = Type.Object(
  {
    name: Type.Optional(Text64('姓名')),
    nickname: Type.Optional(Type.String({ title: '昵称', minLength: 1, maxLength: 32 })),
    clientTypes: Type.Optional(ClientTypes),
    menus: Type.Optional(Menus),
    admin: Type.Optional(Type.Boolean({ title: '管理员' })),
    classIds: Type.Optional(ClassIds),
  },
  { additionalProperties: false },
);
const ImportBody = Type.Object({ fileId: Id('文件') }, { additionalProperties: false });
const TemplateQuery = Type.Object({ format: Type.Optional(Type.Union([Type.Literal('csv'), Type.Literal('xlsx')], { title: '格式' })) });

export const peopleRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const admins = adminOnly(app, ctx);

  app.get('/course/admin/users', { ...admins, schema: { querystring: ListQuery, response: okResponse(PeoplePageSchema) } }, async (request) => {
    const q = request.query;
    return ok(await listPeople(ctx, { ...q, page: q.page ?? 1, pageSize: q.pageSize ?? 20 }));
  });

  app.post('/course/admin/users', { ...admins, schema: { body: CreateBody, response: okResponse(PersonWithPasswordSchema) } }, async (request) => {
    const created = await createPerson(ctx, request.body);
    await recordAdminAction(ctx, request, {
      action: 'create',
      objectType: 'user',
      objectId: created.person.id,
      objectName: created.person.username,
      summary: `clientTypes: ${created.person.clientTypes.join('|')}`,
    });
    return ok(created, '账号已创建');
  });

  app.get('/course/admin/menus', admins, async () => ok(menuChoices()));

  app.get('/course/admin/users/:id', { ...admins, schema: { params: IdParams, response: okResponse(PersonSchema) } }, async (request) =>
    ok(await readPerson(ctx, request.params.id)),
  );

  app.put('/course/admin/users/:id', { ...admins, schema: { params: IdParams, body: UpdateBody, response: okResponse(PersonSchema) } }, async (request) => {
    const { person, summary } = await updatePerson(ctx, currentUser(request), request.params.id, request.body);
    await recordAdminAction(ctx, request, {
      action: summary.some((s) => /^(clientTypes|menus|admin):/u.test(s)) ? 'permission' : 'update',
      objectType: 'user',
      objectId: person.id,
      objectName: person.username,
      summary: summary.join('; '),
    });
    return ok(person, '已保存');
  });

  for (const [path, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    app.post(`/course/admin/users/:id/${path}`, { ...admins, schema: { params: IdParams, response: okResponse(PersonSchema) } }, async (request) => {
      const person = await setDisabled(ctx, currentUser(request), request.params.id, disabled);
      await recordAdminAction(ctx, request, {
        action: 'permission',
        objectType: 'user',
        objectId: person.id,
        objectName: person.username,
        summary: disabled ? 'account disabled; signed out everywhere' : 'account enabled',
      });
      return ok(person, disabled ? '账号已停用' : '账号已启用');
    });
  }

  app.post(
    '/course/admin/users/:id/password/reset',
    { ...admins, schema: { params: IdParams, response: okResponse(PersonWithPasswordSchema) } },
    async (request) => {
      const reset = await resetPassword(ctx, currentUser(request), request.params.id);
      // The one-time password goes to the manager once, never into a record or a log.
      await recordAdminAction(ctx, request, {
        action: 'password',
        objectType: 'user',
        objectId: reset.person.id,
        objectName: reset.person.username,
        summary: 'password reset by an administrator (one-time password, signed out everywhere)',
      });
      return ok(reset, '密码已重置');
    },
  );

  app.post('/course/admin/users/import', { ...admins, schema: { body: ImportBody } }, async (request, reply) => {
    const result = await importRosterUpload(ctx, currentUser(request), request.body.fileId);
    if (!result.ok) {
      await recordAdminAction(ctx, request, { action: 'import', objectType: 'roster', summary: `rejected: ${result.problems.length} rows`, result: 'failure' });
      reply.code(400);
      return {
        code: 400,
        msg: `名单有 ${result.problems.length} 处问题，没有导入任何账号`,
        data: { problems: localizedProblems(result.problems, requestLocale(request)) },
      };
    }
    await recordAdminAction(ctx, request, {
      action: 'import',
      objectType: 'roster',
      summary: `created: ${result.created}; new classes: ${result.classesCreated.join(', ')}`,
    });
    return ok({ created: result.created, classesCreated: result.classesCreated }, `已导入 ${result.created} 个账号`);
  });

  app.get('/course/admin/users/import/template', { ...admins, schema: { querystring: TemplateQuery } }, async (request, reply) => {
    if (request.query.format === 'xlsx') return sendXlsx(reply, 'roster-template', await rosterTemplateXlsx());
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="roster-template.csv"`)
      .send(rosterTemplateCsv());
  });
};
