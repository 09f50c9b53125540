// A short machining quiz (3 points: a 2-point single choice, a 1-point judge)
// for evaluation tests that need a paper but not a particular one, and a
// server with the demo teacher's published course its student is enrolled in.
import { publishedCourse } from './published-course.js';
import { startTestServer, type TestServer } from './server.js';

export const CNC_QUESTIONS = [
  { type: 'single', stem: '数控车床的主轴功能字是？', options: ['S', 'F', 'T', 'M'], answer: 0, points: 2 },
  { type: 'judge', stem: 'G00 是快速定位指令。', answer: true, points: 1 },
];

export interface EvaluationCourse {
  server: TestServer;
  teacher: string;
  student: string;
  courseId: string;
}

export async function evaluationCourse(title: string): Promise<EvaluationCourse> {
  const server = await startTestServer();
  const teacher = await server.login('teacher');
  const student = await server.login('student');
  return { server, teacher, student, courseId: (await publishedCourse(server, teacher, title)).id };
}
