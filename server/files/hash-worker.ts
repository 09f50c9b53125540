// The hash thread (hash-thread.ts starts it): SHA-256 of uploads in progress,
// off the request thread. Each chunk's bytes arrive here once written to
// disk; a chunk's own checksum is checked when the client sent one, the
// running hash (running-hash.ts) orders chunks into the file's hash, and
// finishing an upload hashes from the file whatever the running hash missed.
// Messages are handled one at a time, in the order they were posted.
import { createHash, type Hash } from 'node:crypto';
import fs from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { createRunningHashes, type HashedPrefix } from './running-hash.js';
import type { HashReply, HashRequest } from './hash-protocol.js';

const READ_BUFFER = 1024 * 1024;

/** Hashes a file, reading it in 1 MiB pieces: from the start, or on from a prefix already hashed. */
async function hashFile(file: string, prefix: HashedPrefix | null): Promise<{ size: number; sha256: string; readBack: number }> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const hash = prefix?.hash ?? createHash('sha256');
    const buffer = Buffer.allocUnsafe(READ_BUFFER);
    const from = prefix?.upTo ?? 0;
    let size = from;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, size);
      if (bytesRead === 0) break;
      hash.update(buffer.subarray(0, bytesRead));
      size += bytesRead;
    }
    return { size, sha256: hash.digest('hex'), readBack: size - from };
  } finally {
    await handle.close();
  }
}

const port = parentPort!;
const hashes = createRunningHashes();
/** Passing hashes (an upload streamed to an object store): fed in order, ended once. */
const passing = new Map<string, { hash: Hash; size: number }>();
const reply = (message: HashReply) => port.postMessage(message);

/** `finish` reads files: it runs after the messages before it and holds back the ones after it. */
let queue: Promise<void> = Promise.resolve();

function handle(message: HashRequest): void | Promise<void> {
  switch (message.type) {
    case 'chunk': {
      // Marked as being written first: bytes written again where the hash has been (or is waiting) spoil it.
      hashes.start(message.key, message.offset);
      const pieces = message.pieces.map((bytes) => Buffer.from(bytes));
      let matches = true;
      if (message.expect !== null) {
        const check = createHash('sha256');
        for (const piece of pieces) check.update(piece);
        matches = check.digest('hex') === message.expect;
        reply({ id: message.id, ok: true, value: matches });
      }
      if (message.failed || !matches) hashes.failed(message.key, message.offset);
      else hashes.written(message.key, message.offset, pieces);
      return;
    }
    case 'finish':
      return hashFile(message.file, hashes.take(message.key)).then(
        (value) => reply({ id: message.id, ok: true, value }),
        (error: NodeJS.ErrnoException) => reply({ id: message.id, ok: false, code: error.code ?? null, error: error.message }),
      );
    case 'digest': {
      reply({ id: message.id, ok: true, value: createHash('sha256').update(new Uint8Array(message.bytes)).digest('hex') });
      return;
    }
    case 'pass': {
      let entry = passing.get(message.key);
      if (!entry) passing.set(message.key, (entry = { hash: createHash('sha256'), size: 0 }));
      entry.hash.update(new Uint8Array(message.bytes));
      entry.size += message.bytes.byteLength;
      return;
    }
    case 'pass-end': {
      const entry = passing.get(message.key);
      passing.delete(message.key);
      reply({ id: message.id, ok: true, value: { size: entry?.size ?? 0, sha256: (entry?.hash ?? createHash('sha256')).digest('hex') } });
      return;
    }
    case 'forget':
      hashes.forget(message.key);
      passing.delete(message.key);
      return;
  }
}

/** The bytes a message brought, which the request thread counts as queued here until told they are consumed. */
function queuedBytes(message: HashRequest): number {
  if (message.type === 'chunk') return message.pieces.reduce((sum, piece) => sum + piece.byteLength, 0);
  if (message.type === 'pass') return message.bytes.byteLength;
  return 0;
}

port.on('message', (message: HashRequest) => {
  const bytes = queuedBytes(message);
  queue = queue
    .then(() => handle(message))
    .catch((error: unknown) => {
      // A bug here must not stop the thread: the upload's hash is then read from its file.
      if ('id' in message) reply({ id: message.id, ok: false, code: null, error: error instanceof Error ? error.message : String(error) });
    })
    .finally(() => {
      if (bytes > 0) port.postMessage({ type: 'consumed', bytes } satisfies HashReply);
    });
});
