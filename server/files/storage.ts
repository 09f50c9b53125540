// Uploaded files on local disk under ZX_DATA_DIR/files, each under a random
// name (never the user's file name, so no path tricks and no collisions).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { newId } from '../db/ids.js';

export interface SavedStream {
  storedName: string;
  size: number;
  sha256: string;
}

export interface FileStorage {
  /** Writes the bytes and returns the stored name. */
  save(content: Buffer): Promise<string>;
  open(storedName: string): fs.ReadStream;
  remove(storedName: string): Promise<void>;
  /** Absolute path of a stored file (for range requests). */
  pathOf(storedName: string): string;
  /**
   * Writes a stream of pieces as one new file, hashing as it goes: written
   * aside, flushed to disk (fsync) and renamed, so a failure or crash never
   * leaves a partial file under a real name.
   */
  saveStream(pieces: AsyncIterable<Uint8Array>): Promise<SavedStream>;
}

const STORED_NAME = /^[A-Za-z0-9_-]+$/;

export function createLocalFileStorage(dir: string): FileStorage {
  const fullPath = (storedName: string) => {
    // Stored names come from our own database, but a bad row must still never
    // reach outside the folder.
    if (!STORED_NAME.test(storedName)) throw new Error(`invalid stored file name: ${storedName}`);
    return path.join(dir, storedName);
  };

  return {
    async save(content) {
      await fs.promises.mkdir(dir, { recursive: true });
      const storedName = newId();
      const tmp = `${fullPath(storedName)}.part`;
      // Written aside and renamed, so a crash never leaves a half file under a real name.
      await fs.promises.writeFile(tmp, content, { flag: 'wx' });
      await fs.promises.rename(tmp, fullPath(storedName));
      return storedName;
    },
    open(storedName) {
      return fs.createReadStream(fullPath(storedName));
    },
    async remove(storedName) {
      await fs.promises.rm(fullPath(storedName), { force: true });
    },
    pathOf: fullPath,
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
  };
}
