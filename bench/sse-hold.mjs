// Baseline for bench/chat-stream.ts: a bare Node HTTP server that holds
// server-sent-event responses open and writes a line every 500 ms, with no
// framework, database or model call. Prints its port on stdout.
import { createServer } from 'node:http';

const server = createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  res.write('data: {"type":"delta","text":"x"}\n\n');
  const timer = setInterval(() => res.write('data: {"type":"delta","text":"x"}\n\n'), 500);
  req.on('close', () => clearInterval(timer));
  res.on('close', () => clearInterval(timer));
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
