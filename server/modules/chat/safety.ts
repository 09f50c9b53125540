// Where the chat meets the safety module (server/modules/safety): the
// question is checked before credits are held or a model asked, and each
// answer's text is checked as it streams. Kept in this one file so the
// answer path itself changes by a line or two.
import type { ServerContext } from '../../context.js';
import type { ServerLocale } from '../../i18n/locales.js';
import { chatSource, checkInput, outputGuard, requireSafe, type OutputGuard, type SafetySource } from '../safety/index.js';
import { findChat, type ChatRecord, type MessageRecord } from './store.js';

/** What an answer carries for its checks. */
export interface AnswerSafety {
  locale: ServerLocale;
  source: () => Promise<SafetySource>;
  /** The question was refused: this is the answer, and no model is asked. */
  refusal?: { category: string; reply: string };
}

/** Checks a question; the answers carry the outcome (a refusal, or what their output check needs). */
export async function checkQuestion(ctx: ServerContext, userId: string, chat: ChatRecord, text: string, locale: ServerLocale): Promise<AnswerSafety> {
  let source: Promise<SafetySource> | undefined;
  const safety: AnswerSafety = { locale, source: () => (source ??= chatSource(ctx, chat)) };
  const verdict = await checkInput(ctx, { text, userId, source: safety.source, locale });
  if (verdict.outcome === 'refuse') safety.refusal = { category: verdict.category, reply: verdict.reply };
  return safety;
}

/** The output check of one answer (null: none applies). */
export function guardAnswer(ctx: ServerContext, message: MessageRecord, safety: AnswerSafety | undefined): Promise<OutputGuard | null> {
  if (!safety) return Promise.resolve(null);
  return outputGuard(ctx, { userId: message.userId, source: safety.source, locale: safety.locale, messageId: message.id });
}

/** The provider's events through the answer's output check, if it has one. */
export function guarded<E extends { type: string; text?: string }>(guard: OutputGuard | null, events: AsyncIterable<E>): AsyncIterable<E> {
  return guard ? guard.pass(events) : events;
}

/** Prior turns less the refused exchanges: a refused question and its reply never reach a model later. */
export function withoutRefused(history: MessageRecord[]): MessageRecord[] {
  const refused = new Set(history.filter((m) => m.status === 'blocked').map((m) => m.parentId));
  return refused.size ? history.filter((m) => m.status !== 'blocked' && !refused.has(m.id)) : history;
}

/** A thumbs-down's note is read by the chat's teacher: checked like a question, on the chat's path. */
export async function checkRatingNote(ctx: ServerContext, message: MessageRecord, note: string): Promise<void> {
  const chat = await findChat(ctx.db, message.chatId);
  await requireSafe(ctx, {
    text: note,
    userId: message.userId,
    source: () => chatSource(ctx, chat ?? { id: message.chatId, assistantId: null, courseId: null }),
  });
}

/** A shared message is read by other people: what it says is checked like a question (a refused one stays private). */
export async function requireShareable(ctx: ServerContext, message: MessageRecord): Promise<void> {
  await requireSafe(ctx, { text: message.content, userId: message.userId, source: 'share' });
}
