// Verdicts are events (DESIGN §4): each refused, flagged or recorded text is
// a row managers list and export; a student's self-harm also raises an alert
// to the people who can help (alerts.ts). The excerpt is the text around what
// matched, never the whole conversation.
import type { ServerContext } from '../../context.js';
import { newId } from '../../db/ids.js';

export type SafetySource = 'chat' | 'assistants' | 'practice' | 'courses' | 'embed' | 'mindmaps' | 'generations' | 'evaluation' | 'share' | 'placements';

export interface NewEvent {
  category: string;
  source: SafetySource;
  direction: 'input' | 'output';
  userId: string | null;
  excerpt: string;
  matched: string;
  action: 'block' | 'review' | 'care' | 'flag';
  modelText?: string | null;
  messageId?: string | null;
}

const EXCERPT_AROUND = 40;

/** The original text around [start, end), at most a few dozen characters either side. */
export function excerptOf(text: string, start: number, end: number): string {
  const from = Math.max(0, start - EXCERPT_AROUND);
  const to = Math.min(text.length, end + EXCERPT_AROUND);
  return `${from > 0 ? '…' : ''}${text.slice(from, to)}${to < text.length ? '…' : ''}`;
}

export async function recordEvent(ctx: ServerContext, event: NewEvent): Promise<string> {
  const id = newId();
  await ctx.db
    .insertInto('safety_events')
    .values({
      id,
      category: event.category,
      source: event.source,
      direction: event.direction,
      user_id: event.userId,
      excerpt: event.excerpt,
      matched: event.matched,
      action: event.action,
      model_text: event.modelText ?? null,
      message_id: event.messageId ?? null,
      dismissed: 0,
      created_at: ctx.now(),
    })
    .execute();
  return id;
}
