// Writes a document's passages from inside the parsing worker (SQLite only).
// better-sqlite3 is synchronous: run on the request thread, every insert
// batch held up the requests queued behind it (GET /health p99 7.7× idle
// while a 150 MB document was indexed). The worker opens its own connection
// to the same WAL database and writes in short transactions, so requests
// only ever wait for the database lock between them, never for the work.
import { openSqliteKysely } from '../../db/sqlite.js';
import { newId } from '../../db/ids.js';
import { insertChunks } from './index-store.js';
import { holdsClaim } from './store.js';
import type { ChunkWriterJob, WorkerPassage } from './parse-protocol.js';

/** Passages per write transaction: short, so other writers wait little for the lock. */
const WRITE_SIZE = 8;

export interface ChunkWriter {
  /** Writes the passages in order; false when the document was deleted meanwhile. */
  write(passages: readonly WorkerPassage[]): Promise<boolean>;
  close(): Promise<void>;
}

export function openChunkWriter(job: ChunkWriterJob): ChunkWriter {
  const db = openSqliteKysely(job.sqliteFile);
  let position = 0;

  return {
    async write(passages) {
      for (let at = 0; at < passages.length; at += WRITE_SIZE) {
        const slice = passages.slice(at, at + WRITE_SIZE);
        const now = Date.now();
        const stillThere = await db.transaction().execute(async (trx) => {
          // Deleted, or taken over by another run after this one's lease ran out: write nothing more.
          if (!(await holdsClaim(trx, job.documentId, job.attempt))) return false;
          const chunks = slice.map((p) => ({
            id: newId(),
            datasetId: job.datasetId,
            documentId: job.documentId,
            position: position++,
            page: p.page,
            content: p.content,
            terms: p.terms,
            embedding: null,
            edited: false,
          }));
          await insertChunks(trx, 'sqlite', chunks, now);
          return true;
        });
        if (!stillThere) return false;
      }
      return true;
    },
    close: () => db.destroy(),
  };
}
