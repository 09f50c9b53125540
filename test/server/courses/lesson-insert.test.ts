// Inserting into a lesson: a teacher puts a generated picture into a
// lesson's text (published, so the class sees it) and a generated video in as
// the lesson video (an existing one is replaced only when the teacher says
// so). Only the teacher's own results, only lessons they teach.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { writeMediaConfig } from '../../support/media-config.js';
import { publishedCourse } from '../../support/published-course.js';
import { startTestServer, type TestServer } from '../../support/server.js';
import { startStubMedia, type StubMedia } from '../../support/stub-media.js';
import { addPerson } from './courses-school.js';

interface Job {
  status: string;
  files: Array<{ id: string; mime: string }>;
}
interface LessonView {
  content: string;
  video: { fileId?: string; url: string; name: string } | null;
}

describe('insert a generated result into a lesson', () => {
  let stub: StubMedia;
  let server: TestServer;
  let teacher: string;
  let student: string;
  let lessonId: string;
  before(async () => {
    stub = await startStubMedia({ imageLatencyMs: 20, videoMs: 200 });
    server = await startTestServer({
      env: { ZX_LOG_LEVEL: 'error', ZX_CONFIG: writeMediaConfig(stub.baseUrl), ZX_GEN_POLL_MS: '50', ZX_GEN_VIDEO_POLL_MS: '50' },
    });
    teacher = await server.login('teacher');
    student = await server.login('student');
    const course = await publishedCourse(server, teacher, '细胞生物学');
    const detail = await server.api<{ chapters: Array<{ lessons: Array<{ id: string }> }> }>('GET', `/course/courses/${course.id}`, { token: teacher });
    lessonId = detail.body.data.chapters[0]!.lessons[0]!.id;
  });
  after(async () => {
    await server.close();
    await stub.close();
  });

  async function generate(token: string, body: Record<string, unknown>): Promise<Job> {
    const created = await server.api<{ id: string }>('POST', '/app/user/generations', { token, body });
    assert.equal(created.body.code, 200, created.body.msg);
    for (let i = 0; i < 200; i++) {
      const job = (await server.api<Job>('GET', `/app/user/generations/${created.body.data.id}`, { token })).body.data;
      if (job.status === 'succeeded') return job;
      assert.ok(['queued', 'running'].includes(job.status), `job ended ${job.status}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('job did not finish');
  }
  const insert = (token: string, id: string, body: Record<string, unknown>) => server.api<LessonView>('POST', `/course/lessons/${id}/insert`, { token, body });

  it('a picture goes into the lesson text, and the class can see it', async () => {
    const job = await generate(teacher, { kind: 'image', prompt: '细胞结构示意图', model: 'stub-image' });
    const picture = job.files[0]!;
    const res = await insert(teacher, lessonId, { fileId: picture.id, caption: 'AI生成 [细胞]' });
    assert.equal(res.body.code, 200, res.body.msg);
    assert.match(res.body.data.content, new RegExp(`!\\[AI生成 细胞\\]\\(/new-chat/app/api/file/${picture.id}(\\?access=[^)]*)?\\)`, 'u'));
    // The student opens the lesson and sees the picture.
    const read = await server.api<LessonView>('GET', `/course/lessons/${lessonId}`, { token: student });
    assert.ok(read.body.data.content.includes(`/new-chat/app/api/file/${picture.id}`));
    const image = await fetch(`${server.baseUrl}/new-chat/app/api/file/${picture.id}`, { headers: { authorization: `Bearer ${student}`, 'client-id': 'app' } });
    assert.equal(image.status, 200);
    assert.equal(image.headers.get('content-type'), 'image/png');
    // A second picture is added after the first, not over it.
    const again = await generate(teacher, { kind: 'image', prompt: '细胞分裂示意图', model: 'stub-image' });
    const second = await insert(teacher, lessonId, { fileId: again.files[0]!.id });
    assert.ok(second.body.data.content.indexOf(picture.id) < second.body.data.content.indexOf(again.files[0]!.id));
  });

  it('a picture without words gets the default caption in the inserting teacher’s language (en-US, zh-CN)', async () => {
    const captionIn = async (language: string) => {
      const job = await generate(teacher, { kind: 'image', prompt: '细胞膜示意图', model: 'stub-image' });
      const file = job.files[0]!.id;
      const res = await server.api<LessonView>('POST', `/course/lessons/${lessonId}/insert`, {
        token: teacher,
        body: { fileId: file },
        headers: { 'accept-language': language },
      });
      assert.equal(res.body.code, 200, res.body.msg);
      return new RegExp(`!\\[([^\\]]*)\\]\\(/new-chat/app/api/file/${file}(\\?access=[^)]*)?\\)`, 'u').exec(res.body.data.content)?.[1];
    };
    assert.equal(await captionIn('en-US'), 'AI-generated');
    assert.equal(await captionIn('zh-CN'), 'AI生成');
    // Stored in the lesson text: a Chinese reader sees the English teacher's words as written.
    const read = await server.api<LessonView>('GET', `/course/lessons/${lessonId}`, { token: student });
    assert.match(read.body.data.content, /!\[AI-generated\]/u);
  });

  it('a video becomes the lesson video; an existing one is replaced only when the teacher confirms', async () => {
    const first = await generate(teacher, { kind: 'video', prompt: '有丝分裂过程', model: 'stub-video', seconds: 5 });
    const video = first.files.find((f) => f.mime.startsWith('video/'))!;
    const res = await insert(teacher, lessonId, { fileId: video.id, caption: '有丝分裂' });
    assert.equal(res.body.code, 200, res.body.msg);
    assert.equal(res.body.data.video?.fileId, video.id);
    const played = await fetch(`${server.baseUrl}${res.body.data.video!.url}`, { headers: { range: 'bytes=0-99' } });
    assert.equal(played.status, 206, 'the lesson video plays with seeking');

    const next = await generate(teacher, { kind: 'video', prompt: '减数分裂过程', model: 'stub-video', seconds: 5 });
    const other = next.files.find((f) => f.mime.startsWith('video/'))!;
    const refused = await insert(teacher, lessonId, { fileId: other.id });
    assert.equal(refused.status, 409);
    assert.match(refused.body.msg, /已有视频/u);
    const kept = await server.api<LessonView>('GET', `/course/lessons/${lessonId}`, { token: teacher });
    assert.equal(kept.body.data.video?.fileId, video.id, 'nothing changed before the teacher confirmed');
    const replaced = await insert(teacher, lessonId, { fileId: other.id, replaceVideo: true });
    assert.equal(replaced.body.data.video?.fileId, other.id);
  });

  it('refuses someone else’s result, a lesson the teacher does not teach, and students', async () => {
    const mine = await generate(teacher, { kind: 'image', prompt: '叶绿体', model: 'stub-image' });
    const outsider = await addPerson(server, 'teacher-outside', ['1']);
    const theirs = await generate(outsider.token, { kind: 'image', prompt: '线粒体', model: 'stub-image' });
    const foreignFile = await insert(teacher, lessonId, { fileId: theirs.files[0]!.id });
    assert.equal(foreignFile.status, 400);
    const foreignLesson = await insert(outsider.token, lessonId, { fileId: theirs.files[0]!.id });
    assert.equal(foreignLesson.status, 404);
    const asStudent = await insert(student, lessonId, { fileId: mine.files[0]!.id });
    assert.equal(asStudent.status, 403);
    const lesson = await server.api<LessonView>('GET', `/course/lessons/${lessonId}`, { token: teacher });
    assert.ok(!lesson.body.data.content.includes(theirs.files[0]!.id));
  });
});
