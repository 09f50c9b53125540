// A published course of the teacher's own classes (so the demo student is
// enrolled), for tests of things shared with a course.
import type { TestServer } from './server.js';

async function call<T>(server: TestServer, method: string, path: string, token: string, body?: unknown): Promise<T> {
  const res = await server.api<T>(method, path, { token, ...(body !== undefined ? { body } : {}) });
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.body.msg}`);
  return res.body.data;
}

export async function publishedCourse(server: TestServer, teacherToken: string, title: string): Promise<{ id: string }> {
  const classes = await call<Array<{ id: string; mine: boolean }>>(server, 'GET', '/course/classes', teacherToken);
  const course = await call<{ id: string }>(server, 'POST', '/course/courses', teacherToken, { title });
  await call(server, 'PUT', `/course/courses/${course.id}/classes`, teacherToken, { classIds: classes.filter((c) => c.mine).map((c) => c.id) });
  const chapter = await call<{ id: string }>(server, 'POST', `/course/courses/${course.id}/chapters`, teacherToken, { title: '第一章' });
  await call(server, 'POST', `/course/chapters/${chapter.id}/lessons`, teacherToken, { title: '第一课' });
  await call(server, 'POST', `/course/courses/${course.id}/status`, teacherToken, { status: 'published' });
  return course;
}
