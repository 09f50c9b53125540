// Files a course shows: its cover, and a lesson's images, video and
// attachments. They are uploaded first (POST /app/api/file/upload, or the
// chunked uploader for large videos) and named here by URL or file id.
//
// A lesson's video and attachments stay private files: whoever may read the
// lesson may read them (mayReadLessonFile, registered with uploads), and the
// lesson view hands each reader signed `?access=` links because <video> and a
// download link cannot send a bearer token. A draft's files are therefore
// closed to students, and a file taken off a lesson (or its lesson or course
// deleted) stops being readable through it at once.
//
// Images inside the lesson text are treated the same way: they stay private,
// each lesson view gives its reader signed links in the text, and the text is
// stored without them. A file is never made public by being linked from a
// lesson, so a draft's pictures are closed to students and a lesson that is
// withdrawn (or deleted) stops showing them at once. Only the cover is
// published (public, like an avatar): it shows on course cards to anyone.
// Only the teacher's own files (or files already public, or already on this
// lesson) can be used, so a teacher cannot expose someone else's private
// upload by naming its id.
import type { ServerContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { FILE_URL_PREFIX, fileAccessToken, type FileReader, type FileRecord, findFile, publishFile } from '../uploads/index.js';
import { canReadCourse } from './access.js';
import { lessonsHoldingFile, type LessonAttachment, type LessonRecord, type LessonVideo } from './outline-store.js';

const FILE_ID = /^[A-Za-z0-9_-]{1,64}$/u;
const FILE_URL_IN_TEXT = /\/new-chat\/app\/api\/file\/([A-Za-z0-9_-]{1,64})(?:\?access=[^)\s"'<>]*)?/gu;

export const fileUrl = (id: string) => FILE_URL_PREFIX + id;

function fileIdOfUrl(url: string): string | null {
  if (!url.startsWith(FILE_URL_PREFIX)) return null;
  const id = url.slice(FILE_URL_PREFIX.length).split(/[?#]/u)[0] ?? '';
  return FILE_ID.test(id) ? id : null;
}

/** The file if this teacher may put it in a course: their own, already public, or already on the lesson (a co-teacher's). */
async function usableFile(ctx: ServerContext, userId: string, id: string, problem: string, kept: ReadonlySet<string> = new Set()): Promise<FileRecord> {
  const file = await findFile(ctx.db, id);
  if (!file || (file.ownerId !== userId && file.visibility !== 'public' && !kept.has(file.id))) throw badRequest(problem);
  return file;
}

/** A cover is shown on course cards (to anyone who sees the card), so it is published. */
async function publishedFile(ctx: ServerContext, userId: string, id: string, problem: string): Promise<FileRecord> {
  const file = await usableFile(ctx, userId, id, problem);
  if (file.visibility !== 'public') await publishFile(ctx.db, file.id);
  return file;
}

/** Ids of the files the lesson text links to. */
function contentFileIds(markdown: string): string[] {
  return [...markdown.matchAll(FILE_URL_IN_TEXT)].map((m) => m[1]!);
}

/** Ids of the files a lesson holds now (its uploaded video, attachments and the images in its text). */
export function lessonFileIds(lesson: (Pick<LessonRecord, 'video' | 'attachments'> & { content?: string }) | null): Set<string> {
  const ids = new Set<string>(lesson?.attachments.map((a) => a.fileId) ?? []);
  if (lesson?.video?.fileId) ids.add(lesson.video.fileId);
  for (const id of contentFileIds(lesson?.content ?? '')) ids.add(id);
  return ids;
}

/** Uploads' read check: a file on a lesson is readable by whoever may read that lesson's course. */
export async function mayReadLessonFile(ctx: ServerContext, fileId: string, userId: string): Promise<boolean> {
  const lessons = await lessonsHoldingFile(ctx.db, fileId);
  for (const lesson of lessons) {
    if (lessonFileIds(lesson).has(fileId) && (await canReadCourse(ctx, userId, lesson.courseId))) return true;
  }
  return false;
}

/** The lesson with signed links for this reader (media elements, images and downloads cannot send a token). */
export async function withSignedFiles<T extends Pick<LessonRecord, 'video' | 'attachments'> & { content?: string }>(
  ctx: ServerContext,
  reader: FileReader,
  lesson: T,
): Promise<T> {
  const signed = async (id: string) => `${fileUrl(id)}?access=${await fileAccessToken(ctx, id, reader)}`;
  const video = lesson.video?.fileId ? { ...lesson.video, url: await signed(lesson.video.fileId) } : lesson.video;
  const attachments = await Promise.all(lesson.attachments.map(async (a) => ({ ...a, url: await signed(a.fileId) })));
  if (lesson.content === undefined) return { ...lesson, video, attachments };
  const links = new Map(await Promise.all([...new Set(contentFileIds(lesson.content))].map(async (id) => [id, await signed(id)] as const)));
  const content = lesson.content.replace(FILE_URL_IN_TEXT, (_match, id: string) => links.get(id)!);
  return { ...lesson, video, attachments, content };
}

/** A cover is '' or an uploaded image. */
export async function checkCover(ctx: ServerContext, userId: string, url: string): Promise<string> {
  const trimmed = url.trim();
  if (!trimmed) return '';
  const id = fileIdOfUrl(trimmed);
  const problem = '封面需先上传图片（png、jpg、gif 或 webp），再使用返回的地址';
  if (!id) throw badRequest(problem);
  const file = await publishedFile(ctx, userId, id, problem);
  if (!file.mime.startsWith('image/')) throw badRequest(problem);
  return fileUrl(file.id);
}

/** A lesson video: an uploaded video file (by id), or a link to a video hosted elsewhere (http/https). */
export async function checkVideo(
  ctx: ServerContext,
  userId: string,
  video: { fileId?: string; url?: string; name?: string } | null,
  kept: ReadonlySet<string> = new Set(),
): Promise<LessonVideo | null> {
  if (!video || (!video.fileId && !video.url?.trim())) return null;
  const fileId = video.fileId ?? fileIdOfUrl(video.url?.trim() ?? '');
  if (fileId) {
    const problem = '视频文件不存在或不属于你，请重新上传';
    const file = await usableFile(ctx, userId, fileId, problem, kept);
    if (!file.mime.startsWith('video/')) throw badRequest('所选文件不是视频，请上传 mp4 或 webm 视频');
    return { fileId: file.id, url: fileUrl(file.id), name: video.name?.trim() || file.name };
  }
  let parsed: URL;
  try {
    parsed = new URL(video.url!.trim());
  } catch {
    throw badRequest('视频地址格式不正确，请填写以 https:// 开头的完整地址');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw badRequest('视频地址只能是 http 或 https 链接');
  return { url: parsed.href, name: video.name?.trim() || decodeURIComponent(parsed.pathname.split('/').pop() || parsed.hostname) };
}

export async function checkAttachments(
  ctx: ServerContext,
  userId: string,
  items: Array<{ fileId: string }>,
  kept: ReadonlySet<string> = new Set(),
): Promise<LessonAttachment[]> {
  const seen = new Set<string>();
  const out: LessonAttachment[] = [];
  for (const item of items) {
    if (seen.has(item.fileId)) continue;
    seen.add(item.fileId);
    const file = await usableFile(ctx, userId, item.fileId, '附件不存在或不属于你，请重新上传', kept);
    out.push({ fileId: file.id, name: file.name, size: file.size, mime: file.mime, url: fileUrl(file.id) });
  }
  return out;
}

/**
 * The lesson text as stored: its file links without any reader's signature,
 * each naming a file this teacher may use (their own, a public one, or one
 * the lesson already holds), so course readers never reach someone else's
 * private upload through it.
 */
export async function checkContent(ctx: ServerContext, userId: string, markdown: string, kept: ReadonlySet<string> = new Set()): Promise<string> {
  for (const id of new Set(contentFileIds(markdown))) await usableFile(ctx, userId, id, '正文中的图片不存在或不属于你，请重新上传', kept);
  return markdown.replace(FILE_URL_IN_TEXT, (_match, id: string) => fileUrl(id));
}
