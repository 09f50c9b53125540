// SQL for assistants, their publications and favourites, and gallery
// categories. Rows map to camelCase records here; JSON columns are parsed here.
import { sql, type Kysely, type Selectable } from 'kysely';
import { containsText } from '../../db/contains.js';
import type { Database } from '../../db/schema.js';
import type { AssistantKind, AssistantsTable, AssistantTypeMode, PublicationScope } from '../../db/tables/assistants.js';
import type { FormField } from '../../../shared/form-rules.js';
import { displayName } from '../account/index.js';
import { TEACHER_ONLY_ASSISTANT_IDS } from './teacher-only.js';
import { parseList } from '../../db/json.js';

type Db = Kysely<Database>;

export interface AssistantRecord {
  id: string;
  ownerId: string | null;
  typeMode: AssistantTypeMode;
  kind: AssistantKind;
  typeId: string | null;
  title: string;
  description: string;
  avatar: string;
  systemMessage: string;
  model: string | null;
  modelVersion: string | null;
  temperature: number;
  topP: number;
  openingMessage: string;
  starterQuestions: string[];
  datasetIds: string[];
  formFields: FormField[];
  promptTemplate: string;
  sortOrder: number;
  createdAt: number;
  updatedAt: number;
}

export interface Publication {
  scope: PublicationScope;
  courseId: string | null;
}

function toAssistant(row: Selectable<AssistantsTable>): AssistantRecord {
  return {
    id: row.id,
    ownerId: row.owner_id,
    typeMode: row.type_mode,
    kind: row.kind,
    typeId: row.type_id,
    title: row.title,
    description: row.description,
    avatar: row.avatar,
    systemMessage: row.system_message,
    model: row.model,
    modelVersion: row.model_version,
    temperature: Number(row.temperature),
    topP: Number(row.top_p),
    openingMessage: row.opening_message,
    starterQuestions: parseList<string>(row.starter_questions),
    datasetIds: parseList<string>(row.dataset_ids),
    formFields: parseList<FormField>(row.form_fields),
    promptTemplate: row.prompt_template,
    sortOrder: Number(row.sort_order),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

function toRow(a: AssistantRecord): AssistantsTable {
  return {
    id: a.id,
    owner_id: a.ownerId,
    type_mode: a.typeMode,
    kind: a.kind,
    type_id: a.typeId,
    title: a.title,
    description: a.description,
    avatar: a.avatar,
    system_message: a.systemMessage,
    model: a.model,
    model_version: a.modelVersion,
    temperature: a.temperature,
    top_p: a.topP,
    opening_message: a.openingMessage,
    starter_questions: JSON.stringify(a.starterQuestions),
    dataset_ids: JSON.stringify(a.datasetIds),
    form_fields: JSON.stringify(a.formFields),
    prompt_template: a.promptTemplate,
    sort_order: a.sortOrder,
    created_at: a.createdAt,
    updated_at: a.updatedAt,
  };
}

export async function findAssistantRow(db: Db, id: string): Promise<AssistantRecord | null> {
  const row = await db.selectFrom('assistants').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toAssistant(row) : null;
}

/** Who is asking: their id and the courses they belong to (for course publications). */
export interface Viewer {
  userId: string;
  courseIds: readonly string[];
  /** False in a student session: the seeded teaching tools are not theirs (TEACHER_ONLY_ASSISTANT_IDS). */
  teachingTools: boolean;
}

export interface AssistantFilter {
  kinds?: readonly AssistantKind[];
  typeId?: string;
  typeMode?: AssistantTypeMode;
  title?: string;
  ids?: readonly string[];
  /** Only the viewer's own assistants. */
  ownOnly?: boolean;
  /** Only those the whole school may see: system ones and those published to the school (not the viewer's own drafts or course-only ones). */
  schoolWide?: boolean;
}

/**
 * Assistants the viewer may use: system ones, their own, and those published
 * to the school or to one of their courses. System first (in seeded order),
 * then the newest.
 */
export async function listUsableAssistants(db: Db, viewer: Viewer, filter: AssistantFilter = {}): Promise<AssistantRecord[]> {
  if (filter.ids && filter.ids.length === 0) return [];
  let query = db.selectFrom('assistants').selectAll();
  if (filter.ownOnly) {
    query = query.where('owner_id', '=', viewer.userId);
  } else {
    query = query.where((eb) => {
      const published = eb
        .selectFrom('assistant_publications as p')
        .select('p.assistant_id')
        .whereRef('p.assistant_id', '=', 'assistants.id')
        .where((inner) =>
          inner.or([
            inner('p.scope', '=', 'school'),
            ...(viewer.courseIds.length && !filter.schoolWide
              ? [inner.and([inner('p.scope', '=', 'course'), inner('p.course_id', 'in', [...viewer.courseIds])])]
              : []),
          ]),
        );
      if (filter.schoolWide) return eb.or([eb('type_mode', '=', 'sys'), eb.exists(published)]);
      return eb.or([eb('type_mode', '=', 'sys'), eb('owner_id', '=', viewer.userId), eb.exists(published)]);
    });
  }
  if (!viewer.teachingTools) query = query.where('id', 'not in', [...TEACHER_ONLY_ASSISTANT_IDS]);
  if (filter.kinds?.length) query = query.where('kind', 'in', [...filter.kinds]);
  if (filter.typeId) query = query.where('type_id', '=', filter.typeId);
  if (filter.typeMode) query = query.where('type_mode', '=', filter.typeMode);
  if (filter.ids) query = query.where('id', 'in', [...filter.ids]);
  if (filter.title) {
    const text = filter.title;
    query = query.where((eb) => eb.or([containsText('title', text), containsText('description', text)]));
  }
  const rows = await query
    .orderBy(sql`case when type_mode = 'sys' then 0 else 1 end`)
    .orderBy('sort_order')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toAssistant);
}

export async function insertAssistant(db: Db, assistant: AssistantRecord): Promise<void> {
  await db.insertInto('assistants').values(toRow(assistant)).execute();
}

export async function updateAssistantRow(db: Db, assistant: AssistantRecord): Promise<void> {
  const { id, created_at: _created, ...rest } = toRow(assistant);
  await db.updateTable('assistants').set(rest).where('id', '=', id).execute();
}

export async function deleteAssistantRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom('assistants').where('id', '=', id).execute();
}

