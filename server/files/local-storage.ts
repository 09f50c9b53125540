// Files on this machine's disk (the embedded default): stored files under
// ZX_DATA_DIR/files/<stored name>, uploads in progress as one file each under
// ZX_DATA_DIR/uploads-partial/<session id>, every chunk written in place at
// its offset (no chunk files, no second copy). A chunk's bytes go to the
// hash thread once written (hash-thread.ts: the file's running hash and the
// chunk's own checksum, off the request thread); combining an upload has it
// read back only what that missed, flushes the file (fsync) and renames it
// into files/.
import fs from 'node:fs';
import path from 'node:path';
import { newId } from '../db/ids.js';
import { HashThreadLost, hashThread } from './hash-thread.js';
import { ChunkMismatchError, checkStoredName, checkUploadId, notThere, type ChunkProblem, type FileStorage, type SavedStream } from './storage.js';

const WRITE_BATCH = 1024 * 1024;

/** Writes all of `bytes` at `position` (the system may write less per call). */
async function writeAt(handle: fs.promises.FileHandle, bytes: Buffer, position: number): Promise<void> {
  for (let done = 0; done < bytes.length;) done += (await handle.write(bytes, done, bytes.length - done, position + done)).bytesWritten;
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
  /** This store's name for an upload on the hash thread (two stores in one process, as in tests, never share one). */
  const storeKey = newId();
  const hashKey = (id: string) => `${storeKey}:${id}`;

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
      const hash = hashThread.passing();
      try {
        for await (const piece of pieces) {
          hash.update(piece);
          let written = 0;
          while (written < piece.length) written += (await handle.write(piece, written)).bytesWritten;
          await hash.ready();
        }
        await handle.sync();
        await handle.close();
      } catch (error) {
        hash.abandon();
        await handle.close().catch(() => {});
        await fs.promises.rm(tmp, { force: true });
        throw error;
      }
      // A hash thread lost on the way saw only part of the bytes: the written file is hashed whole instead.
      const { size, sha256 } = await hash
        .digest()
        .catch((error: unknown) => {
          if (error instanceof HashThreadLost) return hashThread.finish(`saved-${storedName}`, tmp);
          throw error;
        })
        .catch(async (error: unknown) => {
          await fs.promises.rm(tmp, { force: true });
          throw error;
        });
      await fs.promises.rename(tmp, fullPath(storedName));
      return { storedName, size, sha256 };
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
        let received = 0;
        let problem: ChunkProblem | null = null;
        // Pieces go to the file in batches of WRITE_BATCH bytes (one system
        // call per batch, not per network read), one batch written while the
        // next is received; the batches go to the hash thread at the end.
        const written: Buffer[] = [];
        let batch: Buffer[] = [];
        let batchBytes = 0;
        let writing: Promise<void> = Promise.resolve();
        const flush = async () => {
          const bytes = Buffer.concat(batch, batchBytes);
          const at = slot.offset + received - batchBytes;
          batch = [];
          batchBytes = 0;
          written.push(bytes);
          const previous = writing;
          writing = previous.then(() => writeAt(handle, bytes, at));
          // Awaited later, maybe after the next network read: a failure must not count as unhandled meanwhile.
          writing.catch(() => {});
          await previous; // one batch ahead at most: a slow disk slows the sender, not memory
        };
        const hashed = (failed: boolean) => hashThread.chunk(hashKey(id), slot.offset, written, { failed, expect: sha256?.toLowerCase() });
        try {
          // Read to the end even after a problem: the request body must be
          // consumed for the reply to reach the client on a healthy connection.
          for await (const arrived of source as AsyncIterable<Buffer>) {
            if (problem) continue;
            // The multipart parser may hand out small pieces of a buffer it reuses (its boundary look-behind): those are copied now.
            const piece = arrived.length < 4096 ? Buffer.from(arrived) : arrived;
            if (received + piece.length > slot.size) {
              problem = 'too-large';
              continue;
            }
            batch.push(piece);
            batchBytes += piece.length;
            received += piece.length;
            if (batchBytes >= WRITE_BATCH) await flush();
          }
          if (batchBytes > 0) await flush();
          await writing;
        } catch (error) {
          await writing.catch(() => {});
          void hashed(true);
          throw error;
        } finally {
          await handle.close();
        }
        if (!problem && received < slot.size) problem = 'too-small';
        if (!problem && !(await hashed(false))) problem = 'checksum';
        else if (problem) void hashed(true);
        if (problem) throw new ChunkMismatchError(problem);
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
        const partial = partialPath(upload.id);
        let result: { size: number; sha256: string };
        try {
          result = await hashThread.finish(hashKey(upload.id), partial);
        } catch (error) {
          if (!isMissing(error)) throw error;
          // A run that died after the rename left the file in place: finish from it.
          const done = await hashThread.finish(hashKey(upload.id), final).catch((again: unknown) => {
            if (isMissing(again)) throw notThere(upload.id);
            throw again;
          });
          return { storedName, size: done.size, sha256: done.sha256 };
        }
        const handle = await fs.promises.open(partial, 'r+');
        try {
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fs.promises.mkdir(dir, { recursive: true });
        await fs.promises.rename(partial, final);
        return { storedName, size: result.size, sha256: result.sha256 };
      },
      async remove(id) {
        hashThread.forget(hashKey(id));
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
