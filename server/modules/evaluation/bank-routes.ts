// The question bank (issue 13), relative to /new-chat. See docs/api/evaluation.md.
//   GET  /course/question-bank?courseId&type&tag&difficulty&keyword   a course's questions and its knowledge points
//   POST /course/question-bank                    {courseId, questions} add (all checked first)
//   PUT  /course/question-bank/{id}               a question → replace it
//   POST /course/question-bank/delete             {courseId, ids}
//   POST /course/question-bank/draw               {courseId, rules: [{count, type?, difficulty?, tag?, points?}]} → questions for a paper
//   POST /course/question-bank/import             {courseId, fileId, commit?} preview (per-row errors) or all-or-nothing import
//   GET  /course/question-bank/export?courseId    the bank as XLSX (the template's columns)
//   GET  /course/question-bank/template           the XLSX import template
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import type { ModuleOptions } from '../../context.js';
import { currentUser, requireClientType } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { addToBank, drawFromBank, editBankQuestion, listBank, removeBankQuestions } from './bank.js';
import { bankTemplate, exportBank, importQuestions } from './bank-files.js';
import { AddQuestionsBody, BankQuery, CourseQuery, DeleteQuestionsBody, DrawBody, IdParams, ImportBody, Question } from './schemas.js';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function sendXlsx(reply: FastifyReply, name: string, bytes: Buffer) {
  return reply
    .header('content-type', XLSX_MIME)
    .header('content-disposition', `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}.xlsx`)
    .header('cache-control', 'no-store')
    .send(bytes);
}

export const questionBankRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const teachers = { preHandler: [app.requireUser, requireClientType('1')] };
  const base = '/course/question-bank';

  app.get(base, { ...teachers, schema: { querystring: BankQuery } }, async (request) => {
    const { courseId, ...filter } = request.query;
    return ok(await listBank(ctx, currentUser(request), courseId, filter));
  });
  app.post(base, { ...teachers, schema: { body: AddQuestionsBody } }, async (request) =>
    ok(await addToBank(ctx, currentUser(request), request.body.courseId, request.body.questions), '题目已加入题库'),
  );
  app.put(`${base}/:id`, { ...teachers, schema: { params: IdParams, body: Question } }, async (request) => {
    await editBankQuestion(ctx, currentUser(request), request.params.id, request.body);
    return ok(null, '题目已保存');
  });
  app.post(`${base}/delete`, { ...teachers, schema: { body: DeleteQuestionsBody } }, async (request) =>
    ok(await removeBankQuestions(ctx, currentUser(request), request.body.courseId, request.body.ids), '题目已删除'),
  );
  app.post(`${base}/draw`, { ...teachers, schema: { body: DrawBody } }, async (request) => ok(await drawFromBank(ctx, currentUser(request), request.body.courseId, request.body.rules)));
  app.post(`${base}/import`, { ...teachers, schema: { body: ImportBody } }, async (request) => {
    const result = await importQuestions(ctx, currentUser(request), { ...request.body, commit: request.body.commit ?? false });
    return ok(result, result.imported ? `已导入 ${result.imported} 道题` : result.errors ? `有 ${result.errors} 道题需要修改，未导入任何题目` : '预览');
  });
  app.get(`${base}/export`, { ...teachers, schema: { querystring: CourseQuery } }, async (request, reply) =>
    sendXlsx(reply, '题库', await exportBank(ctx, currentUser(request), request.query.courseId)),
  );
  app.get(`${base}/template`, { ...teachers }, async (_request, reply) => sendXlsx(reply, '题库导入模板', await bankTemplate()));
};
