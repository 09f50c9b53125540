// People in school administration: search, create (with a one-time
// password), edit (name, client types, menus, classes, the admin right),
// disable and enable, and resetting a password. A new account passes the
// same checks as a roster row (roster-import.ts).
import type { ServerContext } from '../../context.js';
import type { ClientType } from '../../db/schema.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import {
  createAccount,
  changeAccount,
  DEFAULT_MENUS,
  existingUsernames,
  findUserById,
  generateReadablePassword,
  hashPassword,
  MENU_IDS,
  revokeAllTokens,
  revokeClientTypeTokens,
  type UserPatch,
  type UserRecord,
} from '../account/index.js';
import { checkRosterRow } from './roster-import.js';
import { existingClassIds, setClassesOf } from '../classes/index.js';
import { classesOf, otherActiveAdmins, searchPeople, type ClassRef, type PeopleFilter } from './people-store.js';
import { hasControlChars } from '../../../shared/control-chars.js';

export interface Person {
  id: string;
  username: string;
  name: string;
  nickname: string;
  clientTypes: ClientType[];
  admin: boolean;
  disabled: boolean;
  mustChangePassword: boolean;
  /** The account's own menu ids, or null for its client type's default. */
  menus: string | null;
  classes: ClassRef[];
  /** From the school's sign-on when its rules fill them, '' otherwise. */
  email: string;
  number: string;
  createdAt: number;
}

const PERSON_NOT_FOUND = '账号不存在';

function toPerson(user: UserRecord, classes: ClassRef[]): Person {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    nickname: user.nickname,
    clientTypes: user.clientTypes,
    admin: user.admin,
    disabled: user.disabledAt !== null,
    mustChangePassword: user.mustChangePassword,
    menus: user.menus,
    classes,
    email: user.email,
    number: user.number,
    createdAt: user.createdAt,
  };
}

async function requirePerson(ctx: ServerContext, id: string): Promise<UserRecord> {
  const user = await findUserById(ctx.db, id);
  if (!user) throw notFound(PERSON_NOT_FOUND);
  return user;
}

export async function readPerson(ctx: ServerContext, id: string): Promise<Person> {
  const user = await requirePerson(ctx, id);
  return toPerson(user, (await classesOf(ctx.db, [id])).get(id) ?? []);
}

export async function listPeople(ctx: ServerContext, filter: PeopleFilter): Promise<{ items: Person[]; total: number }> {
  const { items, total } = await searchPeople(ctx.db, filter);
  const classes = await classesOf(
    ctx.db,
    items.map((u) => u.id),
  );
  return { items: items.map((u) => toPerson(u, classes.get(u.id) ?? [])), total };
}

/** The menu ids and each client type's default, for the menus editor. */
export function menuChoices(): { ids: readonly string[]; defaults: Readonly<Record<ClientType, string>> } {
  return { ids: MENU_IDS, defaults: DEFAULT_MENUS };
}

