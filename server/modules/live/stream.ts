// GET /course/live/{id}/events: the session's server-sent events. The
// subscription starts before the snapshot is read and events arriving
// meanwhile wait, so nothing falls between the two; an event the snapshot
// already covers (its number not above the snapshot's) is dropped. A reader
// that sends Last-Event-ID equal to the session's last event number missed
// nothing and gets no snapshot.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import { openSse } from '../chat/index.js';
import type { Viewer } from './access.js';
import { channelOf, isLiveEvent, type LiveEvent } from './events.js';
import { snapshotFor } from './snapshot.js';

export function lastEventIdOf(request: FastifyRequest): number | null {
  const raw = request.headers['last-event-id'];
  const n = Number(Array.isArray(raw) ? raw[0] : raw);
  return raw !== undefined && Number.isInteger(n) && n >= 0 ? n : null;
}

export async function streamEvents(ctx: ServerContext, request: FastifyRequest, reply: FastifyReply, viewer: Viewer): Promise<void> {
  const sse = openSse(request, reply);
  const teacher = viewer.role === 'teacher';
  let waiting: LiveEvent[] | null = [];
  let lastSeq = 0;
  const deliver = (event: LiveEvent) => {
    if (event.seq <= lastSeq) return;
    lastSeq = event.seq;
    if (event.audience === 'teacher' && !teacher) return;
    sse.send({ ...event.data, type: event.type, seq: event.seq }, event.seq);
    if (event.type === 'end') sse.end();
  };
  const stop = ctx.coordination.subscribe(channelOf(viewer.session.id), (message) => {
    if (!isLiveEvent(message)) return;
    if (waiting) waiting.push(message);
    else deliver(message);
  });
  sse.onClose(stop);
  try {
    const snapshot = await snapshotFor(ctx, viewer);
    const seen = lastEventIdOf(request);
    if (seen === null || seen < snapshot.seq) sse.send(snapshot, snapshot.seq);
    lastSeq = snapshot.seq;
    const held = waiting;
    waiting = null;
    for (const event of held.sort((a, b) => a.seq - b.seq)) deliver(event);
    if (snapshot.session.ended) sse.end();
  } catch (error) {
    request.log.warn({ err: error }, 'live snapshot failed');
    sse.send({ type: 'error', msg: '服务器开小差了，请稍后再试' });
    sse.end();
  }
}
