// Class management, relative to /new-chat. See docs/api/courses.md.
//   POST   /course/classes                          (1) {name, term?} → ClassDetail (you teach it; it has a join code)
//   GET    /course/classes/:id                      (1 its teacher, 2) → ClassDetail
//   DELETE /course/classes/:id                      (1 its teacher)
//   POST   /course/classes/:id/students             (1 its teacher) {userIds?, usernames?} → {class, added, already, unknown, notStudents}
//   DELETE /course/classes/:id/students/:userId     (1 its teacher) → ClassDetail
//   POST   /course/classes/:id/joinCode             (1 its teacher) {action: 'regenerate'|'disable'} → {joinCode}
//   GET    /course/students?keyword                 (1) → [{id, name, username}] (student accounts, at most 20)
// Students join a class with its code through POST /course/join (courses routes): one box for either code.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { ModuleOptions } from '../../context.js';
import { currentUser, requireClientType } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { Id, IdParams } from '../chat/index.js';
import {
  addClassStudents,
  changeClassJoinCode,
  createClass,
  findStudents,
  MAX_PASTED_USERNAMES,
  readClass,
  removeClass,
  removeClassStudent,
} from './service.js';

const CreateClassBody = Type.Object(
  {
    name: Type.String({ title: '班级名称', minLength: 1, maxLength: 64, pattern: '^[^\\u0000-\\u001f\\u007f]*$' }),
    term: Type.Optional(Type.String({ title: '学期', maxLength: 60 })),
  },
  { additionalProperties: false },
);
const AddStudentsBody = Type.Object(
  {
    userIds: Type.Optional(Type.Array(Id('学生'), { title: '学生', maxItems: 100 })),
    usernames: Type.Optional(Type.Array(Type.String({ title: '用户名', minLength: 1, maxLength: 64 }), { title: '用户名', maxItems: MAX_PASTED_USERNAMES })),
  },
  { additionalProperties: false },
);
const StudentParams = Type.Object({ id: Id('班级'), userId: Id('学生') });
const JoinCodeBody = Type.Object(
  { action: Type.Union([Type.Literal('regenerate'), Type.Literal('disable')], { title: '操作' }) },
  { additionalProperties: false },
);
const KeywordQuery = Type.Object({ keyword: Type.String({ title: '关键词', maxLength: 64 }) });

export const classesRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const teachers = { preHandler: [app.requireUser, requireClientType('1')] };
  const teachersAndManagers = { preHandler: [app.requireUser, requireClientType('1', '2')] };
  const me = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;

  app.post('/course/classes', { ...teachers, schema: { body: CreateClassBody } }, async (request) =>
    ok(await createClass(ctx, me(request), request.body), '班级已创建'),
  );
  app.get('/course/classes/:id', { ...teachersAndManagers, schema: { params: IdParams } }, async (request) =>
    ok(await readClass(ctx, me(request), currentUser(request).clientType, request.params.id)),
  );
  app.delete('/course/classes/:id', { ...teachers, schema: { params: IdParams } }, async (request) => {
    await removeClass(ctx, me(request), request.params.id);
    return ok(null, '班级已删除');
  });
  app.post('/course/classes/:id/students', { ...teachers, schema: { params: IdParams, body: AddStudentsBody } }, async (request) =>
    ok(await addClassStudents(ctx, me(request), request.params.id, request.body)),
  );
  app.delete('/course/classes/:id/students/:userId', { ...teachers, schema: { params: StudentParams } }, async (request) =>
    ok(await removeClassStudent(ctx, me(request), request.params.id, request.params.userId), '已移出班级'),
  );
  app.post('/course/classes/:id/joinCode', { ...teachers, schema: { params: IdParams, body: JoinCodeBody } }, async (request) =>
    ok(await changeClassJoinCode(ctx, me(request), request.params.id, request.body.action)),
  );
  app.get('/course/students', { ...teachers, schema: { querystring: KeywordQuery } }, async (request) => ok(await findStudents(ctx, request.query.keyword)));
};
