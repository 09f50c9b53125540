// The chunked, resumable upload (DESIGN §2): test a chunk, receive a chunk,
// and merge once every chunk is there. Sessions are per user and client
// identifier, so two users never meet, and a page reload resumes by testing
// which chunks the server already has. Nothing lives in this process: the
// chunks are in the file store (ctx.files.chunks), the session and its chunk
// list in the database, and the merge is claimed by lease, so each chunk may
// land on any instance and a merge whose process died is finished elsewhere.
import type { Readable } from 'node:stream';
import type { ServerContext } from '../../context.js';
import { newId } from '../../db/ids.js';
import { ChunkMismatchError, type ChunkSlot } from '../../files/storage.js';
import { checkFileType, cleanFileName, kindForName, unsupportedTypeMessage } from '../../files/file-types.js';
import { LIBRARY_FILE_KINDS, TYPE_HEAD_BYTES } from '../../files/library-types.js';
import { ApiError, badRequest, payloadTooLarge } from '../../http/errors.js';
import { checkLayout, expectedChunkSize, type ChunkParams } from './chunk-layout.js';
import { formatBytes, readUploadLimits, type UploadLimits } from './limits.js';
import { precheckQuota, withinQuota } from './quota.js';
import { fileInfo, type FileInfo } from './service.js';
import {
  claimMerge,
  completeSession,
  countChunks,
  deleteSession,
  findSession,
  forgetChunk,
  hasChunkRow,
  insertSession,
  recordChunk,
  holdsMerge,
  releaseMerge,
  renewMerge,
  type MergeClaim,
  touchSession,
  type UploadSession,
} from './session-store.js';
import { findFile, findOwnFileByHash, insertFile } from './store.js';

export interface ChunkRuntime {
  limits: UploadLimits;
}

export function createChunkRuntime(ctx: Pick<ServerContext, 'config'>): ChunkRuntime {
  return { limits: readUploadLimits(ctx.config.env) };
}

/** Where chunk n of this session goes in the file. */
function slotOf(session: Pick<UploadSession, 'chunkSize' | 'totalSize' | 'totalChunks'>, n: number): ChunkSlot {
  return { number: n, offset: (n - 1) * session.chunkSize, size: expectedChunkSize(session, n) };
}

export type ChunkReply = { complete: true; file: FileInfo } | { complete: false; chunkNumber: number; receivedChunks: number; totalChunks: number };

/** 415 is in every resumable client's permanent-error list: it stops at once instead of retrying. */
const unsupportedType = (msg: string) => new ApiError(415, msg);

async function checkNewUpload(ctx: ServerContext, rt: ChunkRuntime, userId: string, p: ChunkParams, name: string, exceptSessionId?: string) {
  if (!kindForName(name, LIBRARY_FILE_KINDS)) throw unsupportedType(unsupportedTypeMessage(name, LIBRARY_FILE_KINDS));
  if (p.totalSize > rt.limits.maxFileBytes)
    throw payloadTooLarge(`文件太大（${formatBytes(p.totalSize)}），单个文件最大 ${formatBytes(rt.limits.maxFileBytes)}`);
  await precheckQuota(ctx, userId, rt.limits.quotaBytes, p.totalSize, exceptSessionId);
}

/** Identical content this user already stored: the upload completes at once. */
async function sameContent(ctx: ServerContext, userId: string, p: ChunkParams, name: string): Promise<FileInfo | null> {
  if (!p.fileSha256) return null;
  const existing = await findOwnFileByHash(ctx.db, userId, p.fileSha256, p.totalSize);
  return existing ? { ...fileInfo(existing), name } : null;
}

const sameLayout = (s: UploadSession, p: ChunkParams) => s.totalSize === p.totalSize && s.chunkSize === p.chunkSize && s.totalChunks === p.totalChunks;

async function completedFile(ctx: ServerContext, session: UploadSession): Promise<FileInfo | null> {
  const file = session.fileId ? await findFile(ctx.db, session.fileId) : null;
  return file ? { ...fileInfo(file), name: session.fileName } : null;
}

