// Runs one or more model answers into an open SSE stream and the database:
// deltas go out as they arrive, the text is saved as it grows (so a crash
// or a stop keeps what was written), and the outcome is recorded on the
// message: done, stopped (user abort) or error (with a message to show).
import type { FastifyBaseLogger } from 'fastify';
import type { ChatTurn, ModelProvider, OpenMaterial, ReferencePassage } from '../../ai/types.js';
import { ProviderError } from '../../ai/types.js';
import type { ServerContext } from '../../context.js';
import type { SseStream } from './sse.js';
import { findMessage, updateMessage, type MessageRecord } from './store.js';
import { messageView } from './views.js';

/** How often a growing answer is written to the database. */
const SAVE_EVERY_MS = 1_000;

export interface GenerationJob {
  message: MessageRecord;
  provider: ModelProvider;
  model: string;
  version?: string;
  turns: ChatTurn[];
  references: ReferencePassage[];
  /** The lesson and attachments of the question (the built-in engine quotes them). */
  materials?: OpenMaterial[];
  temperature: number;
  topP: number;
}

/** Answers in progress on this instance, so an explicit stop call can end them. */
export class GenerationRegistry {
  private readonly running = new Map<string, { userId: string; controller: AbortController }>();

  start(messageId: string, userId: string, parent: AbortSignal): AbortController {
    const controller = new AbortController();
    if (parent.aborted) controller.abort();
    else parent.addEventListener('abort', () => controller.abort(), { once: true });
    this.running.set(messageId, { userId, controller });
    return controller;
  }

  finish(messageId: string): void {
    this.running.delete(messageId);
  }

  /** Stops an answer of this user; false when there is none running. */
  stop(messageId: string, userId: string): boolean {
    const entry = this.running.get(messageId);
    if (!entry || entry.userId !== userId) return false;
    entry.controller.abort();
    return true;
  }
}

export interface GenerationOutcome {
  message: MessageRecord;
  text: string;
}

export async function runGeneration(
  ctx: ServerContext,
  registry: GenerationRegistry,
  job: GenerationJob,
  sse: SseStream,
  log: FastifyBaseLogger,
): Promise<GenerationOutcome> {
  const id = job.message.id;
  const controller = registry.start(id, job.message.userId, sse.signal);
  let text = '';
  let lastSave = ctx.now();
  let usage = { promptTokens: 0, completionTokens: 0 };
  let status: MessageRecord['status'] = 'done';
  let error: string | null = null;
  try {
    for await (const event of job.provider.stream({
      model: job.model,
      version: job.version,
      messages: job.turns,
      temperature: job.temperature,
      topP: job.topP,
      signal: controller.signal,
      references: job.references,
      materials: job.materials,
    })) {
      if (event.type === 'usage') {
        usage = { promptTokens: event.promptTokens, completionTokens: event.completionTokens };
        continue;
      }
      text += event.text;
      sse.send({ type: 'delta', messageId: id, text: event.text });
      if (ctx.now() - lastSave >= SAVE_EVERY_MS) {
        lastSave = ctx.now();
        await updateMessage(ctx.db, id, { content: text, updatedAt: lastSave });
      }
    }
    if (controller.signal.aborted) status = 'stopped';
  } catch (caught) {
    if (controller.signal.aborted) {
      status = 'stopped';
    } else {
      status = 'error';
      error = caught instanceof ProviderError ? caught.userMessage : '回答时出错了，请重试';
      if (!(caught instanceof ProviderError)) log.error({ err: caught, messageId: id }, 'generation failed');
    }
  } finally {
    registry.finish(id);
  }
  await updateMessage(ctx.db, id, {
    content: text,
    status,
    error,
    promptTokens: usage.promptTokens,
    completionTokens: usage.completionTokens,
    updatedAt: ctx.now(),
  });
  const saved = (await findMessage(ctx.db, id))!;
  if (status === 'error') sse.send({ type: 'error', messageId: id, msg: error, message: messageView(saved) });
  else sse.send({ type: 'done', messageId: id, message: messageView(saved) });
  return { message: saved, text };
}
