// Asking a question: the provider calls start first, the question's rows are
// written while they run (one transaction), and only once they are
// committed is the stream opened and the answers followed into it.
//
// Tokens that arrive before the commit are not lost: they wait in the
// answers' logs (answer-lifecycle.ts), which the stream reads from the
// first event. An answer writes nothing to the database before the commit
// (generation.ts). If the rows cannot be written, every provider call is
// cut, the credits go back and the pictures are removed: the caller gets an
// ordinary error reply, and nothing of the question is stored.
import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../../context.js';
import type { ChatMode } from '../../db/tables/chat.js';
import type { AuthUser } from '../../http/auth.js';
import { DEFAULT_LOCALE, type ServerLocale } from '../../i18n/locales.js';
import { launchAnswers, relayAnswers, type LaunchedCompletion } from './answer-lifecycle.js';
import type { AnswerEvent } from '../../coordination/index.js';
import { prepareCompletion, questionText, type CompletionInput } from './completions.js';
import type { GenerationJob, GenerationOutcome, GenerationRegistry } from './generation.js';
import { withImageLinks, withInlineImages } from './image-views.js';
import { removeQuestionImages } from './images.js';
import { storeQuestionRows } from './question-rows.js';
import type { SseStream } from './sse.js';
import { updateChat, type ChatRecord, type MessageRecord } from './store.js';
import { makeTitle, titleFromQuestion } from './titles.js';
import { messageView } from './views.js';

/** Who runs the answers and for whom. */
export interface AnswerRun {
  registry: GenerationRegistry;
  log: FastifyBaseLogger;
  /** The reader is a manager (see CompletionRequest.setupHint). */
  setupHint?: boolean;
  /** A signed-in asker: pictures are linked for this sign-in (an assistants' form caller gets them inline). */
  asker?: AuthUser;
  /** The asker's language: a new chat's default name is written in it (zh-CN when not given). */
  locale?: ServerLocale;
}

/** Only what following the answers needs: an open stream holds this until its answers end. */
export interface StartedCompletion {
  chatId: string;
  question: MessageRecord;
  jobs: GenerationJob[];
  launched: LaunchedCompletion;
  asker?: AuthUser;
}

/** The abort reason of answers whose rows could not be written: they end unsaved and give their credits back. */
export const ROWS_NOT_STORED = new Error('the question could not be stored');

/**
 * Checks the question (refusals throw before anything starts), starts every
 * answer, and resolves once the question's rows are committed. A failed
 * write throws after the provider calls are cut and the credits released.
 */
export async function startCompletion(
  ctx: ServerContext,
  userId: string,
  input: CompletionInput,
  mode: ChatMode,
  run: AnswerRun,
  /** The chat, when the caller has already read it for this user (prepareCompletion). */
  owned?: ChatRecord,
): Promise<StartedCompletion> {
  const prepared = await prepareCompletion(ctx, userId, input, mode, owned, run.locale);
  const jobs = prepared.jobs.map((job) => ({ ...job, setupHint: run.setupHint ?? false, ...(run.asker ? { asker: run.asker } : {}) }));
  let rowsStored!: (stored: boolean) => void;
  const rows = new Promise<boolean>((resolve) => (rowsStored = resolve));
  const launched = launchAnswers(
    ctx,
    run.registry,
    jobs,
    run.log,
    rows,
    prepared.needsTitle ? chatNamer(ctx, prepared.chat.id, prepared.question, jobs, run.locale ?? DEFAULT_LOCALE) : noTitle,
  );
  try {
    // The provider requests are written to their sockets on the next tick,
    // which comes only once the microtask queue is empty. SQLite's queries
    // run synchronously inside promise callbacks, so a transaction started
    // now would never leave that queue until it committed, and the requests
    // would leave after it. One turn of the event loop sends them
    // first; on PostgreSQL the first query would have yielded anyway.
    await new Promise((resolve) => setImmediate(resolve));
    await storeQuestionRows(ctx, prepared.rows);
  } catch (error) {
    launched.cancel(ROWS_NOT_STORED);
    rowsStored(false);
    // Each answer gives its credits back as it ends; wait, so none is held once the refusal is sent.
    await launched.done;
    await removeQuestionImages(ctx, prepared.images);
    throw error;
  }
  rowsStored(true);
  return { chatId: prepared.chat.id, question: prepared.question, jobs, launched, ...(run.asker ? { asker: run.asker } : {}) };
}

const noTitle = async () => null;

/** Names a new chat after its first answer (kept apart so the running answers hold only these, not the whole prepared question). */
function chatNamer(ctx: ServerContext, chatId: string, question: MessageRecord, jobs: GenerationJob[], locale: ServerLocale) {
  const asked = questionText(question);
  return async (outcomes: GenerationOutcome[]): Promise<AnswerEvent | null> => {
    // A stopped answer with text still names the chat; only empty or failed ones do not.
    const named = outcomes.find((o) => o.message.status === 'done') ?? outcomes.find((o) => o.message.status === 'stopped' && o.text);
    if (!named) return null;
    const job = jobs[outcomes.indexOf(named)]!;
    // A stopped answer asks the model nothing more (the reader is waiting for the stream to end): its question names the chat.
    const title =
      named.message.status === 'stopped' ? titleFromQuestion(asked, locale) : await makeTitle(job.provider, job.model, job.version, asked, named.text, locale);
    await updateChat(ctx.db, chatId, { title });
    return { type: 'title', conversationId: chatId, chatTitle: title, messageId: job.message.id };
  };
}

/**
 * Opens the stream (`open`), follows the started answers into it and names
 * the chat once they end if it is new. Resolves when the answers are saved,
 * even if the reader left earlier. Whatever ends the following early (the
 * reader leaving, or the stream failing to open or to send) leaves the
 * answers under the detached bound, never running unbounded.
 */
export async function streamCompletion(ctx: ServerContext, started: StartedCompletion, open: () => SseStream): Promise<GenerationOutcome[]> {
  const { chatId, question, jobs, launched, asker } = started;
  let followed = false;
  try {
    const sse = open();
    sse.send({
      type: 'start',
      conversationId: chatId,
      question: asker ? await withImageLinks(ctx, asker, messageView(question)) : await withInlineImages(ctx, messageView(question)),
      answers: jobs.map((j) => messageView(j.message)),
    });
    followed = await relayAnswers(
      ctx,
      sse,
      jobs.map((j) => j.message.id),
    );
  } finally {
    if (!followed) launched.detach();
  }
  return launched.done;
}