function checkMenus(menus: string | null): string | null {
  if (menus === null) return null;
  const ids = [
    ...new Set(
      menus
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
  const unknown = ids.filter((id) => !MENU_IDS.includes(id));
  if (unknown.length) throw badRequest(`未知的菜单：${unknown.join(', ')}`);
  return ids.join(',');
}

async function checkClasses(ctx: ServerContext, classIds: string[]): Promise<string[]> {
  const unique = [...new Set(classIds)];
  const found = await existingClassIds(ctx.db, unique);
  if (found.size !== unique.length) throw badRequest('所选班级不存在，请刷新后重试');
  return unique;
}

/** Students sit in a class as students; anyone else (teachers, managers) teaches it. */
const classRole = (clientTypes: ClientType[]) => (clientTypes.includes('3') ? 'student' : 'teacher');

export interface NewPersonInput {
  username: string;
  name: string;
  clientTypes: ClientType[];
  classIds?: string[];
  admin?: boolean;
  menus?: string | null;
}

/** Creates the account with a one-time password, shown to the manager once and changed at first sign-in. */
export async function createPerson(ctx: ServerContext, input: NewPersonInput): Promise<{ person: Person; oneTimePassword: string }> {
  const oneTimePassword = generateReadablePassword();
  const { reasons, row } = checkRosterRow({
    username: input.username,
    name: input.name,
    client_type: input.clientTypes.join('|'),
    class: '',
    password: oneTimePassword,
  });
  if (!row) throw badRequest(reasons.join('；'));
  const taken = async () => (await existingUsernames(ctx.db, [row.username])).has(row.username);
  const takenError = () => badRequest(`用户名“${row.username}”已存在`);
  if (await taken()) throw takenError();
  const classIds = await checkClasses(ctx, input.classIds ?? []);
  const menus = checkMenus(input.menus ?? null);
  const passwordHash = await hashPassword(oneTimePassword);
  const now = ctx.now();
  const id = await ctx.db
    .transaction()
    .execute(async (trx) => {
      const created = await createAccount(
        trx,
        { username: row.username, name: row.name, passwordHash, clientTypes: row.clientTypes, admin: input.admin ?? false, mustChangePassword: true },
        now,
      );
      if (menus !== null) await changeAccount(trx, created, { menus }, now);
      await setClassesOf(trx, created, classIds, classRole(row.clientTypes), now);
      return created;
    })
    .catch(async (error: unknown) => {
      // Another administrator made the same username while the password was hashed: say so, as above.
      if (await taken()) throw takenError();
      throw error;
    });
  return { person: await readPerson(ctx, id), oneTimePassword };
}

export interface PersonChanges {
  name?: string;
  nickname?: string;
  clientTypes?: ClientType[];
  menus?: string | null;
  admin?: boolean;
  classIds?: string[];
}

function checkName(value: string, what: string): string {
  const name = value.trim();
  if (!name) throw badRequest(`${what}不能为空`);
  if (name.length > 64) throw badRequest(`${what}不能超过 64 个字符`);
  if (hasControlChars(name)) throw badRequest(`${what}不能包含换行等控制字符`);
  return name;
}

export async function updatePerson(ctx: ServerContext, admin: AuthUser, id: string, changes: PersonChanges): Promise<{ person: Person; summary: string[] }> {
  const user = await requirePerson(ctx, id);
  const patch: UserPatch = {};
  const summary: string[] = [];
  if (changes.name !== undefined) {
    patch.name = checkName(changes.name, '姓名');
    if (patch.name !== user.name) summary.push(`name: ${user.name} → ${patch.name}`);
  }
  if (changes.nickname !== undefined) patch.nickname = checkName(changes.nickname, '昵称');
  if (changes.clientTypes !== undefined) {
    const types = [...new Set(changes.clientTypes)];
    if (types.length === 0) throw badRequest('至少保留一种身份');
    if (id === admin.id && !types.includes('2')) throw badRequest('不能去掉自己的管理端身份');
    patch.clientTypes = types;
    // The side the next sign-in lands on must be one the account still holds.
    if (!types.includes(user.defaultClientType)) patch.defaultClientType = types[0]!;
    if (types.join(',') !== user.clientTypes.join(',')) summary.push(`clientTypes: ${user.clientTypes.join('|')} → ${types.join('|')}`);
  }
  if (changes.menus !== undefined) {
    patch.menus = checkMenus(changes.menus);
    if (patch.menus !== user.menus) summary.push(`menus: ${user.menus ?? 'default'} → ${patch.menus ?? 'default'}`);
  }
  if (changes.admin !== undefined && changes.admin !== user.admin) {
    if (id === admin.id) throw badRequest('不能取消自己的管理员权限');
    patch.admin = changes.admin;
    summary.push(`admin: ${user.admin} → ${changes.admin}`);
  }
  const classIds = changes.classIds === undefined ? undefined : await checkClasses(ctx, changes.classIds);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await changeAccount(trx, id, patch, now);
    // Memberships follow the client types (a student sits in a class, anyone else teaches it).
    if (classIds !== undefined || patch.clientTypes) {
      const current = classIds ?? ((await classesOf(trx, [id])).get(id) ?? []).map((c) => c.id);
      await setClassesOf(trx, id, current, classRole(patch.clientTypes ?? user.clientTypes), now);
    }
    // A side taken away ends the sign-ins on it at once.
    if (patch.clientTypes) {
      const dropped = user.clientTypes.filter((t) => !patch.clientTypes!.includes(t));
      if (dropped.length) await revokeClientTypeTokens(trx, id, dropped, now);
    }
  });
  if (classIds !== undefined) summary.push(`classes: ${classIds.length}`);
  return { person: await readPerson(ctx, id), summary };
}

export async function setDisabled(ctx: ServerContext, admin: AuthUser, id: string, disabled: boolean): Promise<Person> {
  const user = await requirePerson(ctx, id);
  if (disabled && id === admin.id) throw badRequest('不能停用自己的账号');
  if (disabled && user.admin && (await otherActiveAdmins(ctx.db, id)) === 0) throw badRequest('这是最后一位管理员，不能停用');
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await changeAccount(trx, id, { disabledAt: disabled ? (user.disabledAt ?? now) : null }, now);
    if (disabled) await revokeAllTokens(trx, id, now, 'disabled');
  });
  return readPerson(ctx, id);
}

/** A new one-time password: every sign-in of the account ends, and the next one must choose a new password. */
export async function resetPassword(ctx: ServerContext, admin: AuthUser, id: string): Promise<{ person: Person; oneTimePassword: string }> {
  await requirePerson(ctx, id);
  if (id === admin.id) throw badRequest('请在个人资料中修改自己的密码');
  const oneTimePassword = generateReadablePassword();
  const passwordHash = await hashPassword(oneTimePassword);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await changeAccount(trx, id, { passwordHash, mustChangePassword: true }, now);
    await revokeAllTokens(trx, id, now, 'password_reset');
  });
  return { person: await readPerson(ctx, id), oneTimePassword };
}
