// An answer outlives the connection that asked for it. Generation runs on
// its own, writing each event into the answer's log (server/coordination:
// this process, or Redis shared by every instance); the asking connection,
// and any reader that comes back later (a reloaded page, on any instance),
// only follow that log from the last event they saw. Closing the connection
// no longer stops the answer: it keeps being written for at most
// ZX_ANSWER_DETACHED_SECONDS (default 300) and is saved as usual. An
// explicit stop (any instance) aborts it upstream.
import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../../context.js';
import { ConfigError } from '../../config.js';
import { createTicker } from '../../ticker.js';
import { followAnswer, type AnswerEvent, type Following } from '../../coordination/index.js';
import { runGeneration, type GenerationJob, type GenerationOutcome, type GenerationRegistry } from './generation.js';
import type { SseStream } from './sse.js';
import { findMessage, type MessageRecord } from './store.js';
import { messageView } from './views.js';

/** How long an answer keeps being written after its reader left (ZX_ANSWER_DETACHED_SECONDS, default 300). */
export function detachedMs(env: Readonly<Record<string, string | undefined>>): number {
  const raw = env.ZX_ANSWER_DETACHED_SECONDS?.trim();
  if (!raw) return 300_000;
  const seconds = Number(raw);
  if (!(Number.isInteger(seconds) && seconds >= 0 && seconds <= 3600)) {
    throw new ConfigError(`ZX_ANSWER_DETACHED_SECONDS must be a whole number from 0 to 3600, got "${raw}"`);
  }
  return seconds * 1000;
}

/** The abort reason when nobody came back for an answer within the bound: it ends as stopped. */
export const READER_GONE = new Error('nobody is reading the answer');

/** Where a running answer's events go: its log, numbered. */
function logWriter(ctx: ServerContext, answerId: string) {
  let seq = 0;
  return (event: AnswerEvent) => ctx.coordination.answers.append(answerId, ++seq, event);
}

export interface LaunchedCompletion {
  /** The answers (and the chat's naming) are finished and saved. */
  done: Promise<GenerationOutcome[]>;
  /** The asking connection closed: keep writing, but only for the detached bound. */
  detach(): void;
  /** Ends every answer at once with `reason` (the question's rows could not be written). */
  cancel(reason: Error): void;
}

/**
 * Starts writing the answers of one question, independent of any connection.
 * `rows` resolves once the answers' rows are committed (true) or failed to be
 * (false: the answers end unsaved, see runGeneration). `afterAnswers` runs
 * once every answer ended (naming the chat); whatever it returns is logged
 * on the first answer before the logs end.
 */
export function launchAnswers(
  ctx: ServerContext,
  registry: GenerationRegistry,
  jobs: GenerationJob[],
  log: FastifyBaseLogger,
  rows: Promise<boolean>,
  afterAnswers: (outcomes: GenerationOutcome[]) => Promise<AnswerEvent | null>,
): LaunchedCompletion {
  // One abort controller per answer, shared with the registry (stop, shutdown) and the detached bound.
  const controllers = jobs.map(() => new AbortController());
  let timer: NodeJS.Timeout | undefined;
  const writers = jobs.map((job) => logWriter(ctx, job.message.id));
  const done = (async () => {
    try {
      const outcomes = await Promise.all(
        jobs.map((job, index) =>
          runGeneration(ctx, registry, job, { controller: controllers[index]!, send: (event) => writers[index]!(event as AnswerEvent) }, log, rows),
        ),
      );
      const extra = !(await rows)
        ? null
        : await afterAnswers(outcomes).catch((error: unknown) => {
            log.warn({ err: error }, 'after an answer: naming the chat failed');
            return null;
          });
      if (extra && writers[0]) writers[0](extra);
      return outcomes;
    } finally {
      clearTimeout(timer);
      jobs.forEach((job, index) => {
        writers[index]!({ type: 'end', messageId: job.message.id });
        ctx.coordination.answers.ended(job.message.id);
      });
    }
  })();
  return {
    done,
    detach() {
      if (timer || controllers.every((c) => c.signal.aborted)) return;
      timer = setTimeout(() => controllers.forEach((c) => c.abort(READER_GONE)), detachedMs(ctx.config.env)).unref();
    },
    cancel(reason) {
      for (const controller of controllers) controller.abort(reason);
    },
  };
}

/** The event that ends an answer already saved, for a reader whose log is gone. */
function finalEvent(message: MessageRecord): AnswerEvent {
  return message.status === 'error'
    ? { type: 'error', messageId: message.id, msg: message.error, message: messageView(message) }
    : { type: 'done', messageId: message.id, message: messageView(message) };
}

/** Every reader's watchdog runs on this one interval (not one each, which cost every open answer a timer). */
const watchdogs = createTicker(1_000);

/** A reader hears nothing for this long: read the log again (a notice may have been missed). */
const QUIET_POLL_MS = 2_000;
/** … and for this long: ask the database whether the answer ended without its log telling (its writer died). */
const QUIET_CHECK_MS = 8_000;
/**
 * An answer whose final event was relayed waits for its end while the chat
 * is named (titles.ts gives the model 10 s); only this long a silence after
 * it means its writer died, and the stream ends without another final event.
 */
const AFTER_FINAL_MS = 15_000;

