// The rules of generation jobs: who may start one (per-user limit, counted
// under the owner's lock, so racing requests never slip past it), who may read or cancel
// it (its owner only; anyone else gets 404), and what a reader sees.
import type { ServerContext } from '../../context.js';
import { underUserLock } from '../../db/user-lock.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest, notFound, tooMany } from '../../http/errors.js';
import type { ServerLocale } from '../../i18n/locales.js';
import { FILE_URL_PREFIX, fileAccessToken, type FileReader } from '../uploads/index.js';
import { generationCharges } from './charges.js';
import { refundOnce } from './charging.js';
import { generationKind, type GenerationRequest } from './kinds.js';
import { runnerOf } from './runner.js';
import { queueSettings } from './settings.js';
import { ACTIVE, admitJob, countActive, deleteJob, findJob, insertJob, listJobs, moveJob, releaseSlotsOf, resultFiles, type JobRow } from './store.js';
import { requireSafe } from '../safety/index.js';

export const NOT_FOUND_MESSAGE = '生成任务不存在';

export interface GenerationView {
  id: string;
  kind: string;
  status: JobRow['status'];
  progress: number;
  error?: string;
  files: Array<{ id: string; url: string; mime: string }>;
  outline?: string;
  model: string;
  prompt: string;
  /** What was asked besides the prompt (size, n, seconds, style …), as the kind stored it. */
  options: Record<string, unknown>;
  /** A video's first frame as picked: a link signed for the reader, so the form can show it again. */
  firstFrame?: { id: string; url: string };
  createTime: number;
  finishTime: number | null;
}

async function view(ctx: ServerContext, reader: FileReader, row: JobRow): Promise<GenerationView> {
  const input = JSON.parse(row.input) as Record<string, unknown>;
  const { prompt, ...options } = input;
  const signed = async (id: string) => `${FILE_URL_PREFIX}${id}?access=${await fileAccessToken(ctx, id, reader)}`;
  const files = await Promise.all(resultFiles(row).map(async (f) => ({ id: f.id, mime: f.mime, url: await signed(f.id) })));
  const frameId = typeof options.imageFileId === 'string' ? options.imageFileId : null;
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    progress: row.status === 'succeeded' ? 100 : row.progress,
    ...(row.error && row.status !== 'succeeded' ? { error: row.error } : {}),
    files,
    ...(row.outline !== null ? { outline: row.outline } : {}),
    model: row.model,
    prompt: typeof prompt === 'string' ? prompt : '',
    options,
    ...(frameId ? { firstFrame: { id: frameId, url: await signed(frameId) } } : {}),
    createTime: row.created_at,
    finishTime: row.finished_at,
  };
}

/** `locale`: the creator's language, handed to the kind (see GenerationKindHandler.prepare). */
export async function createGeneration(ctx: ServerContext, user: AuthUser, request: GenerationRequest, locale: ServerLocale): Promise<{ id: string }> {
  const handler = generationKind(request.kind);
  if (!handler) throw badRequest('不支持的生成类型');
  await requireSafe(ctx, { text: request.prompt, userId: user.id, source: request.kind === 'mindmap' ? 'mindmaps' : 'generations' });
  const prepared = await handler.prepare(ctx, user, request, locale);
  const now = ctx.now();
  const settings = queueSettings(ctx.config.env);
  // Counted, then written, under the owner's lock: of racing requests at the limit exactly as many
  // get in as fit (counting after writing, as this did before, could refuse them all). The credits
  // are reserved after the lock: their own transactions cannot run inside it on SQLite's one connection.
  const id = await underUserLock(ctx.db, user.id, async (trx) => {
    if ((await countActive(trx, user.id)) >= settings.userActive) {
      throw tooMany(`同时进行的生成任务最多 ${settings.userActive} 个，请等当前任务完成后再试`);
    }
    return insertJob(
      trx,
      { ownerId: user.id, kind: request.kind, provider: prepared.provider, model: prepared.model, input: prepared.input, deadlineAt: now + prepared.timeoutMs },
      now,
    );
  });
  try {
    const charge = await generationCharges().reserve(ctx, {
      jobId: id,
      ownerId: user.id,
      kind: request.kind,
      model: prepared.model,
      units: prepared.units ?? 1,
    });
    await admitJob(ctx.db, id, charge, ctx.now());
  } catch (error) {
    await deleteJob(ctx.db, id);
    throw error;
  }
  runnerOf(ctx)?.poke();
  return { id };
}

async function ownJob(ctx: ServerContext, userId: string, id: string): Promise<JobRow> {
  const row = await findJob(ctx.db, id);
  if (!row || row.owner_id !== userId) throw notFound(NOT_FOUND_MESSAGE);
  return row;
}

export async function getGeneration(ctx: ServerContext, reader: AuthUser, id: string): Promise<GenerationView> {
  return view(ctx, reader, await ownJob(ctx, reader.id, id));
}

export async function listGenerations(ctx: ServerContext, reader: AuthUser, query: { kind?: string; limit?: number }): Promise<GenerationView[]> {
  const rows = await listJobs(ctx.db, reader.id, query.kind, query.limit ?? 50);
  return Promise.all(rows.map((row) => view(ctx, reader, row)));
}

/** Cancels a queued or running job (refunded once); a finished one is left as it is. */
export async function cancelGeneration(ctx: ServerContext, user: AuthUser, id: string): Promise<GenerationView> {
  await ownJob(ctx, user.id, id);
  const now = ctx.now();
  const cancelled = await moveJob(
    ctx.db,
    id,
    { statuses: ACTIVE },
    { status: 'cancelled', error: null, lease_owner: null, lease_until: null, finished_at: now, updated_at: now },
  );
  if (cancelled) {
    runnerOf(ctx)?.abortLocal(id, 'cancel');
    await releaseSlotsOf(ctx.db, id);
    await refundOnce(ctx, id);
  }
  return getGeneration(ctx, user, id);
}

/** Result files of the caller's finished job, for other areas (save to the library, insert into a lesson). */
export async function ownResultFiles(ctx: ServerContext, userId: string, id: string): Promise<Array<{ id: string; mime: string }>> {
  const row = await ownJob(ctx, userId, id);
  return row.status === 'succeeded' ? resultFiles(row) : [];
}