export async function listPublications(db: Db, assistantIds: readonly string[]): Promise<Map<string, Publication[]>> {
  const result = new Map<string, Publication[]>();
  if (assistantIds.length === 0) return result;
  const rows = await db
    .selectFrom('assistant_publications')
    .select(['assistant_id', 'scope', 'course_id'])
    .where('assistant_id', 'in', [...assistantIds])
    .orderBy('created_at')
    .execute();
  for (const row of rows) {
    const list = result.get(row.assistant_id) ?? [];
    list.push({ scope: row.scope, courseId: row.course_id || null });
    result.set(row.assistant_id, list);
  }
  return result;
}

export async function replacePublications(db: Db, assistantId: string, publications: readonly Publication[], now: number): Promise<void> {
  await db.deleteFrom('assistant_publications').where('assistant_id', '=', assistantId).execute();
  if (publications.length === 0) return;
  await db
    .insertInto('assistant_publications')
    .values(publications.map((p) => ({ assistant_id: assistantId, scope: p.scope, course_id: p.courseId ?? '', created_at: now })))
    .execute();
}

export async function favoriteIds(db: Db, userId: string): Promise<Map<string, number>> {
  const rows = await db.selectFrom('assistant_favorites').select(['assistant_id', 'created_at']).where('user_id', '=', userId).execute();
  return new Map(rows.map((r) => [r.assistant_id, Number(r.created_at)]));
}

export async function addFavorite(db: Db, userId: string, assistantId: string, now: number): Promise<void> {
  await db
    .insertInto('assistant_favorites')
    .values({ user_id: userId, assistant_id: assistantId, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'assistant_id']).doNothing())
    .execute();
}

export async function removeFavorite(db: Db, userId: string, assistantId: string): Promise<void> {
  await db.deleteFrom('assistant_favorites').where('user_id', '=', userId).where('assistant_id', '=', assistantId).execute();
}

/** When the user last chatted with each assistant (their assistant chats are the record of use). */
export async function lastUsed(db: Db, userId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('chats')
    .select(['assistant_id', (eb) => eb.fn.max('updated_at').as('used')])
    .where('user_id', '=', userId)
    .where('assistant_id', 'is not', null)
    .groupBy('assistant_id')
    .execute();
  return new Map(rows.map((r) => [r.assistant_id!, Number(r.used)]));
}

export interface AssistantTypeRecord {
  id: string;
  typeMode: string;
  name: string;
  icon: string;
}

export async function listTypes(db: Db, typeMode: string): Promise<AssistantTypeRecord[]> {
  const rows = await db.selectFrom('assistant_types').selectAll().where('type_mode', '=', typeMode).orderBy('sort_order').execute();
  return rows.map((r) => ({ id: r.id, typeMode: r.type_mode, name: r.name, icon: r.icon }));
}

export async function findType(db: Db, id: string): Promise<AssistantTypeRecord | null> {
  const row = await db.selectFrom('assistant_types').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? { id: row.id, typeMode: row.type_mode, name: row.name, icon: row.icon } : null;
}

/** Display names of owners, for "by 王老师" on cards. */
export async function ownerNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'nickname', 'name'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, displayName(r)]));
}
