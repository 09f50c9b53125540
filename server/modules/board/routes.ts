// The data board (managers, client type 2). Paths relative to /new-chat.
//   GET /course/board/summary?from=YYYY-MM-DD&to=YYYY-MM-DD&classId&major&courseId  → BoardSummary (docs/api/board.md)
//   GET /course/board/export?(same as summary)                                      → XLSX, one sheet per chart
//   GET /course/board/filters                                                       → {classes, majors, courses} to filter by
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import type { ModuleOptions } from '../../context.js';
import { requireClientType } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { sendSheets } from '../evaluation/index.js';
import { boardSheets } from './export.js';
import { startRollupJob, type RollupJob } from './rollup-job.js';
import { DAY_PATTERN, parseRange } from './range.js';
import { dayOf } from '../courses/index.js';
import { boardSummary, type BoardFilter } from './summary.js';

const SummaryQuery = Type.Object({
  from: Type.String({ title: '开始日期', pattern: DAY_PATTERN }),
  to: Type.String({ title: '结束日期', pattern: DAY_PATTERN }),
  classId: Type.Optional(Type.String({ title: '班级', maxLength: 64 })),
  major: Type.Optional(Type.String({ title: '专业', maxLength: 64 })),
  courseId: Type.Optional(Type.String({ title: '课程', maxLength: 64 })),
});

export const boardRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const managers = { preHandler: [app.requireUser, requireClientType('2')] };

  let job: RollupJob | null = null;
  const summaryOf = async (query: Static<typeof SummaryQuery>) => {
    const filter: BoardFilter = {};
    if (query.classId) filter.classId = query.classId;
    if (query.major) filter.major = query.major;
    if (query.courseId) filter.courseId = query.courseId;
    const summary = await boardSummary(ctx, parseRange(query.from, query.to), filter);
    // Days not rolled up yet: answered from what is there, the roll-up starts in the background (not awaited).
    if (summary.rolledUntil < dayOf(ctx.now())) job?.kick();
    return summary;
  };

  app.get('/course/board/summary', { ...managers, schema: { querystring: SummaryQuery } }, async (request) => ok(await summaryOf(request.query)));

  app.get('/course/board/export', { ...managers, schema: { querystring: SummaryQuery } }, async (request, reply) => {
    const sheets = boardSheets(await summaryOf(request.query));
    return sendSheets(reply, `数据看板-${request.query.from}-${request.query.to}`, sheets);
  });

  app.get('/course/board/filters', managers, async () => {
    const [classes, courses] = await Promise.all([
      ctx.db.selectFrom('classes').select(['id', 'name']).orderBy('name').execute(),
      ctx.db.selectFrom('courses').select(['id', 'title', 'category']).where('status', '!=', 'archived').orderBy('title').execute(),
    ]);
    const majors = [...new Set(courses.map((c) => c.category).filter(Boolean))].sort();
    return ok({ classes, majors, courses: courses.map((c) => ({ id: c.id, title: c.title })) });
  });

  const onError = (error: unknown) => app.log.error({ err: error }, 'board roll-up failed');
  app.addHook('onReady', async () => {
    job = startRollupJob(ctx, onError);
  });
  app.addHook('onClose', async () => job?.stop());
};
