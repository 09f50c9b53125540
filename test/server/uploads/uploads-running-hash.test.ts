// Local disk hashes an upload as its chunks arrive, so combining it reads
// back from the page cache only what that missed; whatever the order, a
// restart in the middle, a chunk written twice or a cut-off chunk, the hash
// combine returns is the SHA-256 of the bytes it stored.
import assert from 'node:assert/strict';
import { createHash, Hash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { after, before, test } from 'node:test';
import { HASH_QUEUE_LIMIT, hashThread } from '../../../server/files/hash-thread.js';
import { createLocalFileStorage } from '../../../server/files/local-storage.js';
import { ChunkMismatchError, type FileStorage } from '../../../server/files/storage.js';

const CHUNK = 256 * 1024;
const COUNT = 12;
const SIZE = CHUNK * COUNT;
const content = randomBytes(SIZE);
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let root: string;
before(async () => {
  root = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'zx-running-hash-'));
});
after(() => fs.promises.rm(root, { recursive: true, force: true }));

const slot = (n: number) => ({ number: n, offset: (n - 1) * CHUNK, size: CHUNK });
/** The chunk's bytes in 64 KiB pieces, as a request body arrives. */
const body = (bytes: Buffer) => Readable.from(Array.from({ length: Math.ceil(bytes.length / 65536) }, (_, i) => bytes.subarray(i * 65536, (i + 1) * 65536)));
const write = (store: FileStorage, id: string, n: number, bytes = content.subarray((n - 1) * CHUNK, n * CHUNK)) => store.chunks.write(id, slot(n), body(bytes));
const storeIn = (name: string) => createLocalFileStorage(path.join(root, name, 'files'));

/** Counts the bytes the hash thread read back from files while `run` ran. */
async function bytesReadDuring<T>(run: () => Promise<T>): Promise<{ result: T; read: number }> {
  const before = hashThread.readBack();
  const result = await run();
  return { result, read: hashThread.readBack() - before };
}

test('chunks in order, three at a time (finishing out of order): the stored hash is right and the file is not read back', async () => {
  const store = storeIn('in-order');
  // Three in flight whose ends interleave: 2 before 1, 3 before 2, ...
  for (let n = 1; n <= COUNT; n += 3)
    await Promise.all(
      [3, 2, 1]
        .map((k) => n + k - 1)
        .filter((k) => k <= COUNT)
        .map((k) => write(store, 'up1', k)),
    );
  const { result, read } = await bytesReadDuring(() => store.chunks.combine({ id: 'up1', totalSize: SIZE, totalChunks: COUNT }));
  assert.equal(result.sha256, sha(content));
  assert.equal(result.size, SIZE);
  assert.equal(read, 0, 'every byte was hashed as it arrived');
  assert.ok((await store.readAll('up1')).equals(content));
});

test('the request thread hashes nothing: every byte, and each chunk checksum, is hashed on the hash thread', async () => {
  const store = storeIn('off-thread');
  const checksums = Array.from({ length: COUNT }, (_, i) => sha(content.subarray(i * CHUNK, (i + 1) * CHUNK)));
  const expected = sha(content);
  const { result: saved, hashedHere } = await hashedHereDuring(async () => {
    for (let n = 1; n <= COUNT; n++) {
      const bytes = content.subarray((n - 1) * CHUNK, n * CHUNK);
      await store.chunks.write('up0', slot(n), body(bytes), checksums[n - 1]);
    }
    // A chunk whose checksum does not match is still refused.
    await assert.rejects(store.chunks.write('up0', slot(2), body(randomBytes(CHUNK)), checksums[1]), { problem: 'checksum' });
    await store.chunks.write('up0', slot(2), body(content.subarray(CHUNK, 2 * CHUNK)));
    return store.chunks.combine({ id: 'up0', totalSize: SIZE, totalChunks: COUNT });
  });
  assert.equal(hashedHere, 0, 'bytes hashed on the request thread');
  assert.equal(saved.sha256, expected);
});

