// Live sessions, relative to /new-chat. See docs/api/live.md.
//   POST /course/live                              {courseId, lessonId?} → {id, code, expiresAt} (a teacher of the course)
//   GET  /course/live?courseId=                    the course's sessions (its teachers)
//   POST /course/live/join                         {code} → {id, courseId, late, joinedAt} (a student of the course)
//   GET  /course/live/{id}/code                    {code, expiresAt}: what the projector shows now
//   POST /course/live/{id}/end
//   GET  /course/live/{id}/events                  SSE: snapshot, join, question, tally, reveal, call, wall, wall-update, wall-state, end
//   POST /course/live/{id}/questions               {question, seconds} → {questionId, closesAt}
//   POST /course/live/{id}/questions/{qid}/reveal  the key and the counts, to every screen
//   POST /course/live/{id}/answers                 {questionId, value} (a student present; once)
//   POST /course/live/{id}/call                    {allowRepeat?} → {callId, student: {id, name}}
//   POST /course/live/{id}/calls/{callId}/mark     {mark: right | partly | wrong}
//   POST /course/live/{id}/wall                    {text} (a student present; through the safety module)
//   PUT  /course/live/{id}/wall                    {paused?, anonymous?}
//   PUT  /course/live/{id}/wall/{messageId}        {hidden?, anonymous?}
//   GET  /course/live/{id}/report                  attendance, questions, calls, wall
//   GET  /course/live/{id}/report/export           the report as XLSX
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../context.js';
import { currentUser, requireClientType } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { sendSheets } from '../evaluation/index.js';
import { sessionForViewer } from './access.js';
import { reportSheets } from './export.js';
import { callStudent, markCall } from './calls.js';
import { answerQuestion, pushQuestion, revealQuestion } from './questions.js';
import { courseSessionList, sessionReport } from './report.js';
import {
  AnswerBody,
  CallBody,
  CallParams,
  CourseQuery,
  JoinBody,
  MarkBody,
  PushBody,
  QuestionParams,
  SessionParams,
  StartBody,
  WallBody,
  WallMessageBody,
  WallParams,
  WallStateBody,
} from './schemas.js';
import { endSession, joinSession, sessionCode, startSession } from './sessions.js';
import { streamEvents } from './stream.js';
import { changeWallMessage, postToWall, setWallState } from './wall.js';

const record = (action: string, isPrivate = false) => ({ record: { action, objectType: 'live_session', ...(isPrivate ? { private: true } : {}) } });

export const liveRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const teacher = { preHandler: [app.requireUser, requireClientType('1')] };
  const signedIn = { preHandler: [app.requireUser] };
  const base = '/course/live';

  app.post(base, { ...teacher, schema: { body: StartBody }, config: record('create') }, async (request) =>
    ok(await startSession(ctx, currentUser(request), request.body), '课堂已开始'),
  );
  app.get(base, { ...teacher, schema: { querystring: CourseQuery } }, async (request) =>
    ok(await courseSessionList(ctx, currentUser(request), request.query.courseId)),
  );
  app.post(`${base}/join`, { ...signedIn, schema: { body: JoinBody }, config: record('join') }, async (request) =>
    ok(await joinSession(ctx, request.log, currentUser(request), request.body.code), '签到成功'),
  );
  app.get(`${base}/:id/code`, { ...teacher, schema: { params: SessionParams } }, async (request) =>
    ok(await sessionCode(ctx, currentUser(request), request.params.id)),
  );
  app.post(`${base}/:id/end`, { ...teacher, schema: { params: SessionParams }, config: record('update') }, async (request) =>
    ok(await endSession(ctx, request.log, currentUser(request), request.params.id), '课堂已结束'),
  );
  app.get(`${base}/:id/events`, { ...signedIn, schema: { params: SessionParams } }, async (request, reply) => {
    const viewer = await sessionForViewer(ctx, currentUser(request), request.params.id);
    await streamEvents(ctx, request, reply, viewer);
    return reply;
  });
  app.post(`${base}/:id/questions`, { ...teacher, schema: { params: SessionParams, body: PushBody }, config: record('create') }, async (request) =>
    ok(await pushQuestion(ctx, request.log, currentUser(request), request.params.id, request.body)),
  );
  app.post(`${base}/:id/questions/:questionId/reveal`, { ...teacher, schema: { params: QuestionParams }, config: record('update') }, async (request) =>
    ok(await revealQuestion(ctx, request.log, currentUser(request), request.params.id, request.params.questionId)),
  );
  app.post(`${base}/:id/answers`, { ...signedIn, schema: { params: SessionParams, body: AnswerBody }, config: record('create', true) }, async (request) =>
    ok(await answerQuestion(ctx, request.log, currentUser(request), request.params.id, request.body), '已提交'),
  );
  app.post(`${base}/:id/call`, { ...teacher, schema: { params: SessionParams, body: CallBody }, config: record('create') }, async (request) =>
    ok(await callStudent(ctx, request.log, currentUser(request), request.params.id, request.body ?? {})),
  );
  app.post(`${base}/:id/calls/:callId/mark`, { ...teacher, schema: { params: CallParams, body: MarkBody }, config: record('update') }, async (request) =>
    ok(await markCall(ctx, request.log, currentUser(request), request.params.id, request.params.callId, request.body.mark)),
  );
  app.post(`${base}/:id/wall`, { ...signedIn, schema: { params: SessionParams, body: WallBody }, config: record('create', true) }, async (request) =>
    ok(await postToWall(ctx, request.log, currentUser(request), request.params.id, request.body.text)),
  );
  app.put(`${base}/:id/wall`, { ...teacher, schema: { params: SessionParams, body: WallStateBody }, config: record('settings') }, async (request) =>
    ok(await setWallState(ctx, request.log, currentUser(request), request.params.id, request.body)),
  );
  app.put(
    `${base}/:id/wall/:messageId`,
    { ...teacher, schema: { params: WallParams, body: WallMessageBody }, config: record('update', true) },
    async (request) => ok(await changeWallMessage(ctx, request.log, currentUser(request), request.params.id, request.params.messageId, request.body)),
  );
  app.get(`${base}/:id/report`, { ...teacher, schema: { params: SessionParams } }, async (request) =>
    ok(await sessionReport(ctx, currentUser(request), request.params.id)),
  );
  app.get(`${base}/:id/report/export`, { ...teacher, schema: { params: SessionParams } }, async (request, reply) =>
    sendSheets(reply, '课堂报告', reportSheets(await sessionReport(ctx, currentUser(request), request.params.id))),
  );
};
