// What a kind of generation job is: how a request becomes a job and how a
// job runs. Image and video register here (./image-kind.ts, ./video-kind.ts);
// other areas add theirs (mind maps) with registerGenerationKind before the
// server starts. The queue (./runner.ts) knows nothing of any kind.
import type { ServerContext } from '../../context.js';
import type { AuthUser } from '../../http/auth.js';
import type { ServerLocale } from '../../i18n/locales.js';

/** A request as POST /app/user/generations receives it (the handler validates what it uses). */
export interface GenerationRequest {
  kind: string;
  prompt: string;
  model?: string;
  size?: string;
  n?: number;
  seconds?: number;
  /** A preset the kind knows (images and videos: illustration, diagram, poster, realistic). */
  style?: string;
  /** What the job is made from: a lesson, a document, a first-frame image file … (kind-specific). */
  source?: Record<string, unknown>;
}

/** What a handler makes of a request before it is queued. */
export interface PreparedJob {
  /** Concurrency key: jobs with the same provider share its slots (see GenerationKindHandler.concurrency). */
  provider: string;
  model: string;
  /** Stored as JSON and handed back to `run`. */
  input: Record<string, unknown>;
  /** Longest a job may take from being queued to its end; the sweeper fails it after. */
  timeoutMs: number;
  /** Units the quota helper reserves (images, seconds of video, …). */
  units?: number;
}

/** A job as `run` sees it: what was stored, including the progress of an earlier run. */
export interface RunningJob {
  id: string;
  ownerId: string;
  kind: string;
  provider: string;
  model: string;
  input: Record<string, unknown>;
  /** Set once the provider accepted the task: resume polling it, never create it again. */
  upstreamId: string | null;
  createState: 'none' | 'sending' | 'created';
  attempts: number;
  deadlineAt: number;
}

export interface StoredResultFile {
  id: string;
  mime: string;
}

/** What the queue hands a running job. Every write checks the job is still this run's (lease), else throws JobLostError. */
export interface JobTools {
  ctx: ServerContext;
  /** Aborted on cancel, timeout, lost lease or shutdown. */
  signal: AbortSignal;
  /** Progress 0..100 and, for outlines, the text so far (readers see it at once). */
  update(change: { progress?: number; outline?: string }): Promise<void>;
  /**
   * Call right before the one request that creates (and costs) the task
   * upstream. Throws if a create was already attempted by this job.
   */
  beginCreate(): Promise<void>;
  /** The provider answered with an error: nothing was created, a retry may create again. */
  createRefused(): Promise<void>;
  /** The provider accepted the task: saved before polling, so a restart resumes it. */
  createdUpstream(upstreamId: string): Promise<void>;
  /**
   * The provider's part is over (the images came back, the video is done):
   * its concurrency slot goes to the next job while this one stores results.
   */
  releaseProvider(): Promise<void>;
  /** Stores a result file owned by the job's owner; kept only if the job succeeds. */
  saveFile(content: Buffer, mime: string, name: string): Promise<StoredResultFile>;
  /** Stores a downloaded stream the same way. */
  saveStream(pieces: AsyncIterable<Uint8Array>, mime: string, name: string): Promise<StoredResultFile>;
}

export interface JobResult {
  files?: StoredResultFile[];
  outline?: string;
}

export interface GenerationKindHandler {
  /**
   * Validates the request (throw ApiError with a zh-CN message) and picks model and provider.
   * `locale` is the creator's language: a job that names what it makes (a mind map's default
   * root) keeps it in its input, since the job later runs without a request.
   */
  prepare(ctx: ServerContext, user: AuthUser, request: GenerationRequest, locale: ServerLocale): Promise<PreparedJob>;
  /** How many jobs of `provider` may run at once, over all instances (default 2). */
  concurrency?(ctx: ServerContext, provider: string): number;
  /** Runs or resumes the job; throw GenerationError to fail or retry it. */
  run(job: RunningJob, tools: JobTools): Promise<JobResult>;
}

/**
 * A job's failure. `message` is shown to its owner (zh-CN, translated by the
 * server catalogue), so it says what went wrong in words a teacher reads.
 * `retryable`: the provider said nothing was done (429, 5xx before creating,
 * a poll that failed), so the job is queued again after `retryAfterMs` or a
 * backoff.
 */
export class GenerationError extends Error {
  override name = 'GenerationError';
  constructor(
    message: string,
    readonly options: { retryable?: boolean; retryAfterMs?: number } = {},
  ) {
    super(message);
  }
}

/** Thrown by the tools when the job is no longer this run's (cancelled, timed out, taken over). */
export class JobLostError extends Error {
  override name = 'JobLostError';
}

const kinds = new Map<string, GenerationKindHandler>();

/** Adds a kind of job (call at module load, before the server is ready). A second registration replaces the first. */
export function registerGenerationKind(kind: string, handler: GenerationKindHandler): void {
  if (!/^[a-z][a-z0-9-]{0,30}$/u.test(kind)) throw new Error(`generation kind must be a short lower-case word, got "${kind}"`);
  kinds.set(kind, handler);
}

export function generationKind(kind: string): GenerationKindHandler | undefined {
  return kinds.get(kind);
}

export function generationKinds(): string[] {
  return [...kinds.keys()];
}
