// The demo school's sample knowledge dataset: the demo teacher's, shared with
// the sample course, holding one text document that waits in the queue; the
// indexer picks it up when the server starts, as it does an upload.
import type { Kysely } from 'kysely';
import { newId } from '../../db/ids.js';
import type { Database } from '../../db/schema.js';
import { insertDataset, insertDocument, setDatasetCourses } from './store.js';

export interface DemoDatasetInput {
  /** Chosen by the caller, so the course AI can name it before the dataset exists. */
  id: string;
  name: string;
  description: string;
  ownerId: string;
  courseId: string;
  /** A file already stored and recorded as the owner's, in a format the parsers read. */
  file: { id: string; name: string; mime: string; size: number };
}

export async function seedDemoDataset(db: Kysely<Database>, input: DemoDatasetInput, now: number): Promise<void> {
  await insertDataset(db, {
    id: input.id,
    ownerId: input.ownerId,
    name: input.name,
    description: input.description,
    visibility: 'course',
    createdAt: now,
    updatedAt: now,
  });
  await setDatasetCourses(db, input.id, [input.courseId], now);
  await insertDocument(db, {
    id: newId(),
    datasetId: input.id,
    fileId: input.file.id,
    name: input.file.name,
    mime: input.file.mime,
    size: input.file.size,
    status: 'queued',
    error: null,
    pageCount: 0,
    charCount: 0,
    chunkCount: 0,
    createdAt: now,
    updatedAt: now,
  });
}