test('the hash thread dies in the middle of an upload: a new one starts, and the stored hash is right (read back for what the lost one held)', async () => {
  const store = storeIn('thread-dies');
  for (let n = 1; n <= 4; n++) await write(store, 'up7', n);
  // A chunk sent as the thread dies may fail (the client sends it again) or land: either way the result is right.
  const bytes5 = content.subarray(4 * CHUNK, 5 * CHUNK);
  const asking = store.chunks.write('up7', slot(5), body(bytes5), sha(bytes5));
  await hashThread.stopForTest();
  await asking.catch(() => {});
  for (let n = 5; n <= COUNT; n++) await write(store, 'up7', n);
  // And dies again while it finishes the hash: a new one hashes the file.
  const { result, read } = await bytesReadDuring(async () => {
    const combining = store.chunks.combine({ id: 'up7', totalSize: SIZE, totalChunks: COUNT });
    await hashThread.stopForTest();
    return combining;
  });
  assert.equal(result.sha256, sha(content));
  assert.ok(read >= 4 * CHUNK, `the chunks hashed by the lost thread were read back (${read} bytes)`);
  assert.ok((await store.readAll('up7')).equals(content));
});

test('an upload resumed after a restart: the hash covers the chunks sent before it (read back from the file)', async () => {
  const first = storeIn('restart');
  for (let n = 1; n <= 5; n++) await write(first, 'up2', n);
  const second = storeIn('restart'); // a new process: nothing in memory
  for (let n = 6; n <= COUNT; n++) await write(second, 'up2', n);
  const saved = await second.chunks.combine({ id: 'up2', totalSize: SIZE, totalChunks: COUNT });
  assert.equal(saved.sha256, sha(content));
});

test('a chunk written again with other bytes after it was hashed: the hash is that of the bytes stored', async () => {
  const store = storeIn('twice');
  for (let n = 1; n <= COUNT; n++) await write(store, 'up3', n);
  const other = randomBytes(CHUNK);
  await write(store, 'up3', 2, other);
  const saved = await store.chunks.combine({ id: 'up3', totalSize: SIZE, totalChunks: COUNT });
  const stored = await store.readAll('up3');
  assert.ok(stored.subarray(CHUNK, 2 * CHUNK).equals(other));
  assert.equal(saved.sha256, sha(stored));
});

test('a chunk waiting ahead is written again, and a cut-off chunk is resent: the hash is that of the bytes stored', async () => {
  const store = storeIn('ahead');
  await write(store, 'up4', 4);
  await write(store, 'up4', 4, randomBytes(CHUNK)); // a second copy with other bytes, while 4 waits for 1–3
  await assert.rejects(store.chunks.write('up4', slot(3), body(randomBytes(CHUNK / 2))), ChunkMismatchError);
  for (let n = 1; n <= COUNT; n++) if (n !== 4) await write(store, 'up4', n);
  const saved = await store.chunks.combine({ id: 'up4', totalSize: SIZE, totalChunks: COUNT });
  assert.equal(saved.sha256, sha(await store.readAll('up4')));
});

test('chunks sent in reverse order: the hash is right', async () => {
  const store = storeIn('reverse');
  for (let n = COUNT; n >= 1; n--) await write(store, 'up5', n);
  const saved = await store.chunks.combine({ id: 'up5', totalSize: SIZE, totalChunks: COUNT });
  assert.equal(saved.sha256, sha(content));
});

test('a write that fails while the rest of the chunk is still arriving: the chunk fails with the error, the process carries on', async () => {
  const store = storeIn('failing');
  const probe = await fs.promises.open(root, 'r');
  const proto = Object.getPrototypeOf(probe) as { writev: unknown; write: unknown };
  await probe.close();
  const real = { writev: proto.writev, write: proto.write };
  const full = async () => {
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
  };
  proto.writev = full;
  proto.write = full;
  try {
    // The first 1 MiB is written while the rest comes slowly.
    async function* slowly() {
      yield content.subarray(0, 1024 * 1024);
      await new Promise((resolve) => setTimeout(resolve, 50));
      yield content.subarray(1024 * 1024, 1024 * 1024 + CHUNK);
    }
    await assert.rejects(store.chunks.write('up6', { number: 1, offset: 0, size: 1024 * 1024 + CHUNK }, Readable.from(slowly())), { code: 'ENOSPC' });
  } finally {
    Object.assign(proto, real);
  }
});

