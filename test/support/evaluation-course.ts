// The set-up of the evaluation tests: a server with the demo teacher's
// published course its student is enrolled in (the students asked for beside
// it, in the same class), and a short machining quiz (3 points: a 2-point
// single choice, a 1-point judge) for tests that need a paper but not a
// particular one.
import { addPerson, DEMO_CLASS_NAME, type Person } from '../server/courses/courses-school.js';
import { publishedCourse } from './published-course.js';
import { okData, startTestServer, type TestServer, type TestServerOptions } from './server.js';

export const CNC_QUESTIONS = [
  { type: 'single', stem: '数控车床的主轴功能字是？', options: ['S', 'F', 'T', 'M'], answer: 0, points: 2 },
  { type: 'judge', stem: 'G00 是快速定位指令。', answer: true, points: 1 },
];

export interface EvaluationCourse {
  server: TestServer;
  teacher: string;
  student: string;
  manager: string;
  courseId: string;
  /** The extra students asked for (`students`), by username, each in the course's class. */
  students: Record<string, Person>;
}

export interface EvaluationCourseOptions {
  /** Options of the server (a model's environment, a fast sweep…). */
  server?: TestServerOptions;
  /** Usernames of more students of the course's class. */
  students?: string[];
}

export async function evaluationCourse(title: string, options: EvaluationCourseOptions = {}): Promise<EvaluationCourse> {
  const server = await startTestServer(options.server);
  const [teacher, student, manager] = [await server.login('teacher'), await server.login('student'), await server.login('manager')];
  const students: Record<string, Person> = {};
  for (const username of options.students ?? []) students[username] = await addPerson(server, username, ['3'], DEMO_CLASS_NAME);
  return { server, teacher, student, manager, students, courseId: (await publishedCourse(server, teacher, title)).id };
}

/** A published evaluation of the course (a quiz of CNC_QUESTIONS unless `body` says otherwise); its id. */
export async function publishedEvaluation(course: EvaluationCourse, body: Record<string, unknown> = {}): Promise<string> {
  const { server, teacher, courseId } = course;
  const { id } = await okData(
    server.api<{ id: string }>('POST', '/course/evaluations', {
      token: teacher,
      body: { courseId, title: '单元测验', kind: 'quiz', questions: CNC_QUESTIONS, ...body },
    }),
  );
  await okData(server.api('POST', `/course/evaluations/${id}/status`, { token: teacher, body: { status: 'published' } }));
  return id;
}

/** Opens the paper as `token` and hands in `answers` (by question index); the paper and the submission's id. */
export async function handIn(course: EvaluationCourse, token: string, evaluationId: string, answers: unknown[]) {
  const { server } = course;
  const paper = await okData(server.api<any>('GET', `/course/evaluations/${evaluationId}/paper`, { token }));
  const body = { submissionId: paper.submissionId, answers: answers.map((value, i) => ({ questionId: paper.questions[i].id, value })) };
  await okData(server.api('POST', `/course/evaluations/${evaluationId}/submissions`, { token, body }));
  return { paper, submissionId: paper.submissionId as string };
}
