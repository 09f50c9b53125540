// The resource library: folders, files added from the chunked uploader, list
// and search, tags, rename, move, delete with undo, previews with range
// requests, sharing with a course; nobody else sees a private library.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { sha256, uploadInChunks } from '../../support/chunked-upload.js';
import { publishedCourse } from '../../support/published-course.js';
import { startTestServer, type TestServer } from '../../support/server.js';
import { addPerson } from '../courses/courses-school.js';

interface Folder {
  id: string;
  name: string;
  parentId: string | null;
}
interface Resource {
  id: string;
  name: string;
  kind: string;
  tags: string[];
  folderId: string | null;
  url: string;
  downloadUrl: string;
  courseIds: string[];
  mine: boolean;
}
interface Library {
  path: Folder[];
  folders: Folder[];
  items: Resource[];
  tags: string[];
}

let server: TestServer;
let teacher: string;
let student: string;
let manager: string;

before(async () => {
  server = await startTestServer();
  teacher = await server.login('teacher');
  student = await server.login('student');
  manager = await server.login('manager');
});
after(() => server.close());

const video = (size: number) => {
  const bytes = randomBytes(size);
  Buffer.from('\x00\x00\x00\x18ftypisom', 'latin1').copy(bytes, 0);
  return bytes;
};

async function ok<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const res = await server.api<T>(method, path, { token, ...(body !== undefined ? { body } : {}) });
  assert.equal(res.status, 200, `${method} ${path}: ${res.body.msg}`);
  return res.body.data;
}

async function addFile(token: string, name: string, content: Buffer, extra: Record<string, unknown> = {}): Promise<Resource> {
  const file = await uploadInChunks(server, token, name, content, 64 * 1024);
  const [resource] = await ok<Resource[]>('POST', '/course/resource', token, { fileIds: [file.id], ...extra });
  return resource!;
}

const library = (token: string, query = '') => ok<Library>('GET', `/course/resource/list${query}`, token);

