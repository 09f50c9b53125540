// The rows one question writes: the question itself (not when an answer is
// asked for again), one placeholder per answer carrying this instance's
// lease, and the chat's settings. One insert and one transaction, so one
// commit instead of one per row, and all or nothing: a failure leaves no question
// without its answers. Written while the provider calls already run
// (completion-start.ts); on SQLite the questions asked at the same moment
// share that transaction (server/db/group-commit.ts).
import type { ServerContext } from '../../context.js';
import { groupCommit } from '../../db/group-commit.js';
import { newLease } from './answer-leases.js';
import { insertMessages, updateChat, type ChatChanges, type MessageRecord } from './store.js';

export interface QuestionRows {
  chatId: string;
  /** Null when an earlier question is answered again (its row exists). */
  question: MessageRecord | null;
  /** Streaming placeholders, in the order the models were picked. */
  answers: MessageRecord[];
  chatChanges: ChatChanges;
}

export async function storeQuestionRows(ctx: ServerContext, rows: QuestionRows): Promise<void> {
  await groupCommit(ctx).run(async (trx) => {
    // The lease starts now: the answers are running, so the renewals (answer-leases.ts) already cover them.
    const lease = newLease(ctx);
    await insertMessages(trx, [...(rows.question ? [{ message: rows.question }] : []), ...rows.answers.map((message) => ({ message, lease }))]);
    await updateChat(trx, rows.chatId, rows.chatChanges);
  });
}
