// Closing without hanging. Fastify's close() waits for every connection to
// end, so one that never does holds shutdown open (for the keep-alive
// timeout, 72 s, or for ever). Three cases:
//  - a request in flight at close(): its answer asks the client to close the
//    connection rather than keep it alive;
//  - an answer sent before the request's body was read to the end (an upload
//    chunk refused for the quota as it starts), at any time: the unread body
//    stays on the socket and neither side uses it again, so it is closed;
//  - a response the client stopped reading (a download left half read):
//    after DRAIN_MS of close() its connection is cut, so the rest of
//    shutdown (the answer leases, the database) still runs inside main.ts's
//    10 s grace instead of the process being killed half way.
// A request that arrives once close() started (the port is still open while
// the answers in progress are saved) is refused with 503, Retry-After and
// the {code,msg} envelope, here rather than by Fastify's own refusal, which
// has no envelope (app.ts turns that one off: return503OnClosing).
import type { FastifyInstance } from 'fastify';
import { fail } from './envelope.js';

/** How long responses in flight get to finish once close() starts. */
export const DRAIN_MS = 5_000;
export const SHUTTING_DOWN_MESSAGE = '服务器正在重启，请稍后重试';
/** Seconds a refused client waits before asking again (another instance, or this one restarted). */
const RETRY_AFTER_S = 5;

export function installGracefulClose(app: FastifyInstance, drainMs = DRAIN_MS): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    setTimeout(() => app.server.closeAllConnections(), drainMs).unref();
  });
  app.addHook('onRequest', (_request, reply, done) => {
    if (!closing) return done();
    reply.code(503).header('retry-after', String(RETRY_AFTER_S)).send(fail(503, SHUTTING_DOWN_MESSAGE));
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (closing || !request.raw.complete) reply.header('connection', 'close');
    done(null, payload);
  });
}
