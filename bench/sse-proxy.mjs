// Baseline for bench/chat-stream.ts: a bare `node:http` proxy in its own
// process that forwards each POST to the model stub (keep-alive agent) and
// pipes the streamed answer back, with no framework, auth, database or
// parsing. What it adds to the first token is the floor any server in
// between pays. Usage: node bench/sse-proxy.mjs http://127.0.0.1:PORT/v1
import http from 'node:http';
import { completionRequest, keepAliveAgent } from './lib/upstream.mjs';

const upstream = new URL(process.argv[2]);
const agent = keepAliveAgent();
const server = http.createServer((req, res) => {
  const forward = http.request(completionRequest(upstream, agent), (answer) => {
    res.writeHead(answer.statusCode ?? 502, { 'content-type': answer.headers['content-type'] ?? 'text/event-stream' });
    answer.pipe(res);
  });
  forward.on('error', () => res.destroy());
  // The reader went away before the answer ended: stop asking upstream.
  res.on('close', () => {
    if (!res.writableFinished) forward.destroy();
  });
  req.pipe(forward);
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
process.on('SIGTERM', () => process.exit(0));