/**
 * How often an upload in progress marks itself alive: its time only decides
 * when an abandoned upload is swept (ZX_UPLOAD_STALE_HOURS, at least an
 * hour), so chunks streaming in write it once a minute, not twice per chunk.
 */
export const KEEP_ALIVE_MS = 60_000;

async function keepAlive(ctx: ServerContext, session: UploadSession): Promise<void> {
  const now = ctx.now();
  if (now - session.updatedAt >= KEEP_ALIVE_MS) await touchSession(ctx.db, session.id, now);
}

/** GET: does the server have this chunk? 200 (with the file once complete) or null for "send it" (204). */
export async function testChunk(ctx: ServerContext, rt: ChunkRuntime, userId: string, p: ChunkParams): Promise<ChunkReply | null> {
  checkLayout(p, rt.limits.maxChunkBytes);
  const name = cleanFileName(p.filename);
  const session = await findSession(ctx.db, userId, p.identifier);
  if (session && sameLayout(session, p)) {
    if (session.status === 'complete') {
      const file = await completedFile(ctx, session);
      if (file) return { complete: true, file };
    } else {
      await keepAlive(ctx, session);
      const have = (await hasChunkRow(ctx.db, session.id, p.chunkNumber)) && (await ctx.files.chunks.has(session.id, slotOf(session, p.chunkNumber)));
      return have
        ? { complete: false, chunkNumber: p.chunkNumber, receivedChunks: await countChunks(ctx.db, session.id), totalChunks: session.totalChunks }
        : null;
    }
  }
  const same = await sameContent(ctx, userId, p, name);
  if (same) return { complete: true, file: same };
  // Refuse early, before any bytes are sent, what the upload would refuse anyway.
  await checkNewUpload(ctx, rt, userId, p, name, session?.id);
  return null;
}

/** The session this chunk belongs to, created on first contact; a different layout under the same identifier starts over. */
async function openSession(ctx: ServerContext, rt: ChunkRuntime, userId: string, p: ChunkParams, name: string): Promise<UploadSession> {
  let session = await findSession(ctx.db, userId, p.identifier);
  if (session && !sameLayout(session, p) && session.status !== 'merging') {
    await deleteSession(ctx.db, session.id);
    await ctx.files.chunks.remove(session.id);
    session = null;
  }
  if (session) return session;
  await checkNewUpload(ctx, rt, userId, p, name);
  const now = ctx.now();
  // The session is the reservation, written only if it fits. The first chunks of one file arriving
  // together share one session: the one that finds it already written is no new reservation.
  return withinQuota(ctx, userId, rt.limits.quotaBytes, async (trx, fits) => {
    const existing = await findSession(trx, userId, p.identifier);
    if (existing) return existing;
    await fits(p.totalSize);
    return insertSession(trx, {
      id: newId(),
      ownerId: userId,
      identifier: p.identifier,
      fileName: name,
      totalSize: p.totalSize,
      chunkSize: p.chunkSize,
      totalChunks: p.totalChunks,
      fileSha256: p.fileSha256?.toLowerCase() ?? null,
      status: 'open',
      fileId: null,
      createdAt: now,
      updatedAt: now,
    });
  });
}

const MISMATCH_MESSAGES = {
  'too-large': (n: number, size: number) => `第 ${n} 个分片比声明的 ${size} 字节大，已拒收，请重新上传该分片`,
  'too-small': (n: number, size: number) => `第 ${n} 个分片不完整（应为 ${size} 字节），可能是网络中断，请重试`,
  checksum: (n: number) => `第 ${n} 个分片校验失败（内容在传输中损坏），请重试`,
};

