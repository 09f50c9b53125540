// Second baseline for bench/chat-stream.ts: the least a server on our stack
// (Fastify + Kysely over SQLite) can do for a question, in its own process.
// It checks the bearer token against an in-memory map (as our token cache
// does), reads the chat by id to check its owner, forwards the question to
// the model stub (keep-alive agent) and relays the stream as it comes. The
// question and answer rows are written after the first token, every pending
// question in one transaction per event-loop turn (group commit), and the
// answer's text once it ends. No quota, history, retrieval, answer log or
// events of its own: what it adds over the bare proxy is the stack's floor,
// and what Zhixue adds over it is ours.
// Usage: node bench/sse-floor.mjs http://127.0.0.1:PORT/v1 → prints its port, then a token.
import http from 'node:http';
import { completionRequest, keepAliveAgent } from './lib/upstream.mjs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import { Kysely, SqliteDialect } from 'kysely';

const CHATS = 200;
const upstream = new URL(process.argv[2]);
const agent = keepAliveAgent();

const file = join(mkdtempSync(join(tmpdir(), 'zx-floor-')), 'floor.db');
const sqlite = new Database(file);
sqlite.pragma('journal_mode = WAL');
sqlite.pragma('synchronous = NORMAL');
sqlite.exec(`
  create table chats (id text primary key, user_id text not null, updated_at integer not null);
  create table messages (id text primary key, chat_id text not null, role text not null, content text not null, status text not null, updated_at integer not null);
`);
const db = new Kysely({ dialect: new SqliteDialect({ database: sqlite }) });
const userId = 'u1';
const token = randomUUID();
const tokens = new Map([[token, { id: userId }]]);
const chatIds = Array.from({ length: CHATS }, (_, i) => `chat-${i}`);
await db
  .insertInto('chats')
  .values(chatIds.map((id) => ({ id, user_id: userId, updated_at: 0 })))
  .execute();

/** Rows waiting for the next turn's transaction. */
let pending = [];
function write(rows) {
  if (pending.length === 0) setImmediate(flush);
  pending.push(rows);
}
async function flush() {
  const batch = pending;
  pending = [];
  await db.transaction().execute(async (trx) => {
    for (const rows of batch) {
      if (rows.insert) await trx.insertInto('messages').values(rows.insert).execute();
      if (rows.chat) await trx.updateTable('chats').set({ updated_at: Date.now() }).where('id', '=', rows.chat).execute();
      if (rows.done) await trx.updateTable('messages').set(rows.done).where('id', '=', rows.done.id).execute();
    }
  });
}

const app = Fastify({ logger: false });
app.post('/q', async (request, reply) => {
  const user = tokens.get(String(request.headers.authorization ?? '').replace(/^Bearer /u, ''));
  if (!user) return reply.code(401).send({ code: 401 });
  const { conversationId, prompt } = request.body;
  const chat = await db.selectFrom('chats').select(['id', 'user_id']).where('id', '=', conversationId).executeTakeFirst();
  if (!chat || chat.user_id !== user.id) return reply.code(404).send({ code: 404 });
  reply.hijack();
  const res = reply.raw;
  const questionId = randomUUID();
  const answerId = randomUUID();
  let text = '';
  let first = true;
  const forward = http.request(completionRequest(upstream, agent), (answer) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    answer.on('data', (chunk) => {
      res.write(chunk);
      text += chunk;
      if (first) {
        first = false;
        const now = Date.now();
        write({
          insert: [
            { id: questionId, chat_id: chat.id, role: 'user', content: prompt, status: 'done', updated_at: now },
            { id: answerId, chat_id: chat.id, role: 'assistant', content: '', status: 'streaming', updated_at: now },
          ],
          chat: chat.id,
        });
      }
    });
    answer.on('end', () => {
      res.end();
      write({ done: { id: answerId, content: text, status: 'done', updated_at: Date.now() } });
    });
  });
  forward.on('error', () => res.destroy());
  res.on('close', () => {
    if (!res.writableFinished) forward.destroy();
  });
  forward.end(JSON.stringify({ model: 'stub-model', stream: true, messages: [{ role: 'user', content: prompt }] }));
});
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`${app.server.address().port} ${token}`);
process.on('SIGTERM', () => process.exit(0));
