// The question bank, relative to /new-chat. See docs/api/evaluation.md.
//   GET  /course/question-bank?courseId&type&tag&difficulty&keyword   a course's questions and its knowledge points
//   POST /course/question-bank                    {courseId, questions} add (all checked first)
//   PUT  /course/question-bank/{id}               a question → replace it
//   POST /course/question-bank/delete             {courseId, ids}
//   POST /course/question-bank/draw               {courseId, rules: [{count, type?, difficulty?, tag?, points?}]} → questions for a paper
//   POST /course/question-bank/import             {courseId, fileId, commit?} preview (per-row errors, questions left out, notes)
//                                                 or all-or-nothing import (XLSX, CSV, Word, text, Aiken, GIFT, Moodle XML)
//   GET  /course/question-bank/export?courseId&format   the bank as XLSX (the template's columns, in the reader's language),
//                                                 or format=moodle (Moodle XML), gift or aiken (single choice only)
//   GET  /course/question-bank/template           the XLSX import template, in the reader's language (imports read any language)
//   POST /course/question-bank/generate           {courseId, lessonIds?, datasetIds?, topic?, types, count, difficulty?, tags?}
//                                                 → SSE: start, draft (one per question, with its source), skipped, notice, done | error
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../context.js';
import { currentUser, requireClientType } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { addToBank, drawFromBank, editBankQuestion, listBank, removeBankQuestions } from './bank.js';
import { exportBank, importQuestions } from './bank-files.js';
import { bankTemplate } from './bank-template.js';
import { ApiError } from '../../http/errors.js';
import { requestLocale } from '../../i18n/install.js';
import { translateMessage } from '../../i18n/translate.js';
import { openSse, type SseStream } from '../chat/index.js';
import { writeQuestions, type WriterEvent } from './question-writer.js';
import { sendDownload, sendXlsx } from './xlsx-reply.js';
import { AddQuestionsBody, BankExportQuery, BankQuery, DeleteQuestionsBody, DrawBody, IdParams, ImportBody, Question, WriteBody } from './schemas.js';

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
  app.post(`${base}/draw`, { ...teachers, schema: { body: DrawBody } }, async (request) =>
    ok(await drawFromBank(ctx, currentUser(request), request.body.courseId, request.body.rules)),
  );
  app.post(`${base}/import`, { ...teachers, schema: { body: ImportBody } }, async (request) => {
    const locale = requestLocale(request);
    const result = await importQuestions(ctx, currentUser(request), { ...request.body, commit: request.body.commit ?? false }, locale);
    // Each row's problem, why it is left out and its notes are data, not the envelope's msg: put into the reader's language here.
    const say = (text: string) => translateMessage(text, locale);
    const rows = result.rows.map((row) => ({
      ...row,
      ...(row.error ? { error: say(row.error) } : {}),
      ...(row.skipped ? { skipped: say(row.skipped) } : {}),
      ...(row.notes ? { notes: row.notes.map(say) } : {}),
    }));
    return ok(
      { ...result, rows },
      result.imported ? `已导入 ${result.imported} 道题` : result.errors ? `有 ${result.errors} 道题需要修改，未导入任何题目` : '预览',
    );
  });
  app.get(`${base}/export`, { ...teachers, schema: { querystring: BankExportQuery } }, async (request, reply) => {
    const { courseId, format = 'xlsx' } = request.query;
    const locale = requestLocale(request);
    const file = await exportBank(ctx, currentUser(request), courseId, locale, format);
    if (format === 'xlsx') return sendXlsx(reply, '题库', file as Buffer);
    const name = translateMessage('题库', locale);
    return format === 'moodle'
      ? sendDownload(reply, { name, extension: 'xml', mime: 'application/xml; charset=utf-8' }, file)
      : sendDownload(reply, { name: `${name}-${format === 'gift' ? 'GIFT' : 'Aiken'}`, extension: 'txt', mime: 'text/plain; charset=utf-8' }, file);
  });
  app.get(`${base}/template`, { ...teachers }, async (request, reply) => sendXlsx(reply, '题库导入模板', await bankTemplate(requestLocale(request))));

  app.post(`${base}/generate`, { ...teachers, schema: { body: WriteBody } }, async (request, reply) => {
    // The stream opens with the first event, so a refusal before it (not a
    // teacher, no material) is an ordinary {code,msg} reply.
    let sse: SseStream | undefined;
    const controller = new AbortController();
    // The events' sentences (notices, skip reasons, the built-in engine's note) speak the client's language like any envelope.
    const locale = requestLocale(request);
    const say = (text: string) => translateMessage(text, locale);
    const emit = (raw: WriterEvent) => {
      const event: WriterEvent =
        raw.type === 'notice'
          ? { ...raw, message: say(raw.message) }
          : raw.type === 'skipped'
            ? { ...raw, reason: say(raw.reason) }
            : raw.type === 'draft' && raw.note
              ? { ...raw, note: say(raw.note) }
              : raw;
      if (!sse) {
        sse = openSse(request, reply);
        sse.signal.addEventListener('abort', () => controller.abort(), { once: true });
      }
      sse.send(event);
    };
    try {
      await writeQuestions(ctx, currentUser(request), request.body, emit, controller.signal);
    } catch (error) {
      if (!sse) throw error;
      const message = error instanceof ApiError ? error.message : ((error as { userMessage?: string }).userMessage ?? '出题中断了，请稍后重试');
      if (!controller.signal.aborted) request.log.warn({ err: error }, 'question writing failed');
      sse.send({ type: 'error', message: say(message) });
    }
    sse?.end();
    return reply;
  });
};
