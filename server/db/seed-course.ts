// The demo school's sample course, written once with the demo users: the
// teacher teaches it to the demo class, its lesson is one the student has
// completed, its knowledge document waits for the indexer (which takes it at
// start, like any upload), and its quiz is published to the class. Each part
// is written by the module that owns it.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { FileStorage } from '../files/storage.js';
import { seedDemoCourse } from '../modules/courses/index.js';
import { seedDemoQuiz } from '../modules/evaluation/index.js';
import { seedDemoDataset } from '../modules/knowledge/index.js';
import { recordPrivateFile } from '../modules/uploads/index.js';
import { newId } from './ids.js';
import type { Database } from './schema.js';
import { DEMO_COURSE } from './seed-content.js';

/** The demo school as seeded: who teaches, who studies, in which class. */
export interface DemoSchool {
  usernames: string[];
  teacherId: string;
  studentIds: string[];
  classId: string;
}

export async function seedSampleCourse(db: Kysely<Database>, files: FileStorage, school: DemoSchool, now: number): Promise<void> {
  const { dataset, quiz } = DEMO_COURSE;
  // The document's bytes go to the store first: a row never points at bytes that are not there.
  const bytes = Buffer.from(dataset.text, 'utf8');
  const file = { id: newId(), name: dataset.fileName, mime: 'text/plain', size: bytes.length };
  const storedName = await files.save(bytes);
  // A few kilobytes, hashed here: the upload hash thread would start for them and then idle for the server's life.
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const datasetId = newId();
  await recordPrivateFile(db, { ...file, ownerId: school.teacherId, storedName, sha256, createdAt: now });
  const { courseId } = await seedDemoCourse(
    db,
    { ...DEMO_COURSE, teacherId: school.teacherId, classId: school.classId, completedBy: school.studentIds, datasetIds: [datasetId] },
    now,
  );
  await seedDemoDataset(db, { id: datasetId, name: dataset.name, description: dataset.description, ownerId: school.teacherId, courseId, file }, now);
  await seedDemoQuiz(db, { courseId, teacherId: school.teacherId, classId: school.classId, ...quiz }, now);
}
