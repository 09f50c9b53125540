// Work placements, relative to /new-chat. See docs/api/placement.md.
//   POST /course/placements                          (1 as supervisor, 2) {studentId, company, post, startDate, endDate, supervisorId, mentor} → {id}
//   GET  /course/placements?mine=1                   (1 theirs, 2 all, 3 own) → [PlacementView] (lastLogAt, unsignedWeeks, alerts)
//   GET  /course/placements/people?role&keyword      (1, 2) → [{id, name, username}]: student or teacher accounts for the form's pickers
//   GET  /course/placements/export                   (1 theirs, 2 all) → XLSX for the education bureau, in the reader's language
//   GET  /course/placements/:id                      (its student, supervisor, managers) → PlacementView
//   POST /course/placements/:id/state                (1 its supervisor, 2) {state, reason?}
//   POST /course/placements/:id/logs                 (3 its student) {date, text, hours, night?, location?, fileIds?} → {id}
//   GET  /course/placements/:id/logs                 (its student, supervisor, managers) → [LogView]
//   POST /course/placements/:id/draft                (3 its student) {kind: 'log', notes} | {kind: 'week', week?} → {text, engine}: the AI's draft, not stored
//   POST /course/placements/:id/weeks/:week/sign-link (1 its supervisor) → {url, expiresAt}
//   POST /course/placements/alerts/:id/handle        (1 its supervisor, 2) {comment?}
//   GET  /app/api/placement/sign?token=              (no account) → the week's logs
//   POST /app/api/placement/sign                     (no account) {token, comment?}: once, before expiry
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { ModuleOptions } from '../../context.js';
import { currentUser, requireClientType } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { sendSheets } from '../evaluation/index.js';
import { Id, IdParams } from '../../http/schema-fields.js';
import { DAY_PATTERN } from '../board/index.js';
import { addLog, changePlacementState, createPlacement, handlePlacementAlert, listLogs, listPlacements, readPlacement } from './service.js';
import { placementSheets } from './export.js';
import { draftLog } from './drafts.js';
import { pickPeople } from './people.js';
import { requestLocale } from '../../i18n/install.js';
import { makeSignLink, readSignWeek, signWeek } from './sign-links.js';

const Text = (title: string, maxLength: number, minLength = 0) => Type.String({ title, minLength, maxLength });
const Day = (title: string) => Type.String({ title, pattern: DAY_PATTERN });
const FileIds = Type.Optional(Type.Array(Id('文件'), { title: '文件', maxItems: 20 }));

const CreateBody = Type.Object(
  {
    studentId: Id('学生'),
    company: Type.Union(
      [
        Text('实习单位', 120, 1),
        Type.Object(
          { name: Text('实习单位', 120, 1), address: Type.Optional(Text('单位地址', 200)), contact: Type.Optional(Text('单位联系人', 120)) },
          { additionalProperties: false },
        ),
      ],
      { title: '实习单位' },
    ),
    post: Text('实习岗位', 120, 1),
    startDate: Day('开始日期'),
    endDate: Day('结束日期'),
    supervisorId: Id('校内指导教师'),
    mentor: Type.Object(
      { name: Text('企业导师姓名', 60, 1), phone: Type.String({ title: '企业导师电话', pattern: '^[0-9+\\- ]{5,20}$' }) },
      { additionalProperties: false, title: '企业导师' },
    ),
    fileIds: FileIds,
  },
  { additionalProperties: false },
);
const StateBody = Type.Object(
  {
    state: Type.Union([Type.Literal('active'), Type.Literal('finished'), Type.Literal('ended')], { title: '实习状态' }),
    reason: Type.Optional(Text('原因', 500)),
  },
  { additionalProperties: false },
);
const LogBody = Type.Object(
  {
    date: Day('日期'),
    text: Text('日志内容', 5000, 1),
    hours: Type.Number({ title: '工作时长', minimum: 0, maximum: 24 }),
    night: Type.Optional(Type.Boolean({ title: '夜班' })),
    location: Type.Optional(Text('地点', 200)),
    fileIds: FileIds,
  },
  { additionalProperties: false },
);
const DraftBody = Type.Object(
  {
    kind: Type.Union([Type.Literal('log'), Type.Literal('week')], { title: '草稿类型' }),
    notes: Type.Optional(Text('笔记', 5000)),
    week: Type.Optional(Type.Integer({ title: '周次', minimum: 1, maximum: 104 })),
  },
  { additionalProperties: false },
);
const WeekParams = Type.Object({ id: Id('编号'), week: Type.Integer({ title: '周次', minimum: 1, maximum: 104 }) });
const ListQuery = Type.Object({ mine: Type.Optional(Type.String({ title: '只看我的', maxLength: 5 })) });
const HandleBody = Type.Object({ comment: Type.Optional(Text('处理说明', 500)) }, { additionalProperties: false });
const PeopleQuery = Type.Object({
  role: Type.Union([Type.Literal('student'), Type.Literal('teacher')], { title: '角色' }),
  keyword: Type.Optional(Type.String({ title: '关键词', maxLength: 64 })),
});
const TokenQuery = Type.Object({ token: Text('签字链接', 100, 10) });
const SignBody = Type.Object({ token: Text('签字链接', 100, 10), comment: Type.Optional(Text('导师评语', 1000)) }, { additionalProperties: false });

