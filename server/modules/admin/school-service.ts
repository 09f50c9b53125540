// Classes, majors and terms in school administration. Majors and terms are
// the school's `major` and `term` dictionaries (what /app/api/dict/select
// serves the course forms); a class names one of each by its value.
import { sql, type Kysely } from 'kysely';
import type { ServerContext } from '../../context.js';
import { containsText } from '../../db/contains.js';
import { newId } from '../../db/ids.js';
import type { Database } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import { addSchoolClass, deleteClass, updateClassDetails } from '../classes/index.js';
import { hasControlChars } from '../../../shared/control-chars.js';

export type SchoolDictionary = 'major' | 'term';

export interface DictionaryItem {
  value: string;
  label: string;
  /** Classes that name this entry. */
  classCount: number;
}

export interface AdminClass {
  id: string;
  name: string;
  major: string;
  term: string;
  studentCount: number;
  teacherCount: number;
  createdAt: number;
}

const CLASS_NOT_FOUND = '班级不存在';

function cleanLabel(value: string, what: string): string {
  const text = value.trim();
  if (!text) throw badRequest(`${what}不能为空`);
  if (text.length > 64) throw badRequest(`${what}不能超过 64 个字符`);
  if (hasControlChars(text)) throw badRequest(`${what}不能包含换行等控制字符`);
  return text;
}

const column = (dict: SchoolDictionary) => (dict === 'major' ? 'major' : 'term');

