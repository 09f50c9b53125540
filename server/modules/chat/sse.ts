// Server-sent events on a raw response: sent as they happen (no compression,
// no proxy buffering), a heartbeat comment while the model is thinking, and
// a way to hear that the client went away.
//
// An open stream holds as little as it can (JS heap per open
// answer): the heartbeat is one interval shared by every stream, and the
// abort signal is made only for a caller that asks for it (the answer
// relay listens with onClose instead).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestLocale } from '../../i18n/install.js';
import type { ServerLocale } from '../../i18n/locales.js';
import { translateMessage } from '../../i18n/translate.js';
import { createTicker } from '../../ticker.js';

const HEARTBEAT_MS = 15_000;
const heartbeats = createTicker(HEARTBEAT_MS);

export interface SseStream {
  /** `id`: the event's number, which a reconnecting reader sends back as Last-Event-ID. */
  send(event: Record<string, unknown>, id?: number): void;
  /** Aborts when the client disconnects (or end() is called); made on first use. */
  readonly signal: AbortSignal;
  /** Calls `listener` once when the client disconnects (or end() is called); returns the way to stop listening. */
  onClose(listener: () => void): () => void;
  end(): void;
  readonly closed: boolean;
}

/**
 * An event in the reader's language: an error's `msg` and its answer's
 * `error` are stored and raised as the catalogue's zh-CN text (an answer
 * that fails is saved before anyone reads it, and a replayed event comes
 * from the answer log), so they are put into the language here.
 */
export function eventInLocale(event: Record<string, unknown>, locale: ServerLocale): Record<string, unknown> {
  if (event.type !== 'error') return event;
  const message = event.message as { error?: unknown } | undefined;
  return {
    ...event,
    ...(typeof event.msg === 'string' ? { msg: translateMessage(event.msg, locale) } : {}),
    ...(message && typeof message.error === 'string' ? { message: { ...message, error: translateMessage(message.error, locale) } } : {}),
  };
}

export function openSse(request: FastifyRequest, reply: FastifyReply, extraHeaders: Record<string, string> = {}): SseStream {
  const locale = requestLocale(request);
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
  let controller: AbortController | undefined;
  let listeners: Array<() => void> = [];
  let closed = false;
  const stopHeartbeat = heartbeats.every(() => {
    if (!closed) raw.write(': ping\n\n');
  });
  const finish = () => {
    if (closed) return;
    closed = true;
    stopHeartbeat();
    controller?.abort(new Error('client closed the stream'));
    const waiting = listeners;
    listeners = [];
    for (const listener of waiting) listener();
  };
  raw.on('close', finish);
  request.log.debug('sse stream opened');
  // Events sent in one turn of the event loop (several deltas from one
  // upstream chunk, a delta and its answer's end) leave in one socket write
  // (a write per token was 15 % of a question's CPU).
  let pending = '';
  const flush = () => {
    if (pending && !closed) raw.write(pending);
    pending = '';
  };
  return {
    get signal() {
      if (!controller) {
        controller = new AbortController();
        if (closed) controller.abort(new Error('client closed the stream'));
      }
      return controller.signal;
    },
    onClose(listener) {
      if (closed) {
        listener();
        return () => {};
      }
      listeners.push(listener);
      return () => {
        listeners = listeners.filter((l) => l !== listener);
      };
    },
    get closed() {
      return closed;
    },
    send(event, id) {
      if (closed) return;
      if (!pending) setImmediate(flush);
      pending += `${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(eventInLocale(event, locale))}\n\n`;
    },
    end() {
      flush();
      if (!closed) raw.end();
      finish();
    },
  };
}
