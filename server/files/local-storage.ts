// Files on this machine's disk (the embedded default): stored files under
// ZX_DATA_DIR/files/<stored name>, uploads in progress as one file each under
// ZX_DATA_DIR/uploads-partial/<session id>, every chunk written in place at
// its offset (no chunk files, no second copy). Chunks are hashed as they
// arrive (running-hash.ts); combining an upload reads back only what that
// missed, flushes the file (fsync) and renames it into files/.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { newId } from '../db/ids.js';
import { createRunningHashes, type HashedPrefix } from './running-hash.js';
import { ChunkMismatchError, checkStoredName, checkUploadId, notThere, type ChunkProblem, type FileStorage, type SavedStream } from './storage.js';

const READ_BUFFER = 1024 * 1024;
const WRITE_BATCH = 1024 * 1024;

/** Hashes a file on disk, reading it in 1 MiB pieces: from the start, or on from a prefix already hashed. */
async function hashFile(handle: fs.promises.FileHandle, prefix: HashedPrefix | null = null): Promise<{ size: number; sha256: string }> {
  const hash = prefix?.hash ?? createHash('sha256');
  const buffer = Buffer.allocUnsafe(READ_BUFFER);
  let size = prefix?.upTo ?? 0;
  for (;;) {
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, size);
    if (bytesRead === 0) break;
    hash.update(buffer.subarray(0, bytesRead));
    size += bytesRead;
  }
  return { size, sha256: hash.digest('hex') };
}

/** Writes the pieces one after another from `position`, in one call unless the system writes less. */
async function writeAt(handle: fs.promises.FileHandle, pieces: Buffer[], position: number): Promise<void> {
  let left = pieces;
  while (left.length > 0) {
    let { bytesWritten } = await handle.writev(left, position);
    position += bytesWritten;
    let i = 0;
    while (i < left.length && bytesWritten >= left[i]!.length) bytesWritten -= left[i++]!.length;
    left = left.slice(i);
    if (bytesWritten > 0) left[0] = left[0]!.subarray(bytesWritten);
  }
}

const isMissing = (error: unknown) => (error as { code?: string } | null)?.code === 'ENOENT';