/** Where a sign link points: the configured public address, else the address the supervisor reached us by. */
function originOf(request: FastifyRequest, publicUrl: string | undefined): string {
  return (publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/$/u, '');
}

export const placementsRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const viewer = (request: FastifyRequest) => ({ id: currentUser(request).id, clientType: currentUser(request).clientType });
  const staff = { preHandler: [app.requireUser, requireClientType('1', '2')] };
  const everyone = { preHandler: [app.requireUser, requireClientType('1', '2', '3')] };
  const students = { preHandler: [app.requireUser, requireClientType('3')] };
  const teachers = { preHandler: [app.requireUser, requireClientType('1')] };

  app.post('/course/placements', { ...staff, schema: { body: CreateBody } }, async (request) =>
    ok(await createPlacement(ctx, viewer(request), request.body), '实习已创建'),
  );
  app.get('/course/placements', { ...everyone, schema: { querystring: ListQuery } }, async (request) => ok(await listPlacements(ctx, viewer(request))));
  app.get('/course/placements/people', { ...staff, schema: { querystring: PeopleQuery } }, async (request) =>
    ok(await pickPeople(ctx, request.query.role, request.query.keyword ?? '')),
  );
  app.get('/course/placements/export', staff, async (request, reply) => sendSheets(reply, '岗位实习', await placementSheets(ctx, viewer(request))));
  app.get('/course/placements/:id', { ...everyone, schema: { params: IdParams } }, async (request) =>
    ok(await readPlacement(ctx, viewer(request), request.params.id)),
  );
  app.post('/course/placements/:id/state', { ...staff, schema: { params: IdParams, body: StateBody } }, async (request) => {
    await changePlacementState(ctx, viewer(request), request.params.id, request.body.state, request.body.reason ?? '');
    return ok(null, '实习状态已更新');
  });
  app.post('/course/placements/:id/logs', { ...students, schema: { params: IdParams, body: LogBody } }, async (request) =>
    ok(await addLog(ctx, viewer(request), request.params.id, request.body), '日志已提交'),
  );
  app.get('/course/placements/:id/logs', { ...everyone, schema: { params: IdParams } }, async (request) =>
    ok(await listLogs(ctx, viewer(request), request.params.id)),
  );
  app.post('/course/placements/:id/draft', { ...students, schema: { params: IdParams, body: DraftBody } }, async (request) =>
    ok(await draftLog(ctx, viewer(request), request.params.id, request.body, requestLocale(request))),
  );
  app.post('/course/placements/:id/weeks/:week/sign-link', { ...teachers, schema: { params: WeekParams } }, async (request) =>
    ok(await makeSignLink(ctx, viewer(request), request.params.id, request.params.week, originOf(request, ctx.config.env.ZX_PUBLIC_URL))),
  );
  app.post('/course/placements/alerts/:id/handle', { ...staff, schema: { params: IdParams, body: HandleBody } }, async (request) => {
    await handlePlacementAlert(ctx, viewer(request), request.params.id, request.body.comment ?? '');
    return ok(null, '已标记为已处理');
  });
  app.get('/app/api/placement/sign', { schema: { querystring: TokenQuery } }, async (request) => ok(await readSignWeek(ctx, request.query.token)));
  app.post('/app/api/placement/sign', { schema: { body: SignBody } }, async (request) => {
    await signWeek(ctx, request, request.body.token, request.body.comment ?? '');
    return ok(null, '已签字，谢谢');
  });
};
