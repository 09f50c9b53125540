// Course evaluation, relative to /new-chat. See docs/api/evaluation.md.
//   GET /course/course-evaluation/indicators            the indicator system (managers; teachers read it)
//   PUT /course/course-evaluation/indicators            {indicators: [{id?, name, weight, levels}]} weights add up to 100 (managers)
//   GET /course/course-evaluation/courses               every published course: figures, scores, weighted total, rank (managers)
//   GET /course/course-evaluation/courses/{courseId}    one course's result (managers; that course's teachers)
//   PUT /course/course-evaluation/courses/{courseId}    {scores: [{indicatorId, score 0–100, comment}]} (managers)
//   GET /course/course-evaluation/export                the ranking as XLSX (managers)
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../context.js';
import { currentUser, requireClientType } from '../../http/auth.js';
import { requestLocale } from '../../i18n/install.js';
import { fillTemplate } from '../../i18n/translate.js';
import { ok } from '../../http/envelope.js';
import { sendSheets } from './xlsx-reply.js';
import { courseEvaluationOf, indicators, ranking, saveIndicators, scoreCourse } from './course-evaluation.js';
import { CourseParams, CourseScoresBody, IndicatorsBody } from './schemas.js';

export const courseEvaluationRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const managers = { preHandler: [app.requireUser, requireClientType('2')] };
  const staff = { preHandler: [app.requireUser, requireClientType('1', '2')] };
  const base = '/course/course-evaluation';

  // The default indicators read in the reader's language (default-indicators.ts): every call says which.
  app.get(`${base}/indicators`, staff, async (request) => ok(await indicators(ctx, requestLocale(request))));
  app.put(`${base}/indicators`, { ...managers, schema: { body: IndicatorsBody } }, async (request) => {
    await saveIndicators(ctx, request.body.indicators, requestLocale(request));
    return ok(await indicators(ctx, requestLocale(request)), '评价指标已保存');
  });
  app.get(`${base}/courses`, managers, async (request) => ok(await ranking(ctx, requestLocale(request))));
  app.get(`${base}/courses/:courseId`, { ...staff, schema: { params: CourseParams } }, async (request) =>
    ok(await courseEvaluationOf(ctx, currentUser(request), request.params.courseId, requestLocale(request))),
  );
  app.put(`${base}/courses/:courseId`, { ...managers, schema: { params: CourseParams, body: CourseScoresBody } }, async (request) => {
    await scoreCourse(ctx, currentUser(request), request.params.courseId, request.body.scores);
    return ok(await courseEvaluationOf(ctx, currentUser(request), request.params.courseId, requestLocale(request)), '评分已保存');
  });
  app.get(`${base}/export`, managers, async (request, reply) => {
    const locale = requestLocale(request);
    const { indicators: system, courses } = await ranking(ctx, locale);
    // The indicators' names are already in the reader's language (a manager's own words, or a default put
    // into it): only the weight's brackets follow the language, the names are never looked up again.
    const named = system.map((i) => fillTemplate('{0}（{1}%）', [i.name, String(i.weight)], locale));
    const before = ['排名', '课程', '专业/类别', '学期'];
    const headers = [...before, ...named, '加权总分', '课时', '学生', '近30天活跃', '完成率', 'AI 提问', '测评平均', '问卷回收', '问卷满意度'];
    const rows = courses.map((c) => [
      c.rank,
      c.title,
      c.category,
      c.term,
      ...c.indicators.map((i) => i.score),
      c.total,
      c.figures.lessons,
      c.figures.students,
      c.figures.activeStudents30d,
      c.figures.completionRate,
      c.figures.aiQuestions,
      c.figures.evaluationAverage,
      c.figures.surveyResponses,
      c.figures.surveyRating,
    ]);
    const writtenHeaders = named.map((_, i) => before.length + i);
    return sendSheets(reply, '课程评价', [{ name: '课程评价', headers, rows, writtenHeaders }]);
  });
};
