// While the app is closing, each response asks the client to close its
// connection. Otherwise a keep-alive socket whose request was in flight at
// close() stays open after answering, and shutdown waits for Fastify's
// keep-alive timeout (72 s).
import type { FastifyInstance } from 'fastify';

export function installGracefulClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}
