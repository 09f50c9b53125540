// Runs one or more model answers into an open SSE stream and the database:
// deltas go out as they arrive, the text is saved as it grows (so a crash
// or a stop keeps what was written), and the outcome is recorded on the
// message: done, stopped (user abort) or error (with a message to show).
import type { FastifyBaseLogger } from 'fastify';
import type { ChatTurn, ModelProvider, OpenMaterial, ReferencePassage } from '../../ai/types.js';
import { ProviderError } from '../../ai/types.js';
import type { ServerContext } from '../../context.js';
import type { AuthUser } from '../../http/auth.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { chargeChat, chargeChatWithin, releaseChatCredits, tokensOfUse, type ChatCreditHold } from '../quota/index.js';
import { answerWithImages, imageModelsForPicker } from './image-answers.js';
import { withImageLinks } from './image-views.js';
import type { SseStream } from './sse.js';
import { groupCommit } from '../../db/group-commit.js';
import { newId } from '../../db/ids.js';
import { updateMessage, type MessageChanges, type MessageRecord } from './store.js';
import { messageView } from './views.js';
import { guardAnswer, guarded, type AnswerSafety } from './safety.js';
import type { GenerationRegistry } from '../../ports.js';

export type { GenerationRegistry } from '../../ports.js';

/** How often a growing answer is written to the database. */
const SAVE_EVERY_MS = 1_000;

export interface GenerationJob {
  message: MessageRecord;
  provider: ModelProvider;
  model: string;
  version?: string;
  /** What the model is sent; the request is built from it at the start (the answer keeps `promptTokens`, not these). */
  turns: ChatTurn[];
  /** The turns' tokens as counted (quota's promptTokensOf): charged when the provider reports none. */
  promptTokens: number;
  references: ReferencePassage[];
  /** The lesson and attachments of the question (the built-in engine quotes them). */
  materials?: OpenMaterial[];
  temperature: number;
  topP: number;
  /** The reader is a manager (see CompletionRequest.setupHint). */
  setupHint?: boolean;
  /** Credits set aside for this answer (server/modules/quota); charged when it ends. */
  hold?: ChatCreditHold;
  /** Set when an image model answers: the text it draws (image-answers.ts). */
  imagePrompt?: string;
  /** Who asked, signed in (an image answer is a generation job of theirs, and its links are signed for this sign-in). */
  asker?: AuthUser;
  /** The question's safety check: a refusal to answer with, or the output check to run (chat/safety.ts). */
  safety?: AnswerSafety;
}

/** The abort reason when the server shuts down: the answer ends as an error, not as the user's stop. */
export const SHUTTING_DOWN = new Error('server shutting down');
export const SHUTDOWN_MESSAGE = '服务器正在重启，回答已中断，请稍后重试';
const SAVE_FAILED_MESSAGE = '回答未能保存（服务器存储出错），请重试';
/** A model that finished without a word to show (see saysNothing): a failure the reader can retry, never an empty finished answer. */
const EMPTY_ANSWER_MESSAGE = '模型没有给出任何回答内容，请重试或换一个模型';
/** Anything a reader would see: not spaces, line breaks or zero-width marks. */
const VISIBLE = /[^\s\u200b-\u200d\u2060]/u;

/**
 * A text answer the model ended without visible text: nothing at all, only
 * whitespace, or only its reasoning (which is kept apart, never in
 * `text`). Such an answer fails and is not charged.
 */
function saysNothing(text: string, contentType: MessageRecord['contentType']): boolean {
  return contentType === 'text' && !VISIBLE.test(text);
}
/** Thrown inside an answer whose row was never written (it ends unsaved). */
const ROWS_MISSING = new Error('the answer has no row');
/** Pauses between attempts at the final save: about four seconds in all. */
const FINAL_SAVE_PAUSES_MS = [250, 1_000, 3_000];

/**
 * Answers in progress on this instance (one per app, shared by every module
 * that streams), so an explicit stop call can end one, shutdown can end
 * them all, and their leases are renewed while they run (answer-leases.ts).
 */
