// What the server stored for a chat (what the model is sent), for tests where
// the API rightly hides it from the caller (a teacher's preset prompt).
import type { TestServer } from './server.js';

export async function storedSystemMessage(server: Pick<TestServer, 'data'>, chatId: string): Promise<string> {
  const row = await server.data.db.selectFrom('chats').select('system_message').where('id', '=', chatId).executeTakeFirstOrThrow();
  return row.system_message;
}
