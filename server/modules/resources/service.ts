// The resource library's rules. A library belongs to its owner: only they
// see, change, move or delete what is in it. A resource shared with a course
// can be seen and downloaded by whoever may read that course (its students,
// its teachers); everyone else gets 404. Deleting is soft so it can be undone;
// deleted things leave for good after UNDO_DAYS.
import type { ServerContext } from '../../context.js';
import { newId } from '../../db/ids.js';
import type { ResourceKind } from '../../db/tables/resources.js';
import { badRequest, notFound } from '../../http/errors.js';
import { canReadCourse, isCourseTeacher } from '../courses/index.js';
import { FILE_URL_PREFIX, fileAccessToken, type FileReader, findFile } from '../uploads/index.js';
import { kindOf } from './kinds.js';
import {
  allFolders,
  coursesSharingFile,
  findFolder,
  findResource,
  insertFolder,
  insertResource,
  listFolders,
  listResources,
  ownerTags,
  resourcesInFolders,
  setDeleted,
  setShares,
  sharedResources,
  sharesOf,
  updateFolder,
  updateResource,
  type FolderRecord,
  type ResourceRecord,
} from './store.js';
import { stripControlChars } from '../../../shared/control-chars.js';

export const UNDO_DAYS = 30;
const RESOURCE_NOT_FOUND = '资源不存在或已删除';
const FOLDER_NOT_FOUND = '文件夹不存在或已删除';
const MAX_TAGS = 10;

export interface FolderView {
  id: string;
  name: string;
  parentId: string | null;
  updateTime: number;
}

export interface ResourceView {
  id: string;
  name: string;
  mime: string;
  size: number;
  kind: ResourceKind;
  tags: string[];
  folderId: string | null;
  /** Signed link for previews (img, video, audio, iframe): they cannot send a token. Supports range requests. */
  url: string;
  downloadUrl: string;
  /** Courses it is shared with (owner only). */
  courseIds: string[];
  mine: boolean;
  createTime: number;
  updateTime: number;
}

const folderView = (f: FolderRecord): FolderView => ({ id: f.id, name: f.name, parentId: f.parentId, updateTime: f.updatedAt });

async function resourceViews(ctx: ServerContext, reader: FileReader, resources: readonly ResourceRecord[]): Promise<ResourceView[]> {
  const userId = reader.id;
  const shares = await sharesOf(
    ctx.db,
    resources.filter((r) => r.ownerId === userId).map((r) => r.id),
  );
  return Promise.all(
    resources.map(async (r) => {
      const url = `${FILE_URL_PREFIX}${r.fileId}?access=${await fileAccessToken(ctx, r.fileId, reader)}`;
      return {
        id: r.id,
        name: r.name,
        mime: r.mime,
        size: r.size,
        kind: r.kind,
        tags: r.tags,
        folderId: r.ownerId === userId ? r.folderId : null,
        url,
        downloadUrl: `${url}&download=1`,
        courseIds: shares.get(r.id) ?? [],
        mine: r.ownerId === userId,
        createTime: r.createdAt,
        updateTime: r.updatedAt,
      };
    }),
  );
}

function cleanName(raw: string, what: string): string {
  const name = stripControlChars(raw).replace(/[/\\]/gu, '').trim();
  if (!name) throw badRequest(`${what}不能为空`);
  return name.slice(0, 200);
}

function cleanTags(tags: readonly string[]): string[] {
  const unique = [...new Set(tags.map((t) => t.trim()).filter(Boolean))];
  if (unique.length > MAX_TAGS) throw badRequest(`每个资源最多 ${MAX_TAGS} 个标签`);
  return unique;
}

async function ownFolder(ctx: ServerContext, userId: string, id: string): Promise<FolderRecord> {
  const folder = await findFolder(ctx.db, id);
  if (!folder || folder.ownerId !== userId || folder.deletedAt !== null) throw notFound(FOLDER_NOT_FOUND);
  return folder;
}

async function ownResource(ctx: ServerContext, userId: string, id: string, includeDeleted = false): Promise<ResourceRecord> {
  const resource = await findResource(ctx.db, id);
  if (!resource || resource.ownerId !== userId || (resource.deletedAt !== null && !includeDeleted)) throw notFound(RESOURCE_NOT_FOUND);
  return resource;
}

/** The folder chain from the top down to `folderId`, for the breadcrumb. */
async function folderPath(ctx: ServerContext, userId: string, folderId: string | null): Promise<FolderView[]> {
  const path: FolderView[] = [];
  for (let id = folderId, guard = 0; id && guard < 100; guard++) {
    const folder = await ownFolder(ctx, userId, id);
    path.unshift(folderView(folder));
    id = folder.parentId;
  }
  return path;
}

