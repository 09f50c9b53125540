// Names and roles: an LMS course's roster becomes a class. The class is made
// at the first import (named for the LMS course) and kept for the context;
// each active member with a teaching or learning role gets their account
// (found by their LMS user id, or made) and joins it as teacher or student.
// A member the rules refuse (disabled here) is left out and counted. Someone
// of this platform no longer in the roster leaves the class; people a teacher
// added by hand stay.
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import { addClassMember, addSchoolClass, classRoleOf, existingClassIds, membersOfClass, removeClassMember } from '../classes/index.js';
import { recordOperation } from '../records/index.js';
import { linksOf, SignonRefused } from '../signon/index.js';
import { clientTypesOfRoles } from './launch.js';
import { ensureLmsPerson, sourceOf } from './people.js';
import { readRoster } from './services.js';
import { findContext, markRosterImported, type Platform } from './store.js';

export interface RosterResult {
  classId: string;
  className: string;
  students: number;
  teachers: number;
  skipped: number;
  removed: number;
}

async function freeClassName(ctx: ServerContext, wanted: string, platform: Platform): Promise<string> {
  const taken = async (name: string) => !!(await ctx.db.selectFrom('classes').select('id').where('name', '=', name).executeTakeFirst());
  const base = wanted.trim().slice(0, 60) || platform.name;
  for (const name of [base, `${base} · ${platform.name}`]) if (!(await taken(name))) return name;
  for (let n = 2; ; n++) if (!(await taken(`${base} · ${platform.name} ${n}`))) return `${base} · ${platform.name} ${n}`;
}

async function classOfContext(ctx: ServerContext, platform: Platform, contextId: string, title: string, known: string): Promise<{ id: string; name: string }> {
  if (known && (await existingClassIds(ctx.db, [known])).has(known)) {
    const row = await ctx.db.selectFrom('classes').select('name').where('id', '=', known).executeTakeFirst();
    return { id: known, name: row?.name ?? '' };
  }
  const name = await freeClassName(ctx, title, platform);
  const id = await addSchoolClass(ctx.db, { name, major: '', term: '' }, ctx.now());
  await markRosterImported(ctx.db, platform.id, contextId, id, 0);
  return { id, name };
}

export async function importRoster(ctx: ServerContext, request: FastifyRequest | null, platform: Platform, contextId: string): Promise<RosterResult> {
  const context = await findContext(ctx.db, platform.id, contextId);
  if (!context?.membershipsUrl) throw new Error('the LMS course offers no names and roles service');
  const members = await readRoster(ctx, platform, context.membershipsUrl);
  const cls = await classOfContext(ctx, platform, contextId, context.title, context.classId);
  const result: RosterResult = { classId: cls.id, className: cls.name, students: 0, teachers: 0, skipped: 0, removed: 0 };
  const kept = new Set<string>();
  for (const member of members) {
    const clientTypes = clientTypesOfRoles(member.roles);
    if (!member.active || clientTypes.length === 0) {
      result.skipped += 1;
      continue;
    }
    try {
      const user = await ensureLmsPerson(ctx, request, platform, { subject: member.userId, name: member.name, email: member.email, clientTypes });
      const role = clientTypes.includes('1') ? 'teacher' : 'student';
      if (!(await classRoleOf(ctx.db, cls.id, user.id))) await addClassMember(ctx.db, cls.id, user.id, role, ctx.now());
      kept.add(user.id);
      result[role === 'teacher' ? 'teachers' : 'students'] += 1;
    } catch (error) {
      if (!(error instanceof SignonRefused)) throw error;
      result.skipped += 1;
    }
  }
  const fromPlatform = new Set((await linksOf(ctx.db, sourceOf(platform).id)).map((l) => l.userId));
  for (const member of await membersOfClass(ctx.db, cls.id)) {
    if (!fromPlatform.has(member.id) || kept.has(member.id)) continue;
    if (await removeClassMember(ctx.db, cls.id, member.id, member.role)) result.removed += 1;
  }
  await markRosterImported(ctx.db, platform.id, contextId, cls.id, ctx.now());
  await recordOperation(ctx, request, {
    action: 'import',
    objectType: 'class',
    objectId: cls.id,
    objectName: cls.name,
    summary: `从“${platform.name}”导入名单：学生 ${result.students}，教师 ${result.teachers}，未导入 ${result.skipped}，移出 ${result.removed}`,
  });
  return result;
}

/** Puts the person who launched into the context's class, when its roster was imported. */
export async function joinContextClass(ctx: ServerContext, platform: Platform, contextId: string, userId: string, teacher: boolean): Promise<void> {
  const context = await findContext(ctx.db, platform.id, contextId);
  if (!context?.classId || !(await existingClassIds(ctx.db, [context.classId])).has(context.classId)) return;
  if (!(await classRoleOf(ctx.db, context.classId, userId))) await addClassMember(ctx.db, context.classId, userId, teacher ? 'teacher' : 'student', ctx.now());
}