export class LocalGenerationRegistry implements GenerationRegistry {
  /** Marks this instance's answers in the database (lease owner). */
  readonly instanceId = newId();
  private readonly running = new Map<string, { userId: string; controller: AbortController }>();
  private readonly idleWaiters = new Set<() => void>();

  /** `controller` is the answer's one abort controller (answer-lifecycle.ts makes it): a stop or shutdown aborts it here. */
  start(messageId: string, userId: string, controller: AbortController): void {
    this.running.set(messageId, { userId, controller });
  }

  /** Called once the answer's final state is saved (or given up on). */
  finish(messageId: string): void {
    this.running.delete(messageId);
    if (this.running.size === 0) for (const wake of this.idleWaiters) wake();
  }

  /** Stops an answer of this user; false when there is none running. */
  stop(messageId: string, userId: string): boolean {
    const entry = this.running.get(messageId);
    if (!entry || entry.userId !== userId) return false;
    entry.controller.abort();
    return true;
  }

  /** Ids of the answers this instance is writing. */
  runningIds(): string[] {
    return [...this.running.keys()];
  }

  /** Ends every answer (as an error saying the server restarts) and waits until each is saved, at most `timeoutMs`. */
  async stopAll(timeoutMs: number): Promise<void> {
    for (const { controller } of this.running.values()) controller.abort(SHUTTING_DOWN);
    if (this.running.size === 0) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.idleWaiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.idleWaiters.add(done);
    });
  }
}

/**
 * The final state, retried a few times: a failed save must not leave the
 * answer "streaming". `charge` (the answer's credits) first commits in the
 * same transaction as the state (one commit fewer per question);
 * if that fails, the state is saved alone, as before, and `charged` is
 * false, so the caller charges on its own: a charge that cannot be written
 * never costs the answer its final state. On SQLite the answers that end at
 * the same moment share one transaction (server/db/group-commit.ts).
 */
