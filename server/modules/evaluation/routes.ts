// Evaluation, relative to /new-chat. See docs/api/evaluation.md.
//   GET    /course/evaluations?courseId                 a course's evaluations (students: theirs, with progress)
//   POST   /course/evaluations                          {courseId, title, kind, questions, …} (a teacher of the course) → {id}
//   GET    /course/evaluations/{id}                     full evaluation with answers and rubrics (teachers, managers)
//   PUT    /course/evaluations/{id}                     edit what is sent (questions not once a student opened the paper)
//   DELETE /course/evaluations/{id}                     delete one nobody has answered
//   POST   /course/evaluations/{id}/status              {status: 'published'|'closed'}
//   POST   /course/evaluations/{id}/release             release results to students
//   GET    /course/evaluations/{id}/paper               a student's paper: starts or resumes an attempt; no answers or rubrics
//   PUT    /course/evaluations/{id}/answers             {answers: [{questionId, value}], submissionId} autosave into that attempt
//   POST   /course/evaluations/{id}/submissions         {answers, submissionId} submit → {id}
//   GET    /course/evaluations/{id}/submissions         the grading queue (teachers)
//   GET    /course/evaluations/{id}/analysis            item analysis and mastery (teachers, managers)
//   GET    /course/evaluations/{id}/analysis/export     the same as XLSX (students, questions, knowledge points)
//   GET    /course/evaluations/{id}/questions/{questionId}/answers  every handed-in answer to one question (teachers)
//   PUT    /course/evaluations/{id}/questions/{questionId}/grades   {grades: [{submissionId, score?, criteria?, feedback?}]} all or nothing
//   GET    /course/submissions/{id}                     scores and criteria (teachers; the student after release)
//   PUT    /course/submissions/{id}/items/{itemId}      {criteria?: [{criterion, points, comment?}], score?, feedback?} (teachers; every criterion ends with a score)
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../context.js';
import { currentUser, requireClientType } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { analyseEvaluation } from './analysis.js';
import { analysisSheets } from './analysis-export.js';
import { sendSheets, titledName } from './xlsx-reply.js';
import { changeStatus, createEvaluation, editEvaluation, listForCourse, readEvaluation, releaseResults, removeEvaluation } from './authoring.js';
import { gradeItem, gradingQueue, readSubmission, startGrading } from './grading.js';
import {
  AnswersBody,
  CourseQuery,
  CreateEvaluationBody,
  GradeBody,
  IdParams,
  ItemParams,
  QuestionGradesBody,
  QuestionParams,
  StatusBody,
  UpdateEvaluationBody,
} from './schemas.js';
import { gradeQuestion, questionAnswers } from './question-grading.js';
import { autosave, openPaper, submit } from './taking.js';
import { startDeadlineSweep } from './deadline-sweep.js';
import { deadlineGraceMs, deadlineSweepMs } from './attempt-deadlines.js';
import { recordOperation } from '../records/index.js';
import { findEvaluation } from './store.js';
import { allowFileReaders } from '../uploads/index.js';
import { mayReadAnswerFile } from './answer-files.js';
import type { FastifyRequest } from 'fastify';
import { requestLocale } from '../../i18n/install.js';

/** AI grading calls running at once in one instance. */
const GRADING_CONCURRENCY = 4;

