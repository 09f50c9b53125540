// The baseline for bench/upload-throughput.ts: a minimal node:http upload
// server speaking the same chunk protocol (test GET, multipart POST), run as
// its own process like the real server. It keeps which chunks it has in
// memory, writes each chunk in place into one file at its offset (the same
// multipart parser as Fastify's, @fastify/busboy), and flushes (fsync) and
// renames the file when the last chunk is in. No sign-in, no database, no
// hashing, no checks. Prints its port.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import Busboy from '@fastify/busboy';

const dir = process.argv[2];
const uploads = new Map(); // identifier -> { received: Set<number>, file }

const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  if (req.method === 'GET') {
    const upload = uploads.get(url.searchParams.get('identifier'));
    res.writeHead(upload?.received.has(Number(url.searchParams.get('chunkNumber'))) ? 200 : 204).end();
    return;
  }
  const fields = {};
  const busboy = new Busboy({ headers: req.headers });
  let work = Promise.resolve();
  busboy.on('field', (name, value) => (fields[name] = value));
  busboy.on('file', (_name, stream) => {
    work = (async () => {
      const n = Number(fields.chunkNumber);
      const file = path.join(dir, `${fields.identifier.replace(/[^A-Za-z0-9_-]/g, '_')}.part`);
      let upload = uploads.get(fields.identifier);
      if (!upload) uploads.set(fields.identifier, (upload = { received: new Set(), file }));
      const handle = await fs.promises.open(file, fs.constants.O_RDWR | fs.constants.O_CREAT);
      let at = (n - 1) * Number(fields.chunkSize);
      for await (const piece of stream) {
        await handle.write(piece, 0, piece.length, at);
        at += piece.length;
      }
      upload.received.add(n);
      if (upload.received.size === Number(fields.totalChunks)) {
        await handle.sync();
        await handle.close();
        await fs.promises.rename(file, file.replace(/\.part$/, ''));
        return { complete: true, file: { id: fields.identifier, size: Number(fields.totalSize) } };
      }
      await handle.close();
      return { complete: false };
    })();
  });
  busboy.on('finish', () => {
    work.then(
      (data) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 200, msg: 'ok', data })),
      (error) => res.writeHead(500).end(String(error)),
    );
  });
  req.pipe(busboy);
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