async function saveFinalState(
  ctx: ServerContext,
  id: string,
  changes: MessageChanges,
  log: FastifyBaseLogger,
  charge?: (trx: Kysely<Database>) => Promise<unknown>,
): Promise<{ saved: boolean; charged: boolean }> {
  if (charge) {
    try {
      await groupCommit(ctx).run(async (trx) => {
        await updateMessage(trx, id, changes);
        await charge(trx);
      });
      return { saved: true, charged: true };
    } catch (error) {
      log.warn({ err: error, messageId: id }, 'saving an answer with its charge failed; saving it alone');
    }
  }
  for (let attempt = 0; ; attempt++) {
    try {
      await groupCommit(ctx).run((trx) => updateMessage(trx, id, changes));
      return { saved: true, charged: false };
    } catch (error) {
      const pause = FINAL_SAVE_PAUSES_MS[attempt];
      if (pause === undefined) {
        // The lease is no longer renewed, so the sweeper finalises the answer once it expires.
        log.error({ err: error, messageId: id }, 'final save of an answer failed; it will be finalised as an error when its lease expires');
        return { saved: false, charged: false };
      }
      log.warn({ err: error, messageId: id, attempt: attempt + 1 }, 'final save of an answer failed; retrying');
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

export interface GenerationOutcome {
  message: MessageRecord;
  text: string;
}

/** Labels of the language models (not the offline engine) that `asker` may pick; none for a visitor of the embed, who picks none. */
function languageModelsFor(ctx: ServerContext, asker: AuthUser | undefined): string[] {
  if (!asker) return [];
  return ctx.ai.models.filter((m) => m.providerId !== 'builtin' && ctx.ai.mayUse(m.name, asker.clientType)).map((m) => m.label ?? m.name);
}

/** The job's turns, given to the provider once: the job is held until the answer is charged, and keeps only their count (promptTokens). */
function handOver(job: GenerationJob): ChatTurn[] {
  const { turns } = job;
  job.turns = [];
  return turns;
}

export async function runGeneration(
  ctx: ServerContext,
  registry: GenerationRegistry,
  job: GenerationJob,
  /** Where the events go (the answer's log, answer-lifecycle.ts) and what ends it early (stop, shutdown, nobody reading). */
  sse: Pick<SseStream, 'send'> & { controller: AbortController },
  log: FastifyBaseLogger,
  /**
   * Resolves once the answer's row is committed (true), or could not be
   * (false, and `controller` is aborted): the provider call starts before it,
   * and nothing is written to the database until then.
   */
  rows: Promise<boolean>,
): Promise<GenerationOutcome> {
  const id = job.message.id;
  const { controller } = sse;
  registry.start(id, job.message.userId, controller);
  let text = '';
  /** The model's reasoning, apart from the text (stream-delta.ts); timed from its first word to the answer's first. */
  let reasoning = '';
  let reasoningFrom = 0;
  let reasoningMs: number | null = null;
  let lastSave = ctx.now();
  let usage = { promptTokens: 0, completionTokens: 0 };
  let reported = false;
  let status: MessageRecord['status'] = 'done';
  let error: string | null = null;
  let contentType: MessageRecord['contentType'] = 'text';
  /** Ended without a word to show (saysNothing). */
  let empty = false;
  const guard = job.safety?.refusal ? null : await guardAnswer(ctx, job.message, job.safety);
  try {
    if (job.safety?.refusal) {
      text = job.safety.refusal.reply;
      sse.send({ type: 'delta', messageId: id, text });
    } else if (job.imagePrompt !== undefined) {
      if (!job.asker) throw new ProviderError('图片模型需要登录后在 AI 对话中使用', 'bad-request');
      // A picture's generation job is stored and refers to the answer: only once the answer's row is.
      if (!(await rows)) throw ROWS_MISSING;
      text = await answerWithImages(ctx, job.asker, job.model, job.imagePrompt, controller.signal);
      contentType = 'image';
    } else
      for await (const event of guarded(
        guard,
        job.provider.stream({
          model: job.model,
          version: job.version,
          messages: handOver(job),
          temperature: job.temperature,
          topP: job.topP,
          // Capped to what the asker's credits still pay for (quota's holdChatCredits).
          ...(job.hold?.maxTokens === undefined ? {} : { maxTokens: job.hold.maxTokens }),
          signal: guard ? guard.bind(controller) : controller.signal,
          references: job.references,
          materials: job.materials,
          setupHint: job.setupHint,
          // Only the offline engine reads these: it names the image models to pick when asked for a picture,
          // and the language models the asker may pick instead of saying none is connected.
          ...(job.provider.kind === 'builtin'
            ? { imageModels: imageModelsForPicker(ctx).map((m) => m.label), languageModels: languageModelsFor(ctx, job.asker) }
            : {}),
        }),
      )) {
        if (event.type === 'usage') {
          usage = { promptTokens: event.promptTokens, completionTokens: event.completionTokens };
          reported = true;
          continue;
        }
        if (event.type === 'reasoning') {
          if (!reasoning) reasoningFrom = ctx.now();
          reasoning += event.text;
          sse.send({ type: 'reasoning', messageId: id, text: event.text });
        } else {
          if (reasoning && reasoningMs === null) reasoningMs = ctx.now() - reasoningFrom;
          text += event.text;
          sse.send({ type: 'delta', messageId: id, text: event.text });
        }
        if (ctx.now() - lastSave >= SAVE_EVERY_MS && (await rows)) {
          lastSave = ctx.now();
          // A failed progress save only loses progress; the answer carries on.
          await updateMessage(ctx.db, id, { content: text, ...(reasoning ? { reasoning } : {}), updatedAt: lastSave }).catch((saveError: unknown) =>
            log.warn({ err: saveError, messageId: id }, 'saving a growing answer failed'),
          );
        }
      }
    // Aborted by the reader (stop) or a shutdown; a safety hit aborts the same controller and sets guard.block.
    if (controller.signal.aborted && !guard?.block) status = 'stopped';
    else if (saysNothing(text, contentType)) {
      empty = true;
      status = 'error';
      error = EMPTY_ANSWER_MESSAGE;
    }
  } catch (caught) {
    if (controller.signal.aborted && !guard?.block) {
      status = 'stopped';
    } else {
      status = 'error';
      error = caught instanceof ProviderError ? caught.userMessage : '回答时出错了，请重试';
      if (!(caught instanceof ProviderError)) log.error({ err: caught, messageId: id }, 'generation failed');
    }
  }
  // Refused (the question, or the answer as it streamed): the reader is shown the reply, and it costs nothing.
  const blocked = job.safety?.refusal ?? guard?.block;
  if (blocked && status !== 'stopped') {
    status = 'blocked';
    error = null;
    text = blocked.reply;
    empty = true;
  }
  if (!(await rows)) {
    // No row was written, so nothing is saved, charged or told (no reader follows an answer that was never stored).
    registry.finish(id);
    if (job.hold)
      await releaseChatCredits(ctx, [job.hold]).catch((releaseError: unknown) =>
        log.error({ err: releaseError, messageId: id }, 'releasing the hold of an unstored answer failed; it is refunded when it expires'),
      );
    return { message: { ...job.message, status: 'error', content: text }, text };
  }
  // Shutdown is not the user's stop: the answer did not end as they chose.
  if (status === 'stopped' && controller.signal.reason === SHUTTING_DOWN) {
    status = 'error';
    error = SHUTDOWN_MESSAGE;
  }
  // An answer that said nothing costs nothing, whatever the server reported (its hold goes back, see chargeChatWithin).
  const use = empty
    ? { promptTokens: job.promptTokens, text: '', messageId: id }
    : { reported: reported ? usage : undefined, promptTokens: job.promptTokens, text, messageId: id };
  // Counted when the server reported none (cut off, stopped): the answer keeps what it is charged at.
  const tokens = tokensOfUse(use);
  if (reasoning && reasoningMs === null) reasoningMs = ctx.now() - reasoningFrom;
  const final: MessageChanges = {
    contentType,
    content: text,
    ...(reasoning ? { reasoning, reasoningMs } : {}),
    status,
    error,
    promptTokens: tokens.promptTokens,
    completionTokens: tokens.completionTokens,
    updatedAt: ctx.now(),
    ...(blocked && status === 'blocked' ? { safetyCategory: blocked.category } : {}),
  };
  // Charged whatever the outcome (an answer already streaming finishes and is
  // paid for); before 'done', so a balance read after it is current.
  // An image answer is paid for by its generation job (per picture, refunded when it fails): its text hold goes back.
  const hold = job.hold;
  const textHold = job.imagePrompt === undefined ? hold : undefined;
  let saved: boolean;
  let charged: boolean;
  try {
    ({ saved, charged } = await saveFinalState(ctx, id, final, log, textHold && ((trx) => chargeChatWithin(ctx, trx, textHold, use))));
  } finally {
    registry.finish(id);
  }
  if (hold && !textHold) {
    await releaseChatCredits(ctx, [hold]).catch((releaseError: unknown) =>
      log.error({ err: releaseError, messageId: id }, 'releasing the hold of an image answer failed; it is refunded when it expires'),
    );
  } else if (textHold && !charged) {
    await chargeChat(ctx, textHold, use).catch((chargeError: unknown) =>
      log.error({ err: chargeError, messageId: id }, 'charging an answer failed; its hold is refunded when it expires'),
    );
  }
  const message: MessageRecord = { ...job.message, ...final } as MessageRecord;
  const view = async (m: MessageRecord) => (job.asker ? withImageLinks(ctx, job.asker, messageView(m)) : messageView(m));
  if (!saved) {
    sse.send({ type: 'error', messageId: id, msg: SAVE_FAILED_MESSAGE, message: messageView({ ...message, status: 'error', error: SAVE_FAILED_MESSAGE }) });
  } else if (status === 'error') {
    sse.send({ type: 'error', messageId: id, msg: error, message: messageView(message) });
  } else {
    sse.send({ type: 'done', messageId: id, message: await view(message) });
  }
  return { message, text };
}