/** Bytes hashed on this (the request) thread while `run` ran. */
async function hashedHereDuring<T>(run: () => Promise<T>): Promise<{ result: T; hashedHere: number }> {
  const proto = Hash.prototype as unknown as { update: (...args: unknown[]) => unknown };
  const real = proto.update;
  let hashedHere = 0;
  proto.update = function (this: unknown, ...args: unknown[]) {
    hashedHere += (args[0] as Buffer).length;
    return real.apply(this, args);
  };
  try {
    return { result: await run(), hashedHere };
  } finally {
    proto.update = real;
  }
}

test('a file saved as it streams (a generated video) is hashed on the hash thread, and rightly when that thread is lost half way', async () => {
  const store = storeIn('streamed');
  const expected = sha(content);
  const { result, hashedHere } = await hashedHereDuring(() => store.saveStream(body(content)));
  assert.equal(hashedHere, 0, 'bytes hashed on the request thread');
  assert.equal(result.sha256, expected);
  assert.equal(result.size, SIZE);
  // The thread stops after half the bytes went by: the saved file is hashed whole instead.
  async function* stopping() {
    yield content.subarray(0, SIZE / 2);
    await hashThread.stopForTest();
    yield content.subarray(SIZE / 2);
  }
  const again = await store.saveStream(Readable.from(stopping()));
  assert.equal(again.sha256, expected);
  assert.ok((await store.readAll(again.storedName)).equals(content));
});

test('bytes in memory (a small upload, a question image) are hashed on the hash thread, and asked again if it is lost', async () => {
  const bytes = content.subarray(0, 3 * CHUNK);
  const { result, hashedHere } = await hashedHereDuring(() => hashThread.sha256(bytes));
  assert.equal(hashedHere, 0);
  assert.equal(result, sha(bytes));
  const asking = hashThread.sha256(bytes);
  await hashThread.stopForTest();
  assert.equal(await asking, sha(bytes));
  assert.equal(bytes.length, 3 * CHUNK, 'the caller keeps its bytes');
});

test('uploads faster than the hash thread: at most its queue limit waits for it (the chunks and the streamed save wait instead), and the hashes stay right', async () => {
  // Handing a 2 MiB copy over takes a fraction of a millisecond; hashing it, several.
  const piece = randomBytes(2 * 1024 * 1024);
  const count = (4 * HASH_QUEUE_LIMIT) / piece.length;
  const bound = HASH_QUEUE_LIMIT + piece.length;

  for (let n = 0; n < count; n++) await hashThread.chunk('queue-chunks', n * piece.length, [Buffer.from(piece)], { failed: false });
  assert.ok(hashThread.queue().peak <= bound, `chunks: ${hashThread.queue().peak} bytes waited for the hash thread (limit ${bound})`);
  hashThread.forget('queue-chunks');

  const passing = hashThread.passing();
  for (let n = 0; n < count; n++) {
    passing.update(piece);
    await passing.ready();
  }
  const passed = await passing.digest();
  assert.ok(hashThread.queue().peak <= bound, `streamed save: ${hashThread.queue().peak} bytes waited for the hash thread (limit ${bound})`);
  const whole = createHash('sha256');
  for (let n = 0; n < count; n++) whole.update(piece);
  assert.deepEqual(passed, { size: count * piece.length, sha256: whole.digest('hex') });
  assert.equal(hashThread.queue().now, 0, 'nothing is left counted once the thread caught up');
});

test('the hash thread is lost while uploads wait for room: they carry on with a new one', async () => {
  const piece = randomBytes(2 * 1024 * 1024);
  const waits: Array<Promise<boolean>> = [];
  for (let n = 0; n < (2 * HASH_QUEUE_LIMIT) / piece.length; n++)
    waits.push(hashThread.chunk('queue-lost', n * piece.length, [Buffer.from(piece)], { failed: false }));
  await hashThread.stopForTest();
  assert.deepEqual(new Set(await Promise.all(waits)), new Set([true]), 'every waiting chunk was let go');
  assert.equal(hashThread.queue().now, 0);
  assert.equal(await hashThread.sha256(piece), sha(piece), 'a new thread answers');
});
