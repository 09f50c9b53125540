// Uploaded files on local disk under ZX_DATA_DIR/files, each under a random
// name (never the user's file name, so no path tricks and no collisions).
import fs from 'node:fs';
import path from 'node:path';
import { newId } from '../db/ids.js';

export interface FileStorage {
  /** Writes the bytes and returns the stored name. */
  save(content: Buffer): Promise<string>;
  open(storedName: string): fs.ReadStream;
  remove(storedName: string): Promise<void>;
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
  };
}
