// Chat rows for tests: what the server stored for a chat (what the model is
// sent), for tests where the API rightly hides it from the caller (a teacher's
// preset prompt); and a message row for tests that write or pass one
// directly, with the fields a test cares about and the rest as a plain
// finished text message has them.
import type { MessageRecord } from '../../server/modules/chat/store.js';
import type { TestServer } from './server.js';

export async function storedSystemMessage(server: Pick<TestServer, 'data'>, chatId: string): Promise<string> {
  const row = await server.data.db.selectFrom('chats').select('system_message').where('id', '=', chatId).executeTakeFirstOrThrow();
  return row.system_message;
}

export function messageRecord(fields: Pick<MessageRecord, 'id' | 'chatId' | 'userId'> & Partial<MessageRecord>): MessageRecord {
  const now = Date.now();
  return {
    parentId: null,
    role: 'user',
    contentType: 'text',
    content: '',
    files: [],
    model: null,
    modelVersion: null,
    reference: null,
    status: 'done',
    error: null,
    rating: 0,
    groupId: null,
    promptTokens: 0,
    completionTokens: 0,
    createdAt: now,
    updatedAt: now,
    ...fields,
  };
}
