// The store this configuration names (ZX_STORAGE, read in config.ts).
import type { Config } from '../config.js';
import { createLocalFileStorage } from './local-storage.js';
import { createS3FileStorage } from './s3-storage.js';
import type { FileStorage } from './storage.js';

export function createFileStorage(config: Config): FileStorage {
  const storage = config.storage;
  if (storage.kind === 's3') return createS3FileStorage(storage, config.dataDir);
  return createLocalFileStorage(config.filesDir, config.dataDir);
}
