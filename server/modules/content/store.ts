// SQL for site content: the school's site settings, dictionaries, agreements.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface SiteSettings {
  siteTitle: string;
  siteLogo: string;
  textLogo: string;
  /** Shown on the login page under the form; '' for none. */
  loginNotice: string;
}

export interface DictEntry {
  label: string;
  value: string;
}

export interface Agreement {
  id: string;
  title: string;
  content: string;
  updatedAt: number;
}

export async function findSiteSettings(db: Kysely<Database>): Promise<SiteSettings | null> {
  const row = await db.selectFrom('schools').select(['site_title', 'site_logo', 'text_logo', 'login_notice']).orderBy('created_at').limit(1).executeTakeFirst();
  return row ? { siteTitle: row.site_title, siteLogo: row.site_logo, textLogo: row.text_logo, loginNotice: row.login_notice } : null;
}

export async function findDictEntries(db: Kysely<Database>, dictId: string): Promise<DictEntry[]> {
  return db.selectFrom('dict_entries').select(['label', 'value']).where('dict_id', '=', dictId).orderBy('sort_order').orderBy('value').execute();
}

export async function findAgreement(db: Kysely<Database>, id: string): Promise<Agreement | null> {
  const row = await db.selectFrom('agreements').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? { id: row.id, title: row.title, content: row.content, updatedAt: Number(row.updated_at) } : null;
}