describe('resource library', () => {
  test('folders hold resources; the breadcrumb shows where you are', async () => {
    const unit = await ok<Folder>('POST', '/course/resource/folder', teacher, { name: '第一单元' });
    const videos = await ok<Folder>('POST', '/course/resource/folder', teacher, { name: '视频', parentId: unit.id });
    const clip = await addFile(teacher, '车削演示.mp4', video(200_000), { folderId: videos.id, tags: ['车削', '演示'] });
    assert.equal(clip.kind, 'video');
    assert.deepEqual(clip.tags, ['车削', '演示']);
    const top = await library(teacher);
    assert.ok(top.folders.some((f) => f.id === unit.id));
    assert.ok(!top.items.some((r) => r.id === clip.id));
    const inside = await library(teacher, `?folderId=${videos.id}`);
    assert.deepEqual(
      inside.path.map((f) => f.name),
      ['第一单元', '视频'],
    );
    assert.deepEqual(
      inside.items.map((r) => r.id),
      [clip.id],
    );
  });

  test('search looks in every folder by name or tag; tags can be filtered', async () => {
    const folder = await ok<Folder>('POST', '/course/resource/folder', teacher, { name: '图纸' });
    await addFile(teacher, '零件图.pdf', Buffer.from('%PDF-1.7\n零件图'), { folderId: folder.id, tags: ['制图'] });
    await addFile(teacher, '说明.txt', Buffer.from('实训说明'), { tags: ['制图', '说明'] });
    assert.deepEqual(
      (await library(teacher, `?keyword=${encodeURIComponent('零件')}`)).items.map((r) => r.name),
      ['零件图.pdf'],
    );
    assert.deepEqual((await library(teacher, `?tag=${encodeURIComponent('制图')}`)).items.map((r) => r.name).sort(), ['说明.txt', '零件图.pdf'].sort());
    assert.deepEqual(
      (await library(teacher, '?kind=pdf')).items.map((r) => r.name),
      ['零件图.pdf'],
    );
    assert.ok((await library(teacher)).tags.includes('制图'));
  });

  test('rename, move and tag a resource; a folder cannot move into itself', async () => {
    const a = await ok<Folder>('POST', '/course/resource/folder', teacher, { name: 'A' });
    const b = await ok<Folder>('POST', '/course/resource/folder', teacher, { name: 'B', parentId: a.id });
    const r = await addFile(teacher, 'old.txt', Buffer.from('x'));
    const changed = await ok<Resource>('PUT', `/course/resource/${r.id}`, teacher, { name: '新名字.txt', folderId: b.id, tags: ['新'] });
    assert.equal(changed.name, '新名字.txt');
    assert.equal(changed.folderId, b.id);
    const cycle = await server.api('PUT', `/course/resource/folder/${a.id}`, { token: teacher, body: { parentId: b.id } });
    assert.equal(cycle.status, 400);
    assert.match(cycle.body.msg, /不能把文件夹移动到它自己/);
    assert.equal((await ok<Folder>('PUT', `/course/resource/folder/${b.id}`, teacher, { parentId: null, name: 'B2' })).name, 'B2');
  });

  test('delete can be undone, for a resource and for a folder with everything in it', async () => {
    const r = await addFile(teacher, 'undo.txt', Buffer.from('undo me'));
    await ok('DELETE', `/course/resource/${r.id}`, teacher);
    assert.ok(!(await library(teacher)).items.some((x) => x.id === r.id));
    assert.equal((await server.api('GET', `/course/resource/${r.id}`, { token: teacher })).status, 404);
    await ok('POST', `/course/resource/${r.id}/restore`, teacher);
    assert.ok((await library(teacher)).items.some((x) => x.id === r.id));

    const folder = await ok<Folder>('POST', '/course/resource/folder', teacher, { name: '要删的' });
    const sub = await ok<Folder>('POST', '/course/resource/folder', teacher, { name: '子', parentId: folder.id });
    const inner = await addFile(teacher, 'inner.txt', Buffer.from('inner'), { folderId: sub.id });
    await ok('DELETE', `/course/resource/folder/${folder.id}`, teacher);
    assert.equal((await library(teacher, `?keyword=inner`)).items.length, 0);
    assert.equal((await server.api('GET', `/course/resource/list?folderId=${sub.id}`, { token: teacher })).status, 404);
    await ok('POST', `/course/resource/folder/${folder.id}/restore`, teacher);
    assert.deepEqual(
      (await library(teacher, `?folderId=${sub.id}`)).items.map((x) => x.id),
      [inner.id],
    );
  });

  test('previews use signed links with range requests; downloads are attachments', async () => {
    const content = video(300_000);
    const r = await addFile(teacher, '预览.mp4', content);
    const whole = await fetch(`${server.baseUrl}${r.url}`);
    assert.equal(whole.status, 200);
    assert.equal(sha256(new Uint8Array(await whole.arrayBuffer())), sha256(content));
    const part = await fetch(`${server.baseUrl}${r.url}`, { headers: { range: 'bytes=1000-1999' } });
    assert.equal(part.status, 206);
    assert.deepEqual(Buffer.from(await part.arrayBuffer()), content.subarray(1000, 2000));
    const download = await fetch(`${server.baseUrl}${r.downloadUrl}`);
    assert.match(download.headers.get('content-disposition') ?? '', /^attachment/);
    await download.arrayBuffer();
    // A link is bound to its file and cannot be forged.
    const token = new URL(r.url, server.baseUrl).searchParams.get('access')!;
    assert.equal((await fetch(`${server.baseUrl}${r.url.replace(/\?.*/, '')}?access=${token.slice(0, -2)}xx`)).status, 404);
  });

  test('a signed link is short-lived and stops working when its user signs out', async () => {
    const person = await addPerson(server, 'teacher-signout', ['1']);
    const r = await addFile(person.token, '退出后.mp4', video(10_000));
    const expires = Number(new URL(r.url, server.baseUrl).searchParams.get('access')!.split('.')[2]);
    assert.ok(expires - Date.now() <= 45 * 60_000, `the link lasts ${Math.round((expires - Date.now()) / 60_000)} minutes`);
    assert.equal((await fetch(`${server.baseUrl}${r.url}`)).status, 200);
    // Every session of the user ends (the shared classroom computer is signed out).
    assert.equal((await server.api('POST', '/app/api/oauth/logout', { token: person.token })).status, 200);
    assert.equal((await fetch(`${server.baseUrl}${r.url}`)).status, 404);
  });

  test('a signed link dies with the sign-in that asked for it, while the other device stays signed in', async () => {
    const person = await addPerson(server, 'teacher-two-devices', ['1']);
    const deviceB = await server.login('teacher-two-devices');
    const fromA = await addFile(person.token, '设备A.mp4', video(10_000));
    const fromB = await ok<Resource>('GET', `/course/resource/${fromA.id}`, deviceB);
    assert.equal((await fetch(`${server.baseUrl}${fromA.url}`)).status, 200);
    assert.equal((await fetch(`${server.baseUrl}${fromB.url}`)).status, 200);
    // Device A signs out: its links stop at once; device B's session and links still work.
    assert.equal((await server.api('POST', '/app/api/oauth/logout', { token: person.token })).status, 200);
    assert.equal((await fetch(`${server.baseUrl}${fromA.url}`)).status, 404);
    assert.equal((await fetch(`${server.baseUrl}${fromA.downloadUrl}`)).status, 404);
    assert.equal((await fetch(`${server.baseUrl}${fromB.url}`)).status, 200);
    // A link cannot be moved onto the other sign-in: the signature covers it.
    const [user, , expires, signature] = new URL(fromA.url, server.baseUrl).searchParams.get('access')!.split('.');
    const tokenB = new URL(fromB.url, server.baseUrl).searchParams.get('access')!.split('.')[1];
    assert.equal((await fetch(`${server.baseUrl}${fromA.url.replace(/\?.*/, '')}?access=${user}.${tokenB}.${expires}.${signature}`)).status, 404);
  });

  test('a private library is not found for anyone else, on every call', async () => {
    const folder = await ok<Folder>('POST', '/course/resource/folder', teacher, { name: '私有' });
    const r = await addFile(teacher, 'private.txt', Buffer.from('secret'), { folderId: folder.id });
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/course/resource/${r.id}`],
      ['PUT', `/course/resource/${r.id}`, { name: 'x' }],
      ['DELETE', `/course/resource/${r.id}`],
      ['POST', `/course/resource/${r.id}/restore`],
      ['PUT', `/course/resource/${r.id}/shares`, { courseIds: [] }],
      ['GET', `/course/resource/list?folderId=${folder.id}`],
      ['POST', '/course/resource/folder', { name: 'x', parentId: folder.id }],
      ['PUT', `/course/resource/folder/${folder.id}`, { name: 'x' }],
      ['DELETE', `/course/resource/folder/${folder.id}`],
      ['POST', `/course/resource/folder/${folder.id}/restore`],
    ];
    for (const token of [student, manager]) {
      for (const [method, path, body] of calls) {
        const res = await server.api(method, path, { token, ...(body ? { body } : {}) });
        assert.equal(res.status, 404, `${method} ${path}`);
      }
      assert.ok(!(await library(token)).items.some((x) => x.id === r.id));
      assert.equal((await fetch(`${server.baseUrl}${r.url.replace(/\?.*/, '')}`, { headers: { authorization: `Bearer ${token}` } })).status, 404);
      const moveInto = await server.api('POST', '/course/resource', { token, body: { fileIds: ['nope'], folderId: folder.id } });
      assert.equal(moveInto.status, 404);
    }
    assert.equal((await server.api('GET', '/course/resource/list')).status, 401);
  });

  test('shared with a published course, its students see and download it; unsharing takes it away at once', async () => {
    const course = await publishedCourse(server, teacher, '机械制图');

    const content = Buffer.from('课程讲义：三视图的投影规律');
    const r = await addFile(teacher, '讲义.txt', content);
    const notShared = await server.api('GET', `/course/resource/${r.id}`, { token: student });
    assert.equal(notShared.status, 404);
    const shared = await ok<Resource>('PUT', `/course/resource/${r.id}/shares`, teacher, { courseIds: [course.id] });
    assert.deepEqual(shared.courseIds, [course.id]);

    const list = await ok<Array<Resource & { courseId: string }>>('GET', '/course/resource/shared', student);
    const seen = list.find((x) => x.id === r.id);
    assert.ok(seen);
    assert.equal(seen.courseId, course.id);
    assert.equal(seen.mine, false);
    const download = await fetch(`${server.baseUrl}${seen.downloadUrl}`);
    assert.equal(download.status, 200);
    assert.equal(Buffer.from(await download.arrayBuffer()).toString(), content.toString());
    assert.equal((await server.api('GET', `/course/resource/${r.id}`, { token: student })).status, 200);
    // The student still cannot change it.
    assert.equal((await server.api('PUT', `/course/resource/${r.id}`, { token: student, body: { name: 'x' } })).status, 404);

    const bad = await server.api('PUT', `/course/resource/${r.id}/shares`, { token: teacher, body: { courseIds: ['not-a-course'] } });
    assert.equal(bad.status, 400);
    await ok('PUT', `/course/resource/${r.id}/shares`, teacher, { courseIds: [] });
    assert.equal((await fetch(`${server.baseUrl}${seen.downloadUrl}`)).status, 404);
    assert.ok(!(await ok<Resource[]>('GET', '/course/resource/shared', student)).some((x) => x.id === r.id));
  });

  test("a course's page lists its shared materials for its teacher, students and managers, and nobody else", async () => {
    const course = await publishedCourse(server, teacher, '电工基础');
    const r = await addFile(teacher, '安全规程.txt', Buffer.from('停电、验电、装设接地线'));
    await ok('PUT', `/course/resource/${r.id}/shares`, teacher, { courseIds: [course.id] });
    for (const token of [teacher, student, manager]) {
      const listed = await ok<Resource[]>('GET', `/course/resource/course/${course.id}`, token);
      assert.deepEqual(
        listed.map((x) => x.name),
        ['安全规程.txt'],
        'the teacher sees their own share too',
      );
      const download = await fetch(`${server.baseUrl}${listed[0]!.downloadUrl}`);
      assert.equal(download.status, 200);
    }
    const outsider = await addPerson(server, 'outsider-student', ['3']);
    const otherTeacher = await addPerson(server, 'outsider-teacher', ['1']);
    for (const token of [outsider.token, otherTeacher.token]) {
      assert.equal((await server.api('GET', `/course/resource/course/${course.id}`, { token })).status, 404);
    }
    assert.equal((await server.api('GET', `/course/resource/course/${course.id}`)).status, 401);
  });
});
