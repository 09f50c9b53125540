// SQL for the model providers and model settings a manager configures.
import type { Kysely } from 'kysely';
import type { ClientType, Database } from '../../db/schema.js';
import { newId } from '../../db/ids.js';
import { parseJson } from '../../db/json.js';

export interface StoredModel {
  name: string;
  label?: string;
  versions: string[];
  vision: boolean;
  contextTokens: number;
}

export interface ProviderRecord {
  id: string;
  name: string;
  baseUrl: string;
  /** As stored (sealed); only the service opens it, and never hands it out. */
  sealedKey: string;
  models: StoredModel[];
  timeoutSeconds: number;
  enabled: boolean;
  createdAt: number;
  updatedAt: number;
}

export async function listProviders(db: Kysely<Database>): Promise<ProviderRecord[]> {
  const rows = await db.selectFrom('model_providers').selectAll().orderBy('created_at').execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    baseUrl: r.base_url,
    sealedKey: r.api_key,
    models: parseJson<StoredModel[]>(r.models, []),
    timeoutSeconds: Number(r.timeout_seconds),
    enabled: Number(r.enabled) === 1,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  }));
}

export async function insertProvider(db: Kysely<Database>, p: ProviderRecord): Promise<void> {
  await db
    .insertInto('model_providers')
    .values({
      id: p.id,
      name: p.name,
      base_url: p.baseUrl,
      api_key: p.sealedKey,
      models: JSON.stringify(p.models),
      timeout_seconds: p.timeoutSeconds,
      enabled: p.enabled ? 1 : 0,
      created_at: p.createdAt,
      updated_at: p.updatedAt,
    })
    .execute();
}

export async function updateProviderRow(db: Kysely<Database>, p: ProviderRecord): Promise<void> {
  await db
    .updateTable('model_providers')
    .set({
      name: p.name,
      base_url: p.baseUrl,
      api_key: p.sealedKey,
      models: JSON.stringify(p.models),
      timeout_seconds: p.timeoutSeconds,
      enabled: p.enabled ? 1 : 0,
      updated_at: p.updatedAt,
    })
    .where('id', '=', p.id)
    .execute();
}

export async function deleteProviderRow(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('model_providers').where('id', '=', id).execute();
}

export interface ModelSettings {
  defaultModel: string | null;
  access: Record<string, ClientType[]>;
  /** A new value on every change, so other instances notice and reload. */
  revision: string;
}

const KEYS = { defaultModel: 'models.default', access: 'models.access', revision: 'models.revision' } as const;

export async function readModelSettings(db: Kysely<Database>): Promise<ModelSettings> {
  const rows = await db.selectFrom('admin_settings').select(['key', 'value']).where('key', 'in', Object.values(KEYS)).execute();
  const value = (key: string) => rows.find((r) => r.key === key)?.value;
  return {
    defaultModel: parseJson<string | null>(value(KEYS.defaultModel) ?? 'null', null),
    access: parseJson<Record<string, ClientType[]>>(value(KEYS.access) ?? '{}', {}),
    revision: value(KEYS.revision) ?? '',
  };
}

export async function readModelsRevision(db: Kysely<Database>): Promise<string> {
  const row = await db.selectFrom('admin_settings').select('value').where('key', '=', KEYS.revision).executeTakeFirst();
  return row?.value ?? '';
}

async function putSetting(db: Kysely<Database>, key: string, value: string, now: number): Promise<void> {
  await db
    .insertInto('admin_settings')
    .values({ key, value, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
    .execute();
}

export async function writeModelSettings(
  db: Kysely<Database>,
  changes: { defaultModel?: string | null; access?: Record<string, ClientType[]> },
  now: number,
): Promise<void> {
  if (changes.defaultModel !== undefined) await putSetting(db, KEYS.defaultModel, JSON.stringify(changes.defaultModel), now);
  if (changes.access !== undefined) await putSetting(db, KEYS.access, JSON.stringify(changes.access), now);
}

/** Marks the models changed (a fresh random revision, so two writers never agree by accident). */
export async function bumpModelsRevision(db: Kysely<Database>, now: number): Promise<string> {
  const next = newId();
  await putSetting(db, KEYS.revision, next, now);
  return next;
}
