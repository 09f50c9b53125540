// First-run content. Two independent parts, each written only when its part
// of the database is empty, so a restart never reseeds or overwrites:
//  - site content (school settings, dictionaries, agreements): when there is no school yet;
//  - the demo school's users and class: when there are no users at all
//    (a roster imported before the first start means a real school: no demo users);
//  - with them, when a file store is given and the sample course is wanted, the
//    sample course: a lesson, a knowledge document the indexer picks up after start,
//    and a published quiz for the demo class (server/db/seed-course.ts).
import type { Kysely } from 'kysely';
import { createAccount, findUserByUsername, hasAccounts, type DemoLogins } from '../modules/account/index.js';
import { addClassMember, ensureClass } from '../modules/classes/index.js';
import { seedDemoEmbedKeys } from '../modules/embed/index.js';
import { newId } from './ids.js';
import type { Database } from './schema.js';
import type { FileStorage } from '../files/storage.js';
import { AGREEMENTS, DEFAULT_SITE, DEMO_CLASS, DEMO_SCHOOL_NAME, DEMO_USERS, DICTIONARIES } from './seed-content.js';
import { seedSampleCourse, type DemoSchool } from './seed-course.js';

export interface SeedResult {
  contentSeeded: boolean;
  /** Set when the demo users were created just now. */
  demo: { usernames: string[]; password: string; passwordGenerated: boolean } | null;
}

async function seedContent(db: Kysely<Database>, now: number): Promise<boolean> {
  const school = await db.selectFrom('schools').select('id').limit(1).executeTakeFirst();
  if (school) return false;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('schools')
      .values({
        id: newId(),
        name: DEMO_SCHOOL_NAME,
        site_title: DEFAULT_SITE.siteTitle,
        site_logo: DEFAULT_SITE.siteLogo,
        text_logo: DEFAULT_SITE.textLogo,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const dictRows = Object.entries(DICTIONARIES).flatMap(([dictId, list]) =>
      list.map((entry, i) => ({ dict_id: dictId, value: entry.value, label: entry.label, sort_order: i })),
    );
    await trx
      .insertInto('dict_entries')
      .values(dictRows)
      .onConflict((oc) => oc.doNothing())
      .execute();
    await trx
      .insertInto('agreements')
      .values(AGREEMENTS.map((a) => ({ ...a, updated_at: now })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  });
  return true;
}

async function seedDemoSchool(db: Kysely<Database>, demo: DemoLogins, now: number, demoEmbedKeysEnabled: boolean): Promise<DemoSchool | null> {
  if (await hasAccounts(db)) return null;
  // Computed before the transaction holds the database.
  const passwordHash = await demo.hash();
  return db.transaction().execute(async (trx) => {
    for (const user of DEMO_USERS) await createAccount(trx, { ...user, passwordHash }, now);
    const { id: classId } = await ensureClass(trx, DEMO_CLASS.name, now);
    const teacher = await findUserByUsername(trx, DEMO_CLASS.teacher);
    await addClassMember(trx, classId, teacher!.id, 'teacher', now);
    const studentIds: string[] = [];
    for (const username of DEMO_CLASS.students) {
      const student = await findUserByUsername(trx, username);
      await addClassMember(trx, classId, student!.id, 'student', now);
      studentIds.push(student!.id);
    }
    // demo/cms.html embeds the demo teacher's two assistants with these keys.
    await seedDemoEmbedKeys(trx, teacher!.id, now, demoEmbedKeysEnabled);
    return { usernames: DEMO_USERS.map((u) => u.username), teacherId: teacher!.id, studentIds, classId };
  });
}

export interface SeedOptions {
  demo: DemoLogins;
  /** Where the sample course's knowledge document is stored; without it there is no sample course. */
  files?: FileStorage;
  /** The sample course with the demo school (`ZX_DEMO_COURSE`, on by default). */
  sampleCourse?: boolean;
  /** The demo embed keys start disabled unless a development machine asks for them (`ZX_DEMO_EMBED_KEYS=enabled`). */
  demoEmbedKeysEnabled?: boolean;
  now?: number;
}

export async function seedIfEmpty(db: Kysely<Database>, options: SeedOptions): Promise<SeedResult> {
  const now = options.now ?? Date.now();
  const contentSeeded = await seedContent(db, now);
  const school = await seedDemoSchool(db, options.demo, now, options.demoEmbedKeysEnabled ?? false);
  if (school && options.files && options.sampleCourse !== false) await seedSampleCourse(db, options.files, school, now);
  return {
    contentSeeded,
    demo: school ? { usernames: school.usernames, password: options.demo.password, passwordGenerated: options.demo.generated } : null,
  };
}
