// What other modules do with the files table, as verbs: a module that stored
// bytes itself (a question's pictures, a generated image) records the file as
// its owner's private file, forgets the record when its own work fails, and
// publishes a file it shows to everyone (a course cover, a site logo).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { deleteFile, type FileRecord, insertFile, setFileVisibility } from './store.js';

/** Records bytes already written to the store as the owner's private file. */
export async function recordPrivateFile(db: Kysely<Database>, file: Omit<FileRecord, 'visibility'>): Promise<void> {
  await insertFile(db, { ...file, visibility: 'private' });
}

/** Drops a file's record (its bytes are the caller's to remove). */
export async function forgetFileRecord(db: Kysely<Database>, id: string): Promise<void> {
  await deleteFile(db, id);
}

/** Makes a file readable by anyone with its address. */
export async function publishFile(db: Kysely<Database>, id: string): Promise<void> {
  await setFileVisibility(db, id, 'public');
}
