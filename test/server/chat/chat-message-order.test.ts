// Every question looks up its chat's latest message (chat/store.ts,
// latestMessageQuery). The lookup must come from an index in the order it asks
// for (time, then id), not from sorting every message of the chat, a cost
// that grew with the chat.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { CompiledQuery, sql } from 'kysely';
import * as chatMessageOrder from '../../../server/db/migrations/0035_chat_message_order.js';
import { latestMessageQuery } from '../../../server/modules/chat/store.js';
import { openTestDatabase, type TestDatabase } from '../../support/server.js';

let database: TestDatabase;
before(async () => {
  database = await openTestDatabase();
});
after(() => database.close());

test("a chat's latest message is read from the index in order, without sorting the chat's messages", async () => {
  const { db, dialect } = database.data;
  const latest = latestMessageQuery(db, 'chat-1').compile();
  const plan = await db.transaction().execute(async (trx) => {
    // PostgreSQL would scan a table this small whole; an index is what a long chat gets.
    if (dialect === 'postgres') await sql`set local enable_seqscan = off`.execute(trx);
    const explain = dialect === 'sqlite' ? 'explain query plan ' : 'explain ';
    const { rows } = await trx.executeQuery(CompiledQuery.raw(explain + latest.sql, [...latest.parameters]));
    return rows.map((row) => Object.values(row as Record<string, unknown>).join(' ')).join('\n');
  });
  assert.match(plan, /chat_messages_chat_order/, plan);
  assert.doesNotMatch(plan, /TEMP B-TREE|Sort/i, plan);
});

test('the migration runs again without failing, as after a start killed halfway (SQLite migrates outside a transaction)', async () => {
  await chatMessageOrder.up(database.data.db);
  await chatMessageOrder.down(database.data.db);
  await chatMessageOrder.down(database.data.db);
  await chatMessageOrder.up(database.data.db);
  await chatMessageOrder.up(database.data.db);
});
