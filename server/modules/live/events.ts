// A session's events, fanned out to every instance through the shared
// coordination (Redis when configured, this process otherwise). Each event
// is numbered in the database, so a reader that reconnects to any instance
// can tell from Last-Event-ID whether it missed something.
import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../../context.js';
import { nextSeq } from './store.js';

/** Who receives an event: everyone in the session, or only its teacher's screens. */
export type Audience = 'all' | 'teacher';

export type LiveEventType = 'join' | 'question' | 'tally' | 'reveal' | 'call' | 'wall' | 'wall-update' | 'wall-state' | 'end';

export interface LiveEvent {
  seq: number;
  type: LiveEventType;
  audience: Audience;
  data: Record<string, unknown>;
}

export const channelOf = (sessionId: string) => `live:${sessionId}`;

/**
 * Numbers and sends an event. The change it announces is stored already:
 * when the broadcast fails the write still stands (a reader catches up from
 * the snapshot when it reconnects), so the failure is logged, not thrown.
 */
export async function publish(
  ctx: ServerContext,
  log: FastifyBaseLogger,
  sessionId: string,
  type: LiveEventType,
  data: Record<string, unknown>,
  audience: Audience = 'all',
) {
  const seq = await nextSeq(ctx.db, sessionId);
  const event: LiveEvent = { seq, type, audience, data };
  await ctx.coordination.publish(channelOf(sessionId), event).catch((error: unknown) => log.warn({ err: error, sessionId, type }, 'live event not broadcast'));
}

export function isLiveEvent(message: unknown): message is LiveEvent {
  return typeof message === 'object' && message !== null && typeof (message as LiveEvent).seq === 'number' && typeof (message as LiveEvent).type === 'string';
}
