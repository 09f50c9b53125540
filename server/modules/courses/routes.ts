// Course calls, relative to /new-chat (docs/api/courses.md). Every call is
// signed in; the rules of access.ts decide per object (404 for a course the
// caller may not see). Client types: 1 teacher, 2 manager/showcase, 3 student.
//   GET    /course/courses                      list for the caller's side
//   POST   /course/courses                      create (teacher)
//   GET    /course/courses/:id                  detail with chapters and lessons
//   PUT    /course/courses/:id                  edit, AI settings included (teacher of the course)
//   DELETE /course/courses/:id                  delete a draft or archived course
//   POST   /course/courses/:id/status           {status} publish, archive, back to draft
//   POST   /course/courses/:id/joinCode         {action: regenerate|disable}
//   PUT    /course/courses/:id/classes          {classIds}
//   PUT    /course/courses/:id/teachers         {userIds}
//   GET    /course/courses/:id/students         roster with progress (teacher, manager)
//   DELETE /course/courses/:id/members/:userId  remove a code-joined student
//   DELETE /course/courses/:id/membership       a student leaves a course joined by code
//   GET    /course/courses/:id/board?days       the course board (teacher, manager)
//   PUT    /course/courses/:id/outline          {chapters: [{id, lessonIds}]} reorder
//   POST   /course/courses/:id/chapters         {title}
//   PUT    /course/chapters/:id  · DELETE /course/chapters/:id
//   POST   /course/chapters/:id/lessons         {title, content, durationMinutes, video, attachments}
//   GET    /course/lessons/:id                  read (a student's opening is recorded)
//   PUT    /course/lessons/:id  · DELETE /course/lessons/:id
//   POST   /course/lessons/:id/insert           {fileId, caption?, replaceVideo?} a generated picture or video into the lesson (teacher)
//   POST   /course/lessons/:id/complete         {completed} (student)
//   POST   /course/join                         {code} (student)
//   GET    /course/classes  · PUT /course/classes/:id {term}  · GET /course/teachers?keyword
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../context.js';
import { currentUser, requireClientType } from '../../http/auth.js';
import { allowFileReaders } from '../uploads/index.js';
import { mayReadLessonFile, withSignedFiles } from './media.js';
import type { LessonView } from './views.js';
import { ok } from '../../http/envelope.js';
import { notFound } from '../../http/errors.js';
import { requestLocale } from '../../i18n/install.js';
import { attemptLimiterFor } from '../account/index.js';
import { COURSE_NOT_FOUND, requireCourseRole } from './access.js';
import { courseBoard } from './board.js';
import {
  addChapter,
  addLesson,
  editChapter,
  editLesson,
  insertIntoLesson,
  markCompleted,
  readLesson,
  removeChapter,
  removeLesson,
  reorderOutline,
} from './outline.js';
import { courseChatPreset } from './presets.js';
import {
  BoardQuery,
  ChapterBody,
  ClassIdsBody,
  ClassTermBody,
  CompleteBody,
  CreateCourseBody,
  CreateLessonBody,
  IdParams,
  InsertIntoLessonBody,
  JoinBody,
  JoinCodeBody,
  ListQuery,
  MemberParams,
  OutlineBody,
  StatusBody,
  TeacherIdsBody,
  TeacherQuery,
  UpdateCourseBody,
  UpdateLessonBody,
} from './schemas.js';
import { courseDetail } from './course-cards.js';
import { changeClassTerm, listClasses, setClasses } from './course-classes.js';
import { findTeachers, setTeachers } from './course-teachers.js';
import { changeJoinCode, courseStudents, JOIN_CODE_LIMITS, joinByCode, leaveCourse, removeMember } from './enrolment.js';
import { createCourse, editCourse, listForSide, removeCourse, setCourseStatus } from './service.js';

