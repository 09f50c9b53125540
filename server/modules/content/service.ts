// Public content the shell needs before anyone signs in.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { DEFAULT_SITE } from '../../db/seed-content.js';
import { findAgreement, findDictEntries, findSiteSettings, type Agreement, type DictEntry, type SiteSettings } from './store.js';

/** Site settings, or the product defaults when no school is set up yet. */
export async function homeConfig(db: Kysely<Database>): Promise<{ baseInfo: SiteSettings }> {
  return { baseInfo: (await findSiteSettings(db)) ?? { ...DEFAULT_SITE, loginNotice: '' } };
}

export async function dictionary(db: Kysely<Database>, dictId: string): Promise<DictEntry[]> {
  const entries = await findDictEntries(db, dictId);
  if (entries.length === 0) throw notFound(`字典 ${dictId} 不存在`);
  return entries;
}

export async function agreement(db: Kysely<Database>, id: string): Promise<Agreement> {
  const found = await findAgreement(db, id);
  if (!found) throw notFound('协议不存在');
  return found;
}
