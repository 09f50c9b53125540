// Classes, majors and terms in school administration, relative to /new-chat
// (a manager holding the admin right; others get 403).
//   GET    /course/admin/classes?keyword&major&term     → AdminClass[]
//   POST   /course/admin/classes                        {name, major?, term?} → AdminClass
//   PUT    /course/admin/classes/:id                    {name?, major?, term?} → AdminClass
//   DELETE /course/admin/classes/:id
//   GET    /course/admin/dictionaries/:dict             (major | term) → [{value, label, classCount}]
//   POST   /course/admin/dictionaries/:dict             {label, value?} → {value, label, classCount}
//   PUT    /course/admin/dictionaries/:dict/:value      {label}
//   DELETE /course/admin/dictionaries/:dict/:value      (refused while a class names it)
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { ModuleOptions } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { Id, IdParams } from '../chat/index.js';
import { recordAdminAction } from './audit.js';
import { adminOnly } from './guard.js';
import {
  addDictionaryEntry,
  createSchoolClass,
  listClasses,
  listDictionary,
  removeDictionaryEntry,
  removeSchoolClass,
  renameDictionaryEntry,
  updateSchoolClass,
} from './school-service.js';

const Label = (title: string) => Type.String({ title, minLength: 1, maxLength: 64 });
const LinkValue = (title: string) => Type.String({ title, maxLength: 40 });
const Dict = Type.Union([Type.Literal('major'), Type.Literal('term')], { title: '字典' });
const DictParams = Type.Object({ dict: Dict });
const EntryParams = Type.Object({ dict: Dict, value: Type.String({ title: '编码', minLength: 1, maxLength: 40 }) });
const ClassQuery = Type.Object({
  keyword: Type.Optional(Type.String({ title: '关键词', maxLength: 64 })),
  major: Type.Optional(LinkValue('专业')),
  term: Type.Optional(LinkValue('学期')),
});
const ClassBody = Type.Object(
  { name: Label('班级名称'), major: Type.Optional(LinkValue('专业')), term: Type.Optional(LinkValue('学期')) },
  { additionalProperties: false },
);
const ClassPatch = Type.Object(
  { name: Type.Optional(Label('班级名称')), major: Type.Optional(LinkValue('专业')), term: Type.Optional(LinkValue('学期')) },
  { additionalProperties: false },
);
const EntryBody = Type.Object({ label: Label('名称'), value: Type.Optional(Type.String({ title: '编码', maxLength: 40 })) }, { additionalProperties: false });
const RenameBody = Type.Object({ label: Label('名称') }, { additionalProperties: false });

export const schoolRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const admins = adminOnly(app, ctx);

  app.get('/course/admin/classes', { ...admins, schema: { querystring: ClassQuery } }, async (request) => ok(await listClasses(ctx, request.query)));

  app.post('/course/admin/classes', { ...admins, schema: { body: ClassBody } }, async (request) => {
    const created = await createSchoolClass(ctx, request.body);
    await recordAdminAction(ctx, request, { action: 'create', objectType: 'class', objectId: created.id, objectName: created.name });
    return ok(created, '班级已创建');
  });

  app.put('/course/admin/classes/:id', { ...admins, schema: { params: IdParams, body: ClassPatch } }, async (request) => {
    const updated = await updateSchoolClass(ctx, request.params.id, request.body);
    await recordAdminAction(ctx, request, {
      action: 'update',
      objectType: 'class',
      objectId: updated.id,
      objectName: updated.name,
      summary: Object.keys(request.body).join(', '),
    });
    return ok(updated, '已保存');
  });

  app.delete('/course/admin/classes/:id', { ...admins, schema: { params: Type.Object({ id: Id('班级') }) } }, async (request) => {
    const removed = await removeSchoolClass(ctx, request.params.id);
    await recordAdminAction(ctx, request, { action: 'delete', objectType: 'class', objectId: removed.id, objectName: removed.name });
    return ok(null, '班级已删除');
  });

  app.get('/course/admin/dictionaries/:dict', { ...admins, schema: { params: DictParams } }, async (request) =>
    ok(await listDictionary(ctx, request.params.dict)),
  );

  app.post('/course/admin/dictionaries/:dict', { ...admins, schema: { params: DictParams, body: EntryBody } }, async (request) => {
    const added = await addDictionaryEntry(ctx, request.params.dict, request.body);
    await recordAdminAction(ctx, request, { action: 'create', objectType: request.params.dict, objectId: added.value, objectName: added.label });
    return ok(added, '已添加');
  });

  app.put('/course/admin/dictionaries/:dict/:value', { ...admins, schema: { params: EntryParams, body: RenameBody } }, async (request) => {
    await renameDictionaryEntry(ctx, request.params.dict, request.params.value, request.body.label);
    await recordAdminAction(ctx, request, {
      action: 'update',
      objectType: request.params.dict,
      objectId: request.params.value,
      objectName: request.body.label,
    });
    return ok(null, '已保存');
  });

  app.delete('/course/admin/dictionaries/:dict/:value', { ...admins, schema: { params: EntryParams } }, async (request) => {
    await removeDictionaryEntry(ctx, request.params.dict, request.params.value);
    await recordAdminAction(ctx, request, { action: 'delete', objectType: request.params.dict, objectId: request.params.value });
    return ok(null, '已删除');
  });
};