export const coursesRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  ctx.chatPresets.course = courseChatPreset;

  const signedIn = { preHandler: app.requireUser };
  const teachers = { preHandler: [app.requireUser, requireClientType('1')] };
  const students = { preHandler: [app.requireUser, requireClientType('3')] };
  const who = (request: Parameters<typeof currentUser>[0]) => {
    const user = currentUser(request);
    return [user.id, user.clientType] as const;
  };
  // A lesson's video and attachments are private files: readers get links signed for their sign-in.
  allowFileReaders(ctx, mayReadLessonFile);
  const signed = async (request: Parameters<typeof currentUser>[0], lesson: Promise<LessonView>) => withSignedFiles(ctx, currentUser(request), await lesson);

  app.get('/course/courses', { ...signedIn, schema: { querystring: ListQuery } }, async (request) => {
    const q = request.query;
    return ok(await listForSide(ctx, ...who(request), { ...q, page: q.page ?? 1, pageSize: q.pageSize ?? 24 }));
  });
  app.post('/course/courses', { ...teachers, schema: { body: CreateCourseBody } }, async (request) =>
    ok(await createCourse(ctx, currentUser(request).id, request.body), '课程已创建'),
  );
  app.get('/course/courses/:id', { ...signedIn, schema: { params: IdParams } }, async (request) =>
    ok(await courseDetail(ctx, ...who(request), request.params.id)),
  );
  app.put('/course/courses/:id', { ...teachers, schema: { params: IdParams, body: UpdateCourseBody } }, async (request) =>
    ok(await editCourse(ctx, ...who(request), request.params.id, request.body), '已保存'),
  );
  app.delete('/course/courses/:id', { ...teachers, schema: { params: IdParams } }, async (request) => {
    await removeCourse(ctx, ...who(request), request.params.id);
    return ok(null, '课程已删除');
  });
  app.post('/course/courses/:id/status', { ...teachers, schema: { params: IdParams, body: StatusBody } }, async (request) => {
    const messages = { published: '课程已发布', archived: '课程已归档', draft: '课程已撤回为草稿' } as const;
    return ok(await setCourseStatus(ctx, ...who(request), request.params.id, request.body.status), messages[request.body.status]);
  });
  app.post('/course/courses/:id/joinCode', { ...teachers, schema: { params: IdParams, body: JoinCodeBody } }, async (request) =>
    ok(
      await changeJoinCode(ctx, ...who(request), request.params.id, request.body.action),
      request.body.action === 'disable' ? '加入码已停用' : '已生成新的加入码',
    ),
  );
  app.put('/course/courses/:id/classes', { ...teachers, schema: { params: IdParams, body: ClassIdsBody } }, async (request) =>
    ok(await setClasses(ctx, ...who(request), request.params.id, request.body.classIds), '授课班级已更新'),
  );
  app.put('/course/courses/:id/teachers', { ...teachers, schema: { params: IdParams, body: TeacherIdsBody } }, async (request) =>
    ok(await setTeachers(ctx, ...who(request), request.params.id, request.body.userIds), '授课教师已更新'),
  );
  app.get('/course/courses/:id/students', { ...signedIn, schema: { params: IdParams } }, async (request) =>
    ok(await courseStudents(ctx, ...who(request), request.params.id)),
  );
  app.delete('/course/courses/:id/members/:userId', { ...teachers, schema: { params: MemberParams } }, async (request) => {
    await removeMember(ctx, ...who(request), request.params.id, request.params.userId);
    return ok(null, '已将该学生移出课程');
  });
  app.delete('/course/courses/:id/membership', { ...students, schema: { params: IdParams } }, async (request) => {
    await leaveCourse(ctx, currentUser(request).id, request.params.id);
    return ok(null, '已退出课程');
  });
  app.get('/course/courses/:id/board', { ...signedIn, schema: { params: IdParams, querystring: BoardQuery } }, async (request) => {
    const role = await requireCourseRole(ctx, ...who(request), request.params.id);
    if (role === 'student') throw notFound(COURSE_NOT_FOUND);
    return ok(await courseBoard(ctx, request.params.id, request.query.days ?? 14));
  });

  app.put('/course/courses/:id/outline', { ...teachers, schema: { params: IdParams, body: OutlineBody } }, async (request) => {
    await reorderOutline(ctx, ...who(request), request.params.id, request.body.chapters);
    return ok(await courseDetail(ctx, ...who(request), request.params.id), '顺序已保存');
  });
  app.post('/course/courses/:id/chapters', { ...teachers, schema: { params: IdParams, body: ChapterBody } }, async (request) =>
    ok(await addChapter(ctx, ...who(request), request.params.id, request.body.title), '章节已添加'),
  );
  app.put('/course/chapters/:id', { ...teachers, schema: { params: IdParams, body: ChapterBody } }, async (request) =>
    ok(await editChapter(ctx, ...who(request), request.params.id, request.body.title), '已保存'),
  );
  app.delete('/course/chapters/:id', { ...teachers, schema: { params: IdParams } }, async (request) => {
    await removeChapter(ctx, ...who(request), request.params.id);
    return ok(null, '章节已删除');
  });
  app.post('/course/chapters/:id/lessons', { ...teachers, schema: { params: IdParams, body: CreateLessonBody } }, async (request) =>
    ok(await signed(request, addLesson(ctx, ...who(request), request.params.id, request.body)), '课时已添加'),
  );
  app.get('/course/lessons/:id', { ...signedIn, schema: { params: IdParams } }, async (request) =>
    ok(await signed(request, readLesson(ctx, ...who(request), request.params.id))),
  );
  app.put('/course/lessons/:id', { ...teachers, schema: { params: IdParams, body: UpdateLessonBody } }, async (request) =>
    ok(await signed(request, editLesson(ctx, ...who(request), request.params.id, request.body)), '课时已保存'),
  );
  app.post('/course/lessons/:id/insert', { ...teachers, schema: { params: IdParams, body: InsertIntoLessonBody } }, async (request) =>
    ok(await signed(request, insertIntoLesson(ctx, ...who(request), request.params.id, request.body, requestLocale(request))), '已插入课时'),
  );
  app.delete('/course/lessons/:id', { ...teachers, schema: { params: IdParams } }, async (request) => {
    await removeLesson(ctx, ...who(request), request.params.id);
    return ok(null, '课时已删除');
  });
  app.post('/course/lessons/:id/complete', { ...students, schema: { params: IdParams, body: CompleteBody } }, async (request) =>
    ok(
      await signed(request, markCompleted(ctx, ...who(request), request.params.id, request.body.completed)),
      request.body.completed ? '已标记为完成' : '已取消完成',
    ),
  );

  // Counted once across instances when they share Redis.
  const joinLimiter = attemptLimiterFor(ctx.coordination, 'join-code', JOIN_CODE_LIMITS.windowMs);
  app.post('/course/join', { ...students, schema: { body: JoinBody } }, async (request) =>
    ok(await joinByCode(ctx, currentUser(request).id, request.body.code, { limiter: joinLimiter, ip: request.ip }), '已加入'),
  );
  // Teachers (their own first) and managers (every class, read only).
  app.get('/course/classes', { preHandler: [app.requireUser, requireClientType('1', '2')] }, async (request) =>
    ok(await listClasses(ctx, currentUser(request).id)),
  );
  app.put('/course/classes/:id', { ...teachers, schema: { params: IdParams, body: ClassTermBody } }, async (request) => {
    await changeClassTerm(ctx, currentUser(request).id, request.params.id, request.body.term);
    return ok(null, '班级学期已保存');
  });
  app.get('/course/teachers', { ...teachers, schema: { querystring: TeacherQuery } }, async (request) => ok(await findTeachers(ctx, request.query.keyword)));
};