export async function listDictionary(ctx: ServerContext, dict: SchoolDictionary): Promise<DictionaryItem[]> {
  const [entries, counts] = await Promise.all([
    ctx.db.selectFrom('dict_entries').select(['value', 'label']).where('dict_id', '=', dict).orderBy('sort_order').orderBy('value').execute(),
    ctx.db
      .selectFrom('classes')
      .select([column(dict), (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(column(dict))
      .execute(),
  ]);
  const byValue = new Map(counts.map((c) => [String((c as Record<string, unknown>)[column(dict)]), Number(c.n)]));
  return entries.map((e) => ({ ...e, classCount: byValue.get(e.value) ?? 0 }));
}

async function hasEntry(db: Kysely<Database>, dict: SchoolDictionary, value: string): Promise<boolean> {
  return Boolean(await db.selectFrom('dict_entries').select('value').where('dict_id', '=', dict).where('value', '=', value).executeTakeFirst());
}

const VALUE = /^[\w.-]{1,40}$/u;

/** The value of the major labelled `label`, added when the school has none by that name (a sign-on's major claim). */
export async function ensureMajor(ctx: ServerContext, label: string): Promise<string> {
  const text = cleanLabel(label, '专业名称');
  const found = await ctx.db.selectFrom('dict_entries').select('value').where('dict_id', '=', 'major').where('label', '=', text).executeTakeFirst();
  return found ? found.value : (await addDictionaryEntry(ctx, 'major', { label: text })).value;
}

/** Adds an entry. Terms keep the code a school writes (2025-1); a major gets one made for it when none is given. */
export async function addDictionaryEntry(ctx: ServerContext, dict: SchoolDictionary, input: { label: string; value?: string }): Promise<DictionaryItem> {
  const what = dict === 'major' ? '专业名称' : '学期名称';
  const label = cleanLabel(input.label, what);
  const value = input.value?.trim() || newId().slice(0, 12);
  if (!VALUE.test(value)) throw badRequest('编码只能包含字母、数字和 _ . -，最多 40 个字符');
  if (await hasEntry(ctx.db, dict, value)) throw badRequest(`编码“${value}”已存在`);
  const sameLabel = await ctx.db.selectFrom('dict_entries').select('value').where('dict_id', '=', dict).where('label', '=', label).executeTakeFirst();
  if (sameLabel) throw badRequest(`“${label}”已存在`);
  const last = await ctx.db
    .selectFrom('dict_entries')
    .select((eb) => eb.fn.max('sort_order').as('m'))
    .where('dict_id', '=', dict)
    .executeTakeFirst();
  await ctx.db
    .insertInto('dict_entries')
    .values({ dict_id: dict, value, label, sort_order: Number(last?.m ?? -1) + 1 })
    .execute();
  return { value, label, classCount: 0 };
}

export async function renameDictionaryEntry(ctx: ServerContext, dict: SchoolDictionary, value: string, label: string): Promise<void> {
  if (!(await hasEntry(ctx.db, dict, value))) throw notFound('条目不存在');
  await ctx.db
    .updateTable('dict_entries')
    .set({ label: cleanLabel(label, dict === 'major' ? '专业名称' : '学期名称') })
    .where('dict_id', '=', dict)
    .where('value', '=', value)
    .execute();
}

/** Removes an entry no class names (a class still naming it would point at nothing). */
export async function removeDictionaryEntry(ctx: ServerContext, dict: SchoolDictionary, value: string): Promise<void> {
  if (!(await hasEntry(ctx.db, dict, value))) throw notFound('条目不存在');
  const used = await ctx.db
    .selectFrom('classes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(column(dict), '=', value)
    .executeTakeFirstOrThrow();
  if (Number(used.n) > 0) throw badRequest(`还有 ${Number(used.n)} 个班级在使用，请先修改这些班级`);
  await ctx.db.deleteFrom('dict_entries').where('dict_id', '=', dict).where('value', '=', value).execute();
}

export async function listClasses(ctx: ServerContext, filter: { keyword?: string; major?: string; term?: string }): Promise<AdminClass[]> {
  let query = ctx.db
    .selectFrom('classes')
    .leftJoin('class_members', 'class_members.class_id', 'classes.id')
    .select([
      'classes.id',
      'classes.name',
      'classes.major',
      'classes.term',
      'classes.created_at',
      sql<number>`sum(case when class_members.role = 'student' then 1 else 0 end)`.as('students'),
      sql<number>`sum(case when class_members.role = 'teacher' then 1 else 0 end)`.as('teachers'),
    ])
    .groupBy(['classes.id', 'classes.name', 'classes.major', 'classes.term', 'classes.created_at'])
    .orderBy('classes.name');
  if (filter.keyword?.trim()) query = query.where(containsText('classes.name', filter.keyword.trim()));
  if (filter.major !== undefined) query = query.where('classes.major', '=', filter.major);
  if (filter.term !== undefined) query = query.where('classes.term', '=', filter.term);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    major: r.major,
    term: r.term,
    studentCount: Number(r.students ?? 0),
    teacherCount: Number(r.teachers ?? 0),
    createdAt: Number(r.created_at),
  }));
}

async function checkLinks(ctx: ServerContext, input: { major?: string; term?: string }): Promise<void> {
  if (input.major && !(await hasEntry(ctx.db, 'major', input.major))) throw badRequest('所选专业不存在，请刷新后重试');
  if (input.term && !(await hasEntry(ctx.db, 'term', input.term))) throw badRequest('所选学期不存在，请刷新后重试');
}

async function checkClassName(ctx: ServerContext, name: string, exceptId?: string): Promise<string> {
  const clean = cleanLabel(name, '班级名称');
  let query = ctx.db.selectFrom('classes').select('id').where('name', '=', clean);
  if (exceptId) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw badRequest(`班级“${clean}”已存在`);
  return clean;
}

async function readClass(ctx: ServerContext, id: string): Promise<AdminClass> {
  const found = (await listClasses(ctx, {})).find((c) => c.id === id);
  if (!found) throw notFound(CLASS_NOT_FOUND);
  return found;
}

export async function createSchoolClass(ctx: ServerContext, input: { name: string; major?: string; term?: string }): Promise<AdminClass> {
  const name = await checkClassName(ctx, input.name);
  await checkLinks(ctx, input);
  const id = await addSchoolClass(ctx.db, { name, major: input.major ?? '', term: input.term ?? '' }, ctx.now());
  return readClass(ctx, id);
}

export async function updateSchoolClass(ctx: ServerContext, id: string, input: { name?: string; major?: string; term?: string }): Promise<AdminClass> {
  const existing = await ctx.db.selectFrom('classes').select('id').where('id', '=', id).executeTakeFirst();
  if (!existing) throw notFound(CLASS_NOT_FOUND);
  const name = input.name === undefined ? undefined : await checkClassName(ctx, input.name, id);
  await checkLinks(ctx, input);
  await updateClassDetails(ctx.db, id, { name, major: input.major, term: input.term });
  return readClass(ctx, id);
}

export async function removeSchoolClass(ctx: ServerContext, id: string): Promise<AdminClass> {
  const found = await readClass(ctx, id);
  await deleteClass(ctx.db, id);
  return found;
}
