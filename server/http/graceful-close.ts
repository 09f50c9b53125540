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
import type { FastifyInstance } from 'fastify';

/** How long responses in flight get to finish once close() starts. */
export const DRAIN_MS = 5_000;

export function installGracefulClose(app: FastifyInstance, drainMs = DRAIN_MS): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    setTimeout(() => app.server.closeAllConnections(), drainMs).unref();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (closing || !request.raw.complete) reply.header('connection', 'close');
    done(null, payload);
  });
}
