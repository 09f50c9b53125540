// Server-sent events on a raw response: sent as they happen (no compression,
// no proxy buffering), a heartbeat comment while the model is thinking, and
// a signal that fires when the client goes away so the provider call stops.
import type { FastifyReply, FastifyRequest } from 'fastify';

const HEARTBEAT_MS = 15_000;

export interface SseStream {
  send(event: Record<string, unknown>): void;
  /** Fires when the client disconnects (or end() is called). */
  signal: AbortSignal;
  end(): void;
  readonly closed: boolean;
}

export function openSse(request: FastifyRequest, reply: FastifyReply, extraHeaders: Record<string, string> = {}): SseStream {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    ...extraHeaders,
  });
  raw.flushHeaders();
  const controller = new AbortController();
  let closed = false;
  const heartbeat = setInterval(() => {
    if (!closed) raw.write(': ping\n\n');
  }, HEARTBEAT_MS);
  const finish = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    controller.abort(new Error('client closed the stream'));
  };
  raw.on('close', finish);
  request.log.debug('sse stream opened');
  // Events sent in one turn of the event loop (several deltas from one
  // upstream chunk, a delta and its answer's end) leave in one socket write
  // (issue 18: a write per token was 15 % of a question's CPU).
  let pending = '';
  const flush = () => {
    if (pending && !closed) raw.write(pending);
    pending = '';
  };
  return {
    signal: controller.signal,
    get closed() {
      return closed;
    },
    send(event) {
      if (closed) return;
      if (!pending) setImmediate(flush);
      pending += `data: ${JSON.stringify(event)}\n\n`;
    },
    end() {
      flush();
      if (!closed) raw.end();
      finish();
    },
  };
}