export const evaluationRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const signedIn = { preHandler: app.requireUser };
  // The wrong side of the product answers 403 (docs/api/evaluation.md); the right side still gets 404 for what is not theirs.
  const teachers = { preHandler: [app.requireUser, requireClientType('1')] };
  const staff = { preHandler: [app.requireUser, requireClientType('1', '2')] };
  const students = { preHandler: [app.requireUser, requireClientType('3')] };
  const base = '/course/evaluations';

  allowFileReaders(ctx, mayReadAnswerFile);
  const worker = startGrading(ctx, { concurrency: GRADING_CONCURRENCY, pollMs: 5_000 });
  app.addHook('onClose', async () => worker.stop());
  // A wrong setting stops the start, not the first sweep.
  deadlineSweepMs(ctx.config.env);
  deadlineGraceMs(ctx.config.env);
  let sweep: { stop(): Promise<void> } | undefined;
  app.addHook('onReady', async () => {
    sweep = startDeadlineSweep(ctx, app.log);
  });
  app.addHook('onClose', async () => sweep?.stop());

  app.get(base, { ...signedIn, schema: { querystring: CourseQuery } }, async (request) =>
    ok(await listForCourse(ctx, currentUser(request), request.query.courseId)),
  );
  app.post(base, { ...teachers, schema: { body: CreateEvaluationBody } }, async (request) =>
    ok(await createEvaluation(ctx, currentUser(request), request.body), '测评已创建'),
  );
  app.get(`${base}/:id`, { ...staff, schema: { params: IdParams } }, async (request) => ok(await readEvaluation(ctx, currentUser(request), request.params.id)));
  app.put(`${base}/:id`, { ...teachers, schema: { params: IdParams, body: UpdateEvaluationBody } }, async (request) => {
    await editEvaluation(ctx, currentUser(request), request.params.id, request.body);
    return ok(null, '测评已保存');
  });
  app.delete(`${base}/:id`, { ...teachers, schema: { params: IdParams } }, async (request) => {
    await removeEvaluation(ctx, currentUser(request), request.params.id);
    return ok(null, '测评已删除');
  });
  app.post(`${base}/:id/status`, { ...teachers, schema: { params: IdParams, body: StatusBody } }, async (request) => {
    await changeStatus(ctx, currentUser(request), request.params.id, request.body.status);
    return ok(null, request.body.status === 'published' ? '测评已发布' : '测评已关闭');
  });
  app.post(`${base}/:id/release`, { ...teachers, schema: { params: IdParams } }, async (request) => {
    await releaseResults(ctx, currentUser(request), request.params.id);
    return ok(null, '成绩已发布');
  });
  app.get(`${base}/:id/paper`, { ...students, schema: { params: IdParams } }, async (request) =>
    ok(await openPaper(ctx, currentUser(request), request.params.id)),
  );
  /** An answer to an anonymous survey leaves a record that names nobody, even when it fails. */
  const recordAnswer = async (request: FastifyRequest, evaluationId: string, action: string) => {
    const evaluation = await findEvaluation(ctx.db, evaluationId);
    if (evaluation?.anonymous) await recordOperation(ctx, request, { action, objectType: 'submission', anonymous: true });
  };
  app.put(`${base}/:id/answers`, { ...students, schema: { params: IdParams, body: AnswersBody } }, async (request) => {
    await recordAnswer(request, request.params.id, 'update');
    return ok(await autosave(ctx, currentUser(request), request.params.id, request.body), '已自动保存');
  });
  app.post(`${base}/:id/submissions`, { ...students, schema: { params: IdParams, body: AnswersBody } }, async (request) => {
    await recordAnswer(request, request.params.id, 'create');
    return ok(await submit(ctx, currentUser(request), request.params.id, request.body), '已交卷');
  });
  app.get(`${base}/:id/submissions`, { ...teachers, schema: { params: IdParams } }, async (request) =>
    ok(await gradingQueue(ctx, currentUser(request), request.params.id)),
  );
  app.get(`${base}/:id/analysis`, { ...staff, schema: { params: IdParams } }, async (request) =>
    ok(await analyseEvaluation(ctx, currentUser(request), request.params.id)),
  );

  app.get(`${base}/:id/analysis/export`, { ...staff, schema: { params: IdParams } }, async (request, reply) => {
    const locale = requestLocale(request);
    const { title, date, sheets } = await analysisSheets(ctx, currentUser(request), request.params.id, locale);
    // Named by the evaluation, so a teacher's downloads of several tests are told apart.
    return sendSheets(reply, { written: titledName('测评分析', title, date, locale) }, sheets);
  });

  app.get(`${base}/:id/questions/:questionId/answers`, { ...teachers, schema: { params: QuestionParams } }, async (request) =>
    ok(await questionAnswers(ctx, currentUser(request), request.params.id, request.params.questionId, requestLocale(request))),
  );
  app.put(`${base}/:id/questions/:questionId/grades`, { ...teachers, schema: { params: QuestionParams, body: QuestionGradesBody } }, async (request) => {
    const { id, questionId } = request.params;
    const { number, graded } = await gradeQuestion(ctx, currentUser(request), id, questionId, request.body.grades, requestLocale(request));
    // One record per attempt graded, as grading it on its own leaves.
    for (const g of graded)
      await recordOperation(ctx, request, {
        action: 'update',
        objectType: 'submission',
        objectId: g.submissionId,
        summary: `question=${number}, score=${g.score}`,
      });
    return ok({ graded: graded.length }, `已保存 ${graded.length} 份作答的评分`);
  });

  app.get('/course/submissions/:id', { ...signedIn, schema: { params: IdParams } }, async (request) =>
    ok(await readSubmission(ctx, currentUser(request), request.params.id, requestLocale(request))),
  );
  app.put('/course/submissions/:id/items/:itemId', { ...teachers, schema: { params: ItemParams, body: GradeBody } }, async (request) => {
    const { id, itemId } = request.params;
    await gradeItem(ctx, currentUser(request), id, itemId, request.body, requestLocale(request));
    return ok(null, '评分已保存');
  });
};
