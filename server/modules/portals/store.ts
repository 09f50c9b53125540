// SQL of the portal pages: one row per configured portal (slug).
import type { Kysely } from 'kysely';
import { parseIdList, parseJson } from '../../db/json.js';
import type { Database } from '../../db/schema.js';
import type { PortalSlug } from '../../db/tables/embed.js';

export interface PortalLink {
  title: string;
  url: string;
}

export interface PortalRecord {
  slug: PortalSlug;
  title: string;
  subtitle: string;
  banner: string;
  assistantIds: string[];
  courseIds: string[];
  links: PortalLink[];
  embedKeyId: string | null;
  updatedBy: string | null;
  updatedAt: number;
}

type Db = Kysely<Database>;

export async function findPortal(db: Db, slug: PortalSlug): Promise<PortalRecord | null> {
  const row = await db.selectFrom('portals').selectAll().where('slug', '=', slug).executeTakeFirst();
  if (!row) return null;
  const links = parseJson<unknown>(row.links, []);
  return {
    slug: row.slug,
    title: row.title,
    subtitle: row.subtitle,
    banner: row.banner,
    assistantIds: parseIdList(row.assistant_ids),
    courseIds: parseIdList(row.course_ids),
    links: Array.isArray(links) ? (links as PortalLink[]).filter((l) => typeof l?.title === 'string' && typeof l?.url === 'string') : [],
    embedKeyId: row.embed_key_id,
    updatedBy: row.updated_by,
    updatedAt: Number(row.updated_at),
  };
}

export async function savePortal(db: Db, p: PortalRecord): Promise<void> {
  const values = {
    title: p.title,
    subtitle: p.subtitle,
    banner: p.banner,
    assistant_ids: JSON.stringify(p.assistantIds),
    course_ids: JSON.stringify(p.courseIds),
    links: JSON.stringify(p.links),
    embed_key_id: p.embedKeyId,
    updated_by: p.updatedBy,
    updated_at: p.updatedAt,
  };
  await db
    .insertInto('portals')
    .values({ slug: p.slug, ...values })
    .onConflict((oc) => oc.column('slug').doUpdateSet(values))
    .execute();
}

/** Published courses by id, as a public page may show them. */
export async function publishedCourses(
  db: Db,
  ids: string[],
): Promise<Array<{ id: string; title: string; description: string; cover: string; category: string }>> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('courses')
    .select(['id', 'title', 'description', 'cover', 'category'])
    .where('id', 'in', ids)
    .where('status', '=', 'published')
    .execute();
}

/** Which of these assistants anyone may see: system ones and those published to the whole school. */
export async function publicAssistantIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('assistants')
    .leftJoin('assistant_publications', (join) =>
      join.onRef('assistant_publications.assistant_id', '=', 'assistants.id').on('assistant_publications.scope', '=', 'school'),
    )
    .select(['assistants.id', 'assistants.type_mode', 'assistant_publications.scope'])
    .where('assistants.id', 'in', ids)
    .where('assistants.kind', '!=', 'form')
    .execute();
  return new Set(rows.filter((r) => r.type_mode === 'sys' || r.scope === 'school').map((r) => r.id));
}