export async function listLibrary(ctx: ServerContext, reader: FileReader, query: { folderId?: string; keyword?: string; tag?: string; kind?: ResourceKind }) {
  const userId = reader.id;
  const folderId = query.folderId ?? null;
  const path = await folderPath(ctx, userId, folderId);
  const keyword = query.keyword?.trim() || undefined;
  const searching = Boolean(keyword || query.tag || query.kind);
  // A search looks in every folder; browsing shows one folder's contents.
  const folders = searching ? [] : await listFolders(ctx.db, userId, folderId);
  const resources = await listResources(ctx.db, { ownerId: userId, folderId: searching ? undefined : folderId, keyword, tag: query.tag, kind: query.kind });
  return { path, folders: folders.map(folderView), items: await resourceViews(ctx, reader, resources), tags: await ownerTags(ctx.db, userId) };
}

export async function createFolder(ctx: ServerContext, userId: string, input: { name: string; parentId?: string | null }): Promise<FolderView> {
  if (input.parentId) await ownFolder(ctx, userId, input.parentId);
  const now = ctx.now();
  const folder: FolderRecord = {
    id: newId(),
    ownerId: userId,
    parentId: input.parentId ?? null,
    name: cleanName(input.name, '文件夹名称'),
    deletedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  await insertFolder(ctx.db, folder);
  return folderView(folder);
}

export async function changeFolder(ctx: ServerContext, userId: string, id: string, input: { name?: string; parentId?: string | null }): Promise<FolderView> {
  await ownFolder(ctx, userId, id);
  if (input.parentId) {
    // Moving a folder into itself or one of its own subfolders would cut it off.
    for (let at: string | null = input.parentId, guard = 0; at && guard < 100; guard++) {
      if (at === id) throw badRequest('不能把文件夹移动到它自己或它的子文件夹中');
      at = (await ownFolder(ctx, userId, at)).parentId;
    }
  }
  await updateFolder(ctx.db, id, {
    name: input.name === undefined ? undefined : cleanName(input.name, '文件夹名称'),
    parentId: input.parentId,
    updatedAt: ctx.now(),
  });
  return folderView(await ownFolder(ctx, userId, id));
}

/** A folder and everything under it (ids), including already deleted parts when `withDeleted`. */
async function subtree(ctx: ServerContext, userId: string, id: string, stamp: number | null): Promise<{ folders: string[]; resources: string[] }> {
  const all = await allFolders(ctx.db, userId);
  const folders = [id];
  for (let i = 0; i < folders.length; i++) for (const f of all) if (f.parentId === folders[i] && f.deletedAt === stamp) folders.push(f.id);
  const resources = (await resourcesInFolders(ctx.db, folders)).filter((r) => r.deletedAt === stamp).map((r) => r.id);
  return { folders, resources };
}

export async function deleteFolder(ctx: ServerContext, userId: string, id: string): Promise<{ deletedAt: number }> {
  await ownFolder(ctx, userId, id);
  const stamp = ctx.now();
  const ids = await subtree(ctx, userId, id, null);
  await ctx.db.transaction().execute((trx) => setDeleted(trx, ids, stamp));
  return { deletedAt: stamp };
}

export async function restoreFolder(ctx: ServerContext, userId: string, id: string): Promise<FolderView> {
  const folder = await findFolder(ctx.db, id);
  if (!folder || folder.ownerId !== userId || folder.deletedAt === null) throw notFound(FOLDER_NOT_FOUND);
  // Only what went with this folder comes back (same stamp), not things deleted before.
  const ids = await subtree(ctx, userId, id, folder.deletedAt);
  await ctx.db.transaction().execute((trx) => setDeleted(trx, ids, null));
  return folderView({ ...folder, deletedAt: null });
}

export async function addResources(
  ctx: ServerContext,
  reader: FileReader,
  input: { fileIds: string[]; folderId?: string | null; tags?: string[] },
): Promise<ResourceView[]> {
  const userId = reader.id;
  if (input.folderId) await ownFolder(ctx, userId, input.folderId);
  const tags = cleanTags(input.tags ?? []);
  const now = ctx.now();
  const created: ResourceRecord[] = [];
  for (const [i, fileId] of [...new Set(input.fileIds)].entries()) {
    const file = await findFile(ctx.db, fileId);
    if (!file || file.ownerId !== userId) throw badRequest('文件不存在，请先上传文件');
    created.push({
      id: newId(),
      ownerId: userId,
      folderId: input.folderId ?? null,
      fileId: file.id,
      name: file.name,
      mime: file.mime,
      size: file.size,
      kind: kindOf(file.mime),
      tags,
      deletedAt: null,
      createdAt: now + i,
      updatedAt: now + i,
    });
  }
  await ctx.db.transaction().execute(async (trx) => {
    for (const r of created) await insertResource(trx, r);
  });
  return resourceViews(ctx, reader, created);
}

export async function changeResource(
  ctx: ServerContext,
  reader: FileReader,
  id: string,
  input: { name?: string; folderId?: string | null; tags?: string[] },
): Promise<ResourceView> {
  const userId = reader.id;
  await ownResource(ctx, userId, id);
  if (input.folderId) await ownFolder(ctx, userId, input.folderId);
  await updateResource(ctx.db, id, {
    name: input.name === undefined ? undefined : cleanName(input.name, '资源名称'),
    folderId: input.folderId,
    tags: input.tags === undefined ? undefined : cleanTags(input.tags),
    updatedAt: ctx.now(),
  });
  return (await resourceViews(ctx, reader, [await ownResource(ctx, userId, id)]))[0]!;
}

export async function deleteResource(ctx: ServerContext, userId: string, id: string): Promise<{ deletedAt: number }> {
  await ownResource(ctx, userId, id);
  const stamp = ctx.now();
  await setDeleted(ctx.db, { folders: [], resources: [id] }, stamp);
  return { deletedAt: stamp };
}

export async function restoreResource(ctx: ServerContext, reader: FileReader, id: string): Promise<ResourceView> {
  const userId = reader.id;
  const resource = await ownResource(ctx, userId, id, true);
  if (resource.deletedAt === null) throw badRequest('这个资源没有被删除');
  // Its folder was deleted meanwhile: bring it back to the top level rather than into a hidden folder.
  const folder = resource.folderId ? await findFolder(ctx.db, resource.folderId) : null;
  await ctx.db.transaction().execute(async (trx) => {
    await setDeleted(trx, { folders: [], resources: [id] }, null);
    if (resource.folderId && (!folder || folder.deletedAt !== null)) await updateResource(trx, id, { folderId: null, updatedAt: ctx.now() });
  });
  return (await resourceViews(ctx, reader, [await ownResource(ctx, userId, id)]))[0]!;
}

export async function shareResource(ctx: ServerContext, reader: FileReader, id: string, courseIds: readonly string[]): Promise<ResourceView> {
  const userId = reader.id;
  await ownResource(ctx, userId, id);
  const unique = [...new Set(courseIds)];
  for (const courseId of unique) if (!(await isCourseTeacher(ctx, userId, courseId))) throw badRequest('只能共享到你任教的课程，请重新选择');
  await ctx.db.transaction().execute((trx) => setShares(trx, id, unique, userId, ctx.now()));
  return (await resourceViews(ctx, reader, [await ownResource(ctx, userId, id)]))[0]!;
}

/** A resource the user may open: their own, or one shared with a course they may read. */
export async function getResource(ctx: ServerContext, reader: FileReader, id: string): Promise<ResourceView> {
  const userId = reader.id;
  const resource = await findResource(ctx.db, id);
  if (!resource || resource.deletedAt !== null) throw notFound(RESOURCE_NOT_FOUND);
  if (resource.ownerId !== userId) {
    const courses = (await sharesOf(ctx.db, [id])).get(id) ?? [];
    let allowed = false;
    for (const courseId of courses) if ((allowed = await canReadCourse(ctx, userId, courseId))) break;
    if (!allowed) throw notFound(RESOURCE_NOT_FOUND);
  }
  return (await resourceViews(ctx, reader, [resource]))[0]!;
}

/** What has been shared with the user through their courses (a student's view), optionally for one course. */
export async function sharedWithMe(
  ctx: ServerContext,
  reader: FileReader,
  query: { courseId?: string; keyword?: string },
): Promise<Array<ResourceView & { courseId: string }>> {
  const userId = reader.id;
  const readable = new Map<string, boolean>();
  const keyword = query.keyword?.trim().toLowerCase();
  const visible: Array<ResourceRecord & { courseId: string }> = [];
  for (const r of await sharedResources(ctx.db)) {
    if (r.ownerId === userId || (query.courseId && r.courseId !== query.courseId)) continue;
    if (keyword && !r.name.toLowerCase().includes(keyword) && !r.tags.some((t) => t.toLowerCase().includes(keyword))) continue;
    if (!readable.has(r.courseId)) readable.set(r.courseId, await canReadCourse(ctx, userId, r.courseId));
    if (readable.get(r.courseId)) visible.push(r);
  }
  const views = await resourceViews(ctx, reader, visible);
  return views.map((v, i) => ({ ...v, courseId: visible[i]!.courseId }));
}

/**
 * A course's shared materials, as its page lists them: everyone who may read
 * the course (its teachers, its students, managers of a published course)
 * sees all of them, the teachers' own included. Anyone else gets 404.
 */
export async function courseResources(ctx: ServerContext, reader: FileReader, courseId: string): Promise<ResourceView[]> {
  const userId = reader.id;
  if (!(await canReadCourse(ctx, userId, courseId))) throw notFound('课程不存在、未发布或你不在这门课程中');
  return resourceViews(ctx, reader, await sharedResources(ctx.db, courseId));
}

export const tagsOf = (ctx: ServerContext, userId: string) => ownerTags(ctx.db, userId);

/** File access hook: a file shared with a course the user may read. */
export async function mayReadSharedFile(ctx: ServerContext, fileId: string, userId: string): Promise<boolean> {
  for (const courseId of await coursesSharingFile(ctx.db, fileId)) if (await canReadCourse(ctx, userId, courseId)) return true;
  return false;
}
