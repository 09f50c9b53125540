// A small, bounded HTTP/1.1 load generator over keep-alive sockets on loopback.
// Raw sockets with a minimal response parser cost the client far less CPU
// than node:http, so on a 2-core machine the server, not the client, is what
// runs out first. Each connection sends one request at a time (no pipelining).
import { connect, type Socket } from 'node:net';

export interface LoadOptions {
  port: number;
  path: string;
  headers?: Record<string, string>;
  connections?: number;
  durationMs?: number;
  /** Hard cap on requests, so a run is bounded in count as well as time. */
  maxRequests?: number;
}

export interface LoadResult {
  requests: number;
  /** Responses whose status was not 200. */
  errors: number;
  seconds: number;
  rps: number;
}

const HEADER_END = Buffer.from('\r\n\r\n');
const HOST = '127.0.0.1';

export async function load(options: LoadOptions): Promise<LoadResult> {
  const { port, path, connections = 16, durationMs = 4000, maxRequests = 2_000_000 } = options;
  if (durationMs > 5000) throw new Error('a load run lasts at most 5 s');
  const headerLines = Object.entries({ host: `${HOST}:${port}`, connection: 'keep-alive', ...options.headers })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const request = Buffer.from(`GET ${path} HTTP/1.1\r\n${headerLines}\r\n`);

  let requests = 0;
  let errors = 0;
  let sent = 0;
  const started = performance.now();
  const deadline = started + durationMs;

  const drive = (socket: Socket) =>
    new Promise<void>((resolve, reject) => {
      let pending: Buffer = Buffer.alloc(0);
      const next = () => {
        if (performance.now() >= deadline || sent >= maxRequests) {
          socket.end();
          resolve();
          return;
        }
        sent++;
        socket.write(request);
      };
      socket.on('error', reject);
      socket.on('close', () => resolve());
      socket.on('data', (chunk: Buffer) => {
        pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
        for (;;) {
          const headerEnd = pending.indexOf(HEADER_END);
          if (headerEnd < 0) return;
          const head = pending.toString('latin1', 0, headerEnd);
          const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
          if (!length) {
            reject(new Error(`response without content-length from ${path}:\n${head}`));
            socket.destroy();
            return;
          }
          const end = headerEnd + HEADER_END.length + Number(length[1]);
          if (pending.length < end) return;
          requests++;
          if (head.slice(9, 12) !== '200') errors++;
          pending = pending.subarray(end);
          next();
        }
      });
      socket.once('connect', next);
    });

  const sockets = Array.from({ length: connections }, () => connect({ host: HOST, port, noDelay: true }));
  try {
    await Promise.all(sockets.map(drive));
  } finally {
    for (const socket of sockets) socket.destroy();
  }
  const seconds = (performance.now() - started) / 1000;
  return { requests, errors, seconds, rps: requests / seconds };
}
