// First-run content. Two independent parts, each written only when its part
// of the database is empty, so a restart never reseeds or overwrites:
//  - site content (school settings, dictionaries, agreements): when there is no school yet;
//  - the demo school's users and class: when there are no users at all
//    (a roster imported before the first start means a real school: no demo users).
import type { Kysely } from 'kysely';
import { generateReadablePassword, hashPassword } from '../modules/account/passwords.js';
import { countUsers, createUser, findUserByUsername } from '../modules/account/store.js';
import { addClassMember, ensureClass } from '../modules/classes/store.js';
import { seedDemoEmbedKeys } from '../modules/embed/demo-keys.js';
import { newId } from './ids.js';
import type { Database } from './schema.js';
import { AGREEMENTS, DEFAULT_SITE, DEMO_CLASS, DEMO_SCHOOL_NAME, DEMO_USERS, DICTIONARIES } from './seed-content.js';

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

async function seedDemoSchool(db: Kysely<Database>, password: string, now: number, demoEmbedKeysEnabled: boolean): Promise<string[] | null> {
  if ((await countUsers(db)) > 0) return null;
  // One hash (and salt) per user, computed before the transaction holds the database.
  const hashes = await Promise.all(DEMO_USERS.map(() => hashPassword(password)));
  await db.transaction().execute(async (trx) => {
    for (const [i, user] of DEMO_USERS.entries()) await createUser(trx, { ...user, passwordHash: hashes[i]! }, now);
    const { id: classId } = await ensureClass(trx, DEMO_CLASS.name, now);
    const teacher = await findUserByUsername(trx, DEMO_CLASS.teacher);
    await addClassMember(trx, classId, teacher!.id, 'teacher', now);
    for (const username of DEMO_CLASS.students) {
      const student = await findUserByUsername(trx, username);
      await addClassMember(trx, classId, student!.id, 'student', now);
    }
    // demo/cms.html embeds the demo teacher's two assistants with these keys.
    await seedDemoEmbedKeys(trx, teacher!.id, now, demoEmbedKeysEnabled);
  });
  return DEMO_USERS.map((u) => u.username);
}

export async function seedIfEmpty(
  db: Kysely<Database>,
  options: { demoPassword: string | null; now?: number; demoEmbedKeysEnabled?: boolean },
): Promise<SeedResult> {
  const now = options.now ?? Date.now();
  const contentSeeded = await seedContent(db, now);
  const password = options.demoPassword ?? generateReadablePassword();
  const usernames = await seedDemoSchool(db, password, now, options.demoEmbedKeysEnabled ?? false);
  return {
    contentSeeded,
    demo: usernames ? { usernames, password, passwordGenerated: options.demoPassword === null } : null,
  };
}