async function removeOldParts(dir: string, before: number): Promise<number> {
  let removed = 0;
  const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.endsWith('.part')) continue;
    const file = path.join(dir, name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (stat?.isFile() && stat.mtimeMs < before) {
      await fs.promises.rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}

export function createLocalFileStorage(dir: string, dataDir = path.dirname(dir)): FileStorage {
  const fullPath = (storedName: string) => path.join(dir, checkStoredName(storedName));
  const partialRoot = path.join(dataDir, 'uploads-partial');
  const partialPath = (id: string) => path.join(partialRoot, checkUploadId(id));
  const hashes = createRunningHashes();

  /** The upload's file, created on first use; a folder left by the old layout (one file per chunk) is replaced. */
  async function openPartial(id: string): Promise<fs.promises.FileHandle> {
    const file = partialPath(id);
    try {
      return await fs.promises.open(file, fs.constants.O_RDWR | fs.constants.O_CREAT);
    } catch (error) {
      // The folder is made on the first chunk only, not looked for on every one.
      if (isMissing(error)) {
        await fs.promises.mkdir(partialRoot, { recursive: true });
        return fs.promises.open(file, fs.constants.O_RDWR | fs.constants.O_CREAT);
      }
      if ((error as { code?: string }).code !== 'EISDIR') throw error;
      await fs.promises.rm(file, { recursive: true, force: true });
      return fs.promises.open(file, fs.constants.O_RDWR | fs.constants.O_CREAT);
    }
  }

  return {
    kind: 'local',
    location: dir,
    async save(content) {
      await fs.promises.mkdir(dir, { recursive: true });
      const storedName = newId();
      const tmp = `${fullPath(storedName)}.part`;
      // Written aside and renamed, so a crash never leaves a half file under a real name.
      await fs.promises.writeFile(tmp, content, { flag: 'wx' });
      await fs.promises.rename(tmp, fullPath(storedName));
      return storedName;
    },
    async saveStream(pieces) {
      await fs.promises.mkdir(dir, { recursive: true });
      const storedName = newId();
      const tmp = `${fullPath(storedName)}.part`;
      const handle = await fs.promises.open(tmp, 'wx');
      const hash = createHash('sha256');
      let size = 0;
      try {
        for await (const piece of pieces) {
          hash.update(piece);
          size += piece.length;
          let written = 0;
          while (written < piece.length) written += (await handle.write(piece, written)).bytesWritten;
        }
        await handle.sync();
        await handle.close();
      } catch (error) {
        await handle.close().catch(() => {});
        await fs.promises.rm(tmp, { force: true });
        throw error;
      }
      await fs.promises.rename(tmp, fullPath(storedName));
      return { storedName, size, sha256: hash.digest('hex') };
    },
    async read(storedName, range) {
      const handle = await fs.promises.open(fullPath(storedName), 'r');
      return handle.createReadStream(range ? { start: range.start, end: range.end, highWaterMark: 256 * 1024 } : { highWaterMark: 256 * 1024 });
    },
    async readAll(storedName) {
      return fs.promises.readFile(fullPath(storedName));
    },
    async stat(storedName) {
      const stat = await fs.promises.stat(fullPath(storedName)).catch((error: unknown) => {
        if (isMissing(error)) return null;
        throw error;
      });
      if (!stat?.isFile()) return null;
      return { size: stat.size, modifiedMs: stat.mtimeMs, etag: `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"` };
    },
    async remove(storedName) {
      await fs.promises.rm(fullPath(storedName), { force: true });
    },
    async localCopy(storedName) {
      const file = fullPath(storedName);
      await fs.promises.access(file);
      return { path: file, release: async () => {} };
    },
    async check() {
      await fs.promises.mkdir(dir, { recursive: true });
      await fs.promises.access(dir, fs.constants.W_OK);
    },
    async sweep(before) {
      return (await removeOldParts(dir, before)) + (await removeOldParts(partialRoot, before));
    },
    chunks: {
      async write(id, slot, source, sha256) {
        const handle = await openPartial(id);
        const hash = sha256 ? createHash('sha256') : null;
        const pieces: Buffer[] = [];
        let received = 0;
        let problem: ChunkProblem | null = null;
        // Pieces go to the file in batches of WRITE_BATCH bytes, one batch
        // written while the next is received (one system call per batch, not
        // per network read).
        let batch: Buffer[] = [];
        let batchBytes = 0;
        let writing: Promise<void> = Promise.resolve();
        const flush = async () => {
          const pieces = batch;
          const at = slot.offset + received - batchBytes;
          batch = [];
          batchBytes = 0;
          await writing;
          writing = writeAt(handle, pieces, at);
          // Awaited later, maybe after the next network read: a failure must not count as unhandled meanwhile.
          writing.catch(() => {});
        };
        hashes.start(id, slot.offset);
        try {
          // Read to the end even after a problem: the request body must be
          // consumed for the reply to reach the client on a healthy connection.
          for await (const arrived of source as AsyncIterable<Buffer>) {
            if (problem) continue;
            // Pieces are kept until written and hashed; the multipart parser may hand out small
            // pieces of a buffer it reuses (its boundary look-behind), so those are copied.
            const piece = arrived.length < 4096 ? Buffer.from(arrived) : arrived;
            if (received + piece.length > slot.size) {
              problem = 'too-large';
              continue;
            }
            hash?.update(piece);
            pieces.push(piece);
            batch.push(piece);
            batchBytes += piece.length;
            received += piece.length;
            if (batchBytes >= WRITE_BATCH) await flush();
          }
          if (batchBytes > 0) await flush();
          await writing;
        } catch (error) {
          await writing.catch(() => {});
          hashes.failed(id, slot.offset);
          throw error;
        } finally {
          await handle.close();
        }
        if (!problem && received < slot.size) problem = 'too-small';
        if (!problem && hash && sha256 && hash.digest('hex') !== sha256.toLowerCase()) problem = 'checksum';
        if (problem) {
          hashes.failed(id, slot.offset);
          throw new ChunkMismatchError(problem);
        }
        hashes.written(id, slot.offset, pieces);
      },
      async has(id, slot) {
        const stat = (await fs.promises.stat(partialPath(id)).catch(() => null)) ?? (await fs.promises.stat(fullPath(id)).catch(() => null));
        return stat !== null && stat.isFile() && stat.size >= slot.offset + slot.size;
      },
      async firstMissing(id, slots) {
        const stat = (await fs.promises.stat(partialPath(id)).catch(() => null)) ?? (await fs.promises.stat(fullPath(id)).catch(() => null));
        const size = stat?.isFile() ? stat.size : 0;
        return slots.find((slot) => size < slot.offset + slot.size)?.number ?? null;
      },
      async head(id, bytes) {
        const handle = await fs.promises.open(partialPath(id), 'r').catch((error: unknown) => {
          if (isMissing(error)) return fs.promises.open(fullPath(id), 'r'); // combined already
          throw error;
        });
        try {
          const buffer = Buffer.alloc(bytes);
          const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
          return buffer.subarray(0, bytesRead);
        } finally {
          await handle.close();
        }
      },
      async combine(upload): Promise<SavedStream> {
        const storedName = upload.id;
        const final = fullPath(storedName);
        const prefix = hashes.take(upload.id);
        let handle: fs.promises.FileHandle;
        try {
          handle = await fs.promises.open(partialPath(upload.id), 'r+');
        } catch (error) {
          if (!isMissing(error)) throw error;
          // A run that died after the rename left the file in place: finish from it.
          const done = await fs.promises.open(final, 'r').catch(() => null);
          if (!done) throw notThere(upload.id);
          try {
            return { storedName, ...(await hashFile(done)) };
          } finally {
            await done.close();
          }
        }
        let result: { size: number; sha256: string };
        try {
          result = await hashFile(handle, prefix);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fs.promises.mkdir(dir, { recursive: true });
        await fs.promises.rename(partialPath(upload.id), final);
        return { storedName, ...result };
      },
      async remove(id) {
        hashes.forget(id);
        await fs.promises.rm(partialPath(id), { recursive: true, force: true });
      },
      async uploads() {
        const names = await fs.promises.readdir(partialRoot).catch(() => [] as string[]);
        const found: Array<{ id: string; modifiedMs: number }> = [];
        for (const name of names) {
          if (name.endsWith('.part') || !/^[A-Za-z0-9_-]{1,64}$/.test(name)) continue;
          const stat = await fs.promises.stat(path.join(partialRoot, name)).catch(() => null);
          if (stat) found.push({ id: name, modifiedMs: stat.mtimeMs });
        }
        return found;
      },
    },
  };
}
