// Mind maps as `kind: 'mindmap'` generation jobs (docs/api/generations.md):
// the same writer as the streamed call, run by the durable queue, for a map
// made in the background (the person may leave and come back). The job's
// outline is updated as lines arrive (at most twice a second), so a reader
// polling GET /generations/{id} sees the map grow. A chat completion has no
// upstream task to resume: a job taken over after a restart writes again.
// The job runs without a request, so the creator's language (for the map's
// default names, default-names.ts) is kept in its input; a job stored before
// it was kept reads as zh-CN.
import type { ServerContext } from '../../context.js';
import type { AuthUser } from '../../http/auth.js';
import { ApiError, badRequest, notFound } from '../../http/errors.js';
import { requestedWaitMs } from '../../ai/provider-retry.js';
import { ProviderError } from '../../ai/types.js';
import { storedLocale, type ServerLocale } from '../../i18n/locales.js';
import { GenerationError, registerGenerationKind, type GenerationRequest } from '../generations/index.js';
import { findFile } from '../uploads/index.js';
import { FILE_NOT_FOUND, readMaterial, type SourceKind, type SourceRequest } from './sources.js';
import { MODEL_UNAVAILABLE, WRITING_FAILED, writeOutline } from './writer.js';

const KINDS: readonly SourceKind[] = ['topic', 'lesson', 'document', 'file', 'message'];
const JOB_TIMEOUT_MS = 5 * 60_000;
const UPDATE_EVERY_MS = 500;

/** The job's source: `source: {kind, id?}` or, without one, the prompt as a topic. */
function sourceOf(request: GenerationRequest): SourceRequest {
  const raw = request.source ?? {};
  const kind = (typeof raw.kind === 'string' ? raw.kind : 'topic') as SourceKind;
  if (!KINDS.includes(kind)) throw badRequest('请选择要生成思维导图的内容');
  const id = typeof raw.id === 'string' && raw.id.length <= 64 ? raw.id : undefined;
  const topic = (typeof raw.topic === 'string' ? raw.topic : request.prompt).slice(0, 200);
  return { kind, ...(id ? { id } : {}), ...(topic ? { topic } : {}) };
}

function ownerOf(ownerId: string): AuthUser {
  // The writer reads only the id (material is read with the owner's rights).
  return { id: ownerId, username: '', clientType: '1', tokenId: '' };
}

export function registerMindMapJobs(): void {
  registerGenerationKind('mindmap', {
    async prepare(ctx: ServerContext, user: AuthUser, request: GenerationRequest, locale: ServerLocale) {
      const resolved = ctx.ai.resolve(request.model);
      if (!resolved) throw badRequest(MODEL_UNAVAILABLE);
      const source = sourceOf(request);
      // Refuse what the person may not read now, not later in the job.
      if (source.kind === 'file') {
        const file = source.id ? await findFile(ctx.db, source.id) : null;
        if (!file || file.ownerId !== user.id) throw notFound(FILE_NOT_FOUND);
      } else {
        await readMaterial(ctx, user, source, locale, AbortSignal.timeout(30_000));
      }
      return {
        provider: `chat:${resolved.model.providerId}`,
        model: resolved.model.name,
        input: { source, model: resolved.model.name, ...(resolved.version ? { version: resolved.version } : {}), locale },
        timeoutMs: JOB_TIMEOUT_MS,
      };
    },
    concurrency: () => 4,
    async run(job, tools) {
      const input = job.input as { source: SourceRequest; model: string; version?: string; locale?: unknown };
      let partial = '';
      let nodes = 0;
      let lastUpdate = 0;
      let pending: Promise<void> = Promise.resolve();
      try {
        const outline = await writeOutline(
          tools.ctx,
          ownerOf(job.ownerId),
          { source: input.source, model: input.model, ...(input.version ? { version: input.version } : {}) },
          storedLocale(input.locale),
          (event) => {
            if (event.type !== 'lines') return;
            partial += event.text;
            nodes += event.text.split('\n').length - 1;
            const now = Date.now();
            if (now - lastUpdate < UPDATE_EVERY_MS) return;
            lastUpdate = now;
            const snapshot = partial;
            // Progress has no known end: it creeps towards 90 as nodes arrive.
            pending = pending.then(() => tools.update({ outline: snapshot, progress: Math.min(90, 10 + nodes) }));
          },
          tools.signal,
        );
        await pending;
        return { outline };
      } catch (error) {
        if (error instanceof ProviderError) {
          // A busy service's Retry-After (on the upstream error the provider wraps) is honoured by the queue.
          const retryAfterMs = error.reason === 'rate-limit' ? requestedWaitMs(error.cause) : undefined;
          throw new GenerationError(error.userMessage, {
            retryable: ['rate-limit', 'unreachable', 'upstream', 'timeout'].includes(error.reason),
            ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
          });
        }
        if (error instanceof ApiError) throw new GenerationError(error.message);
        if (tools.signal.aborted) throw error;
        throw new GenerationError(WRITING_FAILED, { retryable: true });
      }
    },
  });
}
