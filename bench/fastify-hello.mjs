// The baseline server: a bare Fastify app with one route and no logger,
// run as its own process exactly like the real server. Prints its port.
import Fastify from 'fastify';

const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: 0 });
console.log(app.server.address().port);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