/** POST: stores one chunk; the chunk that completes the file merges it and answers with the stored file. */
export async function receiveChunk(ctx: ServerContext, rt: ChunkRuntime, userId: string, p: ChunkParams, content: Readable): Promise<ChunkReply> {
  const drain = () => content.resume();
  try {
    checkLayout(p, rt.limits.maxChunkBytes);
  } catch (error) {
    drain();
    throw error;
  }
  const name = cleanFileName(p.filename);
  let session: UploadSession;
  try {
    const same = await sameContent(ctx, userId, p, name);
    if (same) {
      drain();
      return { complete: true, file: same };
    }
    session = await openSession(ctx, rt, userId, p, name);
  } catch (error) {
    drain();
    throw error;
  }
  if (session.status !== 'open') {
    drain();
    return finishOrWait(ctx, rt, session);
  }

  const slot = slotOf(session, p.chunkNumber);
  // A chunk the store already holds is not written again: on disk that would
  // rewrite bytes in place that a merge may be reading.
  if ((await hasChunkRow(ctx.db, session.id, p.chunkNumber)) && (await ctx.files.chunks.has(session.id, slot))) {
    drain();
  } else {
    try {
      await ctx.files.chunks.write(session.id, slot, content, p.chunkSha256);
    } catch (error) {
      if (error instanceof ChunkMismatchError) {
        // Written in place, a bad copy may have damaged what a good one left: ask for it again.
        await forgetChunk(ctx.db, session.id, p.chunkNumber);
        throw badRequest(MISMATCH_MESSAGES[error.problem](p.chunkNumber, slot.size));
      }
      throw error;
    }
    await recordChunk(ctx.db, session.id, p.chunkNumber, slot.size, ctx.now());
  }
  await keepAlive(ctx, session);
  const received = await countChunks(ctx.db, session.id);
  if (received < session.totalChunks) return { complete: false, chunkNumber: p.chunkNumber, receivedChunks: received, totalChunks: session.totalChunks };
  return finishOrWait(ctx, rt, session);
}

/** Every chunk is in: merge once (whoever claims the lease; concurrent last chunks wait for it) and answer with the file. */
async function finishOrWait(ctx: ServerContext, rt: ChunkRuntime, session: UploadSession): Promise<ChunkReply> {
  return { complete: true, file: await merge(ctx, rt, session) };
}

/**
 * Finishes a merge whose process died (found by the sweeper in cleanup.ts),
 * without waiting for the client: false when another run holds it.
 */
export async function resumeMerge(ctx: ServerContext, rt: ChunkRuntime, session: UploadSession): Promise<boolean> {
  const claim = await claimMerge(ctx.db, session.id, ctx.now(), ctx.now() + MERGE_LEASE_MS);
  if (!claim) return false;
  await mergeClaimed(ctx, rt, session, claim);
  return true;
}

/** How long a merge holds its session without renewal; a merge whose process died is retaken after this. */
export const MERGE_LEASE_MS = 30_000;

async function merge(ctx: ServerContext, rt: ChunkRuntime, session: UploadSession): Promise<FileInfo> {
  const claim = await claimMerge(ctx.db, session.id, ctx.now(), ctx.now() + MERGE_LEASE_MS);
  if (!claim) {
    // Another request or process is merging it, or has merged it; a merge
    // that died is retaken once its lease runs out.
    const deadline = Date.now() + 300_000;
    for (let wait = 25; Date.now() < deadline; wait = Math.min(wait * 2, 500)) {
      const current = await findSession(ctx.db, session.ownerId, session.identifier);
      if (!current) break;
      if (current.status === 'complete') {
        const file = await completedFile(ctx, current);
        if (file) return file;
      }
      const retaken = await claimMerge(ctx.db, current.id, ctx.now(), ctx.now() + MERGE_LEASE_MS);
      if (retaken) return mergeClaimed(ctx, rt, current, retaken);
      await new Promise((r) => setTimeout(r, wait));
    }
    throw new ApiError(409, '文件正在合并，请稍后重试');
  }
  return mergeClaimed(ctx, rt, session, claim);
}

/**
 * Merges a session this run has claimed; the merge starts from the chunks,
 * whatever an earlier run left. The claim is renewed while the merge runs
 * (one renewal at a time, none once the merge ends); a run that lost it
 * (stalled past its lease, the session taken over) changes nothing more.
 */
