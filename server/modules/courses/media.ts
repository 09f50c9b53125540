// Files a course shows: its cover, and a lesson's images, video and
// attachments. They are uploaded first (POST /app/api/file/upload, or the
// chunked uploader for large videos) and named here by URL or file id.
//
// <img> and <video> cannot send a bearer token, so a file the teacher puts
// in a course is published (visibility public, like an avatar): its id is a
// random 128-bit value, so only someone who was shown the course knows it.
// Only the teacher's own files (or files already public) can be used, so a
// teacher cannot publish someone else's private upload by naming its id.
import type { ServerContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { FILE_URL_PREFIX } from '../uploads/service.js';
import { findFile, setFileVisibility, type FileRecord } from '../uploads/store.js';
import type { LessonAttachment, LessonVideo } from './outline-store.js';

const FILE_ID = /^[A-Za-z0-9_-]{1,64}$/u;
const FILE_URL_IN_TEXT = /\/new-chat\/app\/api\/file\/([A-Za-z0-9_-]{1,64})/gu;

export const fileUrl = (id: string) => FILE_URL_PREFIX + id;

function fileIdOfUrl(url: string): string | null {
  if (!url.startsWith(FILE_URL_PREFIX)) return null;
  const id = url.slice(FILE_URL_PREFIX.length).split(/[?#]/u)[0] ?? '';
  return FILE_ID.test(id) ? id : null;
}

/** The file if this teacher may put it in a course (their own, or already public), published. */
async function usableFile(ctx: ServerContext, userId: string, id: string, problem: string): Promise<FileRecord> {
  const file = await findFile(ctx.db, id);
  if (!file || (file.ownerId !== userId && file.visibility !== 'public')) throw badRequest(problem);
  if (file.visibility !== 'public') await setFileVisibility(ctx.db, file.id, 'public');
  return file;
}

/** A cover is '' or an uploaded image. */
export async function checkCover(ctx: ServerContext, userId: string, url: string): Promise<string> {
  const trimmed = url.trim();
  if (!trimmed) return '';
  const id = fileIdOfUrl(trimmed);
  const problem = '封面需先上传图片（png、jpg、gif 或 webp），再使用返回的地址';
  if (!id) throw badRequest(problem);
  const file = await usableFile(ctx, userId, id, problem);
  if (!file.mime.startsWith('image/')) throw badRequest(problem);
  return fileUrl(file.id);
}

/** A lesson video: an uploaded video file (by id), or a link to a video hosted elsewhere (http/https). */
export async function checkVideo(ctx: ServerContext, userId: string, video: { fileId?: string; url?: string; name?: string } | null): Promise<LessonVideo | null> {
  if (!video || (!video.fileId && !video.url?.trim())) return null;
  const fileId = video.fileId ?? fileIdOfUrl(video.url?.trim() ?? '');
  if (fileId) {
    const problem = '视频文件不存在或不属于你，请重新上传';
    const file = await usableFile(ctx, userId, fileId, problem);
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

export async function checkAttachments(ctx: ServerContext, userId: string, items: Array<{ fileId: string }>): Promise<LessonAttachment[]> {
  const seen = new Set<string>();
  const out: LessonAttachment[] = [];
  for (const item of items) {
    if (seen.has(item.fileId)) continue;
    seen.add(item.fileId);
    const file = await usableFile(ctx, userId, item.fileId, '附件不存在或不属于你，请重新上传');
    out.push({ fileId: file.id, name: file.name, size: file.size, mime: file.mime, url: fileUrl(file.id) });
  }
  return out;
}

/** Images the lesson text links to (uploaded by this teacher) are published so students can see them. */
export async function publishContentFiles(ctx: ServerContext, userId: string, markdown: string): Promise<void> {
  const ids = new Set([...markdown.matchAll(FILE_URL_IN_TEXT)].map((m) => m[1]!));
  for (const id of ids) {
    const file = await findFile(ctx.db, id);
    // Someone else's private file stays private (and shows as a broken image): never published by naming it.
    if (file && file.ownerId === userId && file.visibility !== 'public') await setFileVisibility(ctx.db, id, 'public');
  }
}
