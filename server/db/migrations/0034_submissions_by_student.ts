// A student's submissions found without a scan: reading a practical task's
// answer file checks the submissions of the file's owner (answer-files.ts),
// and that check runs whenever someone other than the owner reads a file.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('submissions_student').on('submissions').column('student_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('submissions_student').execute();
}
