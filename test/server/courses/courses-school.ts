// A small school for the course tests: extra teachers, students and classes
// beside the seeded demo school (teacher, manager, student in 2024级数控技术1班).
import { hashPassword } from '../../../server/modules/account/passwords.js';
import { createUser } from '../../../server/modules/account/store.js';
import { addClassMember, ensureClass } from '../../../server/modules/classes/store.js';
import type { ClientType } from '../../../server/db/schema.js';
import type { TestServer } from '../../support/server.js';

export const DEMO_CLASS_NAME = '2024级数控技术1班';

export interface Person {
  id: string;
  token: string;
}

let passwordHash: Promise<string> | undefined;

/** A new account holding these client types, signed in on the first. */
export async function addPerson(server: TestServer, username: string, clientTypes: ClientType[], className?: string): Promise<Person> {
  passwordHash ??= hashPassword(server.demoPassword);
  const id = await createUser(server.data.db, { username, name: username, passwordHash: await passwordHash, clientTypes }, Date.now());
  if (className) {
    const { id: classId } = await ensureClass(server.data.db, className, Date.now());
    await addClassMember(server.data.db, classId, id, clientTypes.includes('1') ? 'teacher' : 'student', Date.now());
  }
  return { id, token: await server.login(username) };
}

export async function userId(server: TestServer, username: string): Promise<string> {
  const row = await server.data.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  return row.id;
}

export async function classId(server: TestServer, name: string): Promise<string> {
  const row = await server.data.db.selectFrom('classes').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return row.id;
}
