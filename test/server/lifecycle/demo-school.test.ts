// The demo school as `npm start` seeds it shows each client type the product
// at work: the student studies a published sample course (a lesson already
// completed, a quiz to take), the teacher teaches it with a knowledge dataset
// the indexer reads at start, and the manager's board counts it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { seedIfEmpty } from '../../../server/db/seed.js';
import { demoLogins } from '../../../server/modules/account/index.js';
import { createFileStorage } from '../../../server/files/create-storage.js';
import { dayOf } from '../../../server/modules/courses/index.js';
import { okData, startTestServer, type TestServer } from '../../support/server.js';

interface CourseCard {
  id: string;
  title: string;
  status: string;
  teachers: Array<{ name: string }>;
  classes: Array<{ name: string }>;
  lessonCount: number;
  studentCount: number;
}
interface LessonHead {
  id: string;
  title: string;
  progress: { completedAt: number | null } | null;
}
interface CourseDetail extends CourseCard {
  chapters: Array<{ title: string; lessons: LessonHead[] }>;
  ai?: { datasetIds: string[] };
}
interface Dataset {
  id: string;
  name: string;
}
interface DocumentView {
  status: string;
  chunkCount: number;
}

const SAMPLE = /示例课程/u;
const DAY_MS = 24 * 3600_000;

describe('the demo school with its sample course', () => {
  let server: TestServer;
  let student = '';
  let teacher = '';
  let course: CourseCard;

  before(async () => {
    server = await startTestServer({ sampleCourse: true });
    student = await server.login('student');
    teacher = await server.login('teacher');
    const list = await okData<{ items: CourseCard[] }>(server.api('GET', '/course/courses', { token: student }));
    const found = list.items.find((c) => SAMPLE.test(c.title));
    assert.ok(found, 'the student sees the sample course');
    course = found;
  });
  after(() => server.close());

  it("the student's course list holds the published sample course of their class, taught by the teacher", () => {
    assert.equal(course.status, 'published');
    assert.deepEqual(
      course.teachers.map((t) => t.name),
      ['王老师'],
    );
    assert.deepEqual(
      course.classes.map((c) => c.name),
      ['2024级数控技术1班'],
    );
    assert.equal(course.lessonCount, 1);
  });

  it('the student reads its lesson, already completed, and the teacher sees the course as theirs', async () => {
    const detail = await okData<CourseDetail>(server.api('GET', `/course/courses/${course.id}`, { token: student }));
    const lesson = detail.chapters[0]?.lessons[0];
    assert.ok(lesson?.progress?.completedAt, 'the lesson is completed');
    const read = await okData<{ title: string; content: string }>(server.api('GET', `/course/lessons/${lesson.id}`, { token: student }));
    assert.match(read.content, /急停/u);
    const mine = await okData<{ items: CourseCard[] }>(server.api('GET', '/course/courses', { token: teacher }));
    assert.ok(mine.items.some((c) => c.id === course.id));
  });

  it('the course AI answers from a knowledge dataset whose document the indexer reads at start', async () => {
    const detail = await okData<CourseDetail>(server.api('GET', `/course/courses/${course.id}`, { token: teacher }));
    const datasetId = detail.ai?.datasetIds[0];
    assert.ok(datasetId, 'the course AI names the dataset');
    const datasets = await okData<Dataset[]>(server.api('GET', '/course/ragDataset/list', { token: teacher }));
    assert.ok(datasets.some((d) => d.id === datasetId));
    let documents: DocumentView[] = [];
    for (let i = 0; i < 600; i++) {
      documents = await okData<DocumentView[]>(server.api('GET', `/course/ragDataset/${datasetId}/documents`, { token: teacher }));
      if (documents[0]?.status === 'ready' || documents[0]?.status === 'error') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.equal(documents.length, 1);
    assert.equal(documents[0]?.status, 'ready');
    assert.ok((documents[0]?.chunkCount ?? 0) > 0);
  });

  it('the student has a published quiz to take in the course', async () => {
    const list = await okData<Array<{ id: string; title: string }>>(server.api('GET', `/course/evaluations?courseId=${course.id}`, { token: student }));
    const quiz = list.find((e) => /小测验/u.test(e.title));
    assert.ok(quiz, 'the quiz is listed for the student');
    await okData(server.api('GET', `/course/evaluations/${quiz.id}/paper`, { token: student }));
  });

  it("the manager's board counts the course, its lesson and the completion", async () => {
    const manager = await server.login('manager');
    const board = await okData<{ courses: { published: number; lessons: number; completions: number } }>(
      server.api('GET', `/course/board/summary?from=${dayOf(Date.now() - 6 * DAY_MS)}&to=${dayOf(Date.now())}`, { token: manager }),
    );
    assert.equal(board.courses.published, 1);
    assert.equal(board.courses.lessons, 1);
    assert.equal(board.courses.completions, 1);
  });

  it('a second start seeds nothing more', async () => {
    const result = await seedIfEmpty(server.data.db, { demo: demoLogins('another-password'), files: createFileStorage(server.config), sampleCourse: true });
    assert.equal(result.demo, null);
    const list = await okData<{ items: CourseCard[] }>(server.api('GET', '/course/courses', { token: teacher }));
    assert.equal(list.items.filter((c) => SAMPLE.test(c.title)).length, 1);
  });
});

describe('the demo school without the sample course (ZX_DEMO_COURSE=off)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it('has the users and the class, and no course', async () => {
    const student = await server.login('student');
    const list = await okData<{ items: CourseCard[] }>(server.api('GET', '/course/courses', { token: student }));
    assert.deepEqual(list.items, []);
  });
});
