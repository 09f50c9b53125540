// SQL for uploaded files' metadata (the bytes live in server/files storage).
import type { Kysely } from 'kysely';
import type { Database, FileVisibility } from '../../db/schema.js';

export interface FileRecord {
  id: string;
  ownerId: string;
  name: string;
  storedName: string;
  mime: string;
  size: number;
  sha256: string;
  visibility: FileVisibility;
  createdAt: number;
}

export async function insertFile(db: Kysely<Database>, file: FileRecord): Promise<void> {
  await db
    .insertInto('files')
    .values({
      id: file.id,
      owner_id: file.ownerId,
      name: file.name,
      stored_name: file.storedName,
      mime: file.mime,
      size: file.size,
      sha256: file.sha256,
      visibility: file.visibility,
      created_at: file.createdAt,
    })
    .execute();
}

export async function findFile(db: Kysely<Database>, id: string): Promise<FileRecord | null> {
  const row = await db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    ownerId: row.owner_id,
    name: row.name,
    storedName: row.stored_name,
    mime: row.mime,
    size: Number(row.size),
    sha256: row.sha256,
    visibility: row.visibility,
    createdAt: Number(row.created_at),
  };
}

export async function setFileVisibility(db: Kysely<Database>, id: string, visibility: FileVisibility): Promise<void> {
  await db.updateTable('files').set({ visibility }).where('id', '=', id).execute();
}

/** The user's own file with exactly these bytes (for "identical content completes at once"). */
export async function findOwnFileByHash(db: Kysely<Database>, ownerId: string, sha256: string, size: number): Promise<FileRecord | null> {
  const row = await db
    .selectFrom('files')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('sha256', '=', sha256.toLowerCase())
    .where('size', '=', size)
    .orderBy('created_at')
    .executeTakeFirst();
  return row ? findFile(db, row.id) : null;
}

/** Removes a file's row (the caller removes its bytes). */
export async function deleteFile(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('files').where('id', '=', id).execute();
}