/**
 * Sends the answers' events from their logs into `sse`, each after the
 * last event seen (`after[id]`, 0 for all), with its `seq`; ends with one
 * `end` when every answer's log ended. Resolves true when done, false when the reader left first.
 */
export async function relayAnswers(
  ctx: ServerContext,
  sse: Pick<SseStream, 'send' | 'end' | 'onClose' | 'closed'>,
  answerIds: readonly string[],
  after: Readonly<Record<string, number>> = {},
): Promise<boolean> {
  if (answerIds.length === 0) {
    sse.send({ type: 'end' });
    sse.end();
    return true;
  }
  const open = new Set(answerIds);
  /** Answers whose final event (done or error) the reader has: the database check leaves them alone. */
  const settled = new Set<string>();
  const followers: Following[] = [];
  let heardAt = ctx.now();
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));

  const close = (answerId: string) => {
    if (!open.delete(answerId)) return;
    if (open.size === 0) {
      sse.send({ type: 'end' });
      sse.end();
      finish();
    }
  };
  for (const id of answerIds) {
    followers.push(
      followAnswer(ctx.coordination.answers, id, after[id] ?? 0, ({ seq, event }) => {
        // (An answer the database check already ended is not told twice.)
        if (!open.has(id)) return;
        heardAt = ctx.now();
        if (event.type === 'end') return close(id);
        if (event.type === 'done' || event.type === 'error') settled.add(id);
        sse.send({ ...event, seq });
      }),
    );
  }
  const stopWatchdog = watchdogs.every(() => {
    const quiet = ctx.now() - heardAt;
    if (quiet < QUIET_POLL_MS) return;
    for (const follower of followers) follower.poll();
    if (quiet < QUIET_CHECK_MS) return;
    const unsettled = [...open].filter((id) => !settled.has(id));
    if (unsettled.length === 0) {
      if (quiet >= AFTER_FINAL_MS) for (const id of [...open]) close(id);
      return;
    }
    heardAt = ctx.now();
    void (async () => {
      for (const id of unsettled) {
        const message = await findMessage(ctx.db, id).catch(() => null);
        if (!open.has(id) || settled.has(id)) continue;
        if (!message) {
          close(id);
        } else if (message.status !== 'streaming') {
          sse.send({ ...finalEvent(message), seq: 0 });
          close(id);
        }
      }
    })();
  });
  const stopListening = sse.onClose(() => finish());
  try {
    await finished;
    return open.size === 0;
  } finally {
    stopWatchdog();
    stopListening();
    for (const follower of followers) follower.close();
  }
}

/** How long a stop call waits for the answer's final state to be saved (by whichever instance writes it). */
const STOP_SETTLE_MS = 5_000;

/** Resolves true once the answer's saved status is no longer streaming, false when `ms` pass first. */
async function settles(ctx: ServerContext, messageId: string, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (let pause = 10; ; pause = Math.min(pause * 2, 100)) {
    const message = await findMessage(ctx.db, messageId).catch(() => undefined);
    if (message && message.status !== 'streaming') return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

/**
 * Stops an answer of this user wherever it is being written. True only once
 * it has stopped and its final state is saved (so a page reading it next sees
 * it ended); false when nothing was running, or when the instance writing it
 * did not stop it in time (it died: the lease sweeper ends it).
 */
export async function stopAnswer(ctx: ServerContext, messageId: string, userId: string): Promise<boolean> {
  if (ctx.generations.stop(messageId, userId)) return settles(ctx, messageId, STOP_SETTLE_MS);
  if (ctx.coordination.kind === 'memory') return false;
  const message = await findMessage(ctx.db, messageId);
  if (!message || message.userId !== userId || message.status !== 'streaming') return false;
  // Redis down: the stop cannot reach the writer (the lease or the detached bound still ends the answer).
  const published = await ctx.coordination.publish(STOP_CHANNEL, { messageId, userId }).then(
    () => true,
    () => false,
  );
  if (!published) return false;
  return settles(ctx, messageId, STOP_SETTLE_MS);
}

export const STOP_CHANNEL = 'answer-stop';

/** Every instance hears stop requests and ends the answer if it is writing it. */
export function listenForStops(ctx: ServerContext): () => void {
  return ctx.coordination.subscribe(STOP_CHANNEL, (message) => {
    const { messageId, userId } = (message ?? {}) as { messageId?: unknown; userId?: unknown };
    if (typeof messageId === 'string' && typeof userId === 'string') ctx.generations.stop(messageId, userId);
  });
}

/**
 * A reader comes back for an answer (a reloaded page, a dropped connection,
 * any instance): its events after `after`, live until it ends. An answer
 * that ended and whose log is gone gets its saved final state at once.
 */
export async function resumeAnswer(ctx: ServerContext, sse: SseStream, message: MessageRecord, after: number): Promise<void> {
  if (message.status !== 'streaming') {
    const pending = await ctx.coordination.answers.read(message.id, after).catch(() => []);
    if (!pending.some((e) => e.event.type === 'end')) {
      sse.send({ ...finalEvent(message), seq: 0 });
      sse.send({ type: 'end' });
      sse.end();
      return;
    }
  }
  await relayAnswers(ctx, sse, [message.id], { [message.id]: after });
}
