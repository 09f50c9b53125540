// Which path a chat question came by, for the event list: the course AI, an
// inquiry practice, another assistant or form app, an embed visitor, or the
// dialogue itself. Read only when something matched.
import type { ServerContext } from '../../context.js';
import type { SafetySource } from './events.js';

export async function chatSource(ctx: ServerContext, chat: { id: string; assistantId: string | null; courseId: string | null }): Promise<SafetySource> {
  if (chat.courseId) return 'courses';
  if (chat.assistantId) {
    const assistant = await ctx.db.selectFrom('assistants').select('kind').where('id', '=', chat.assistantId).executeTakeFirst();
    return assistant?.kind === 'inquiry' ? 'practice' : 'assistants';
  }
  const embedded = await ctx.db.selectFrom('embed_conversations').select('chat_id').where('chat_id', '=', chat.id).executeTakeFirst();
  return embedded ? 'embed' : 'chat';
}