async function mergeClaimed(ctx: ServerContext, rt: ChunkRuntime, session: UploadSession, claim: MergeClaim): Promise<FileInfo> {
  let renewing: Promise<unknown> = Promise.resolve();
  const renew = setInterval(() => {
    renewing = renewing.then(() => renewMerge(ctx.db, claim, ctx.now() + MERGE_LEASE_MS).catch(() => false));
  }, MERGE_LEASE_MS / 3);
  const settle = async () => {
    clearInterval(renew);
    await renewing; // the fence moves only here, so the final write sees the latest one
  };
  try {
    return await mergeChunks(ctx, rt, session, claim, settle);
  } finally {
    await settle();
  }
}

async function mergeChunks(ctx: ServerContext, rt: ChunkRuntime, session: UploadSession, claim: MergeClaim, settle: () => Promise<void>): Promise<FileInfo> {
  try {
    // A chunk recorded but lost in the store must be sent again, not merged as a hole.
    const slots = Array.from({ length: session.totalChunks }, (_, i) => slotOf(session, i + 1));
    const lost = await ctx.files.chunks.firstMissing(session.id, slots);
    if (lost !== null) {
      await forgetChunk(ctx.db, session.id, lost);
      throw badRequest(`第 ${lost} 个分片丢失，请重新上传`);
    }
    const head = await ctx.files.chunks.head(session.id, TYPE_HEAD_BYTES);
    const type = checkFileType(session.fileName, head, LIBRARY_FILE_KINDS);
    if (!type.ok) {
      await discard(ctx, session, claim, settle);
      throw unsupportedType(type.reason);
    }
    // Named after the session, so a merge retaken after a crash finishes the same file.
    const saved = await ctx.files.chunks.combine(session);
    if (saved.size !== session.totalSize || (session.fileSha256 && saved.sha256 !== session.fileSha256)) {
      // (The stored object is named after the session: only the run holding it removes it.)
      if (await holdsMerge(ctx.db, claim)) await ctx.files.remove(saved.storedName);
      await discard(ctx, session, claim, settle);
      throw badRequest('文件校验失败（合并后的内容与上传前不一致），请重新上传');
    }
    const now = ctx.now();
    // Identical bytes already stored for this user: keep one copy.
    const existing = await findOwnFileByHash(ctx.db, session.ownerId, saved.sha256, saved.size);
    let fileId: string;
    let inserted = false;
    if (existing) {
      // (A merge retaken after a crash may find the row its first run wrote: same bytes, keep them.)
      if (existing.storedName !== saved.storedName) await ctx.files.remove(saved.storedName);
      fileId = existing.id;
    } else {
      fileId = newId();
      try {
        await insertFile(ctx.db, {
          id: fileId,
          ownerId: session.ownerId,
          name: session.fileName,
          storedName: saved.storedName,
          mime: type.kind.mime,
          size: saved.size,
          sha256: saved.sha256,
          visibility: 'private',
          createdAt: now,
        });
        inserted = true;
      } catch (error) {
        await ctx.files.remove(saved.storedName);
        throw error;
      }
    }
    await settle();
    if (!(await completeSession(ctx.db, claim, fileId, now))) {
      // Another run took the session over (this one stalled past its lease): its result stands.
      if (inserted) await ctx.db.deleteFrom('files').where('id', '=', fileId).execute();
      const current = await findSession(ctx.db, session.ownerId, session.identifier);
      const file = current?.status === 'complete' ? await completedFile(ctx, current) : null;
      if (file) return file;
      throw new ApiError(409, '文件正在合并，请稍后重试');
    }
    await ctx.files.chunks.remove(session.id);
    return (await completedFile(ctx, { ...session, fileId }))!;
  } catch (error) {
    // Let the client try again (unless the session was discarded above).
    await settle();
    await releaseMerge(ctx.db, claim, ctx.now());
    throw error;
  }
}

/** Drops a session whose upload cannot be used, if this run still holds its merge. */
async function discard(ctx: ServerContext, session: UploadSession, claim: MergeClaim, settle: () => Promise<void>): Promise<void> {
  await settle();
  if (!(await holdsMerge(ctx.db, claim))) return;
  await deleteSession(ctx.db, session.id);
  await ctx.files.chunks.remove(session.id);
}
