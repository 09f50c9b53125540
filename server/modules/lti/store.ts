// SQL of LTI 1.3: platforms, the tool key, launch states, contexts, resource
// links and the grade posts owed to LMS gradebooks.
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { LtiResourceLinksTable } from '../../db/tables/lti.js';
import { parseJson } from '../../db/json.js';

type Db = Kysely<Database>;

export interface Platform {
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  deploymentIds: string[];
  authLoginUrl: string;
  tokenUrl: string;
  jwksUrl: string;
  frameOrigin: string;
  enabled: boolean;
  createdAt: number;
}

export type PlatformInput = Omit<Platform, 'id' | 'createdAt'>;

function platformOf(row: Database['lti_platforms']): Platform {
  return {
    id: row.id,
    name: row.name,
    issuer: row.issuer,
    clientId: row.client_id,
    deploymentIds: parseJson<string[]>(row.deployment_ids, []),
    authLoginUrl: row.auth_login_url,
    tokenUrl: row.token_url,
    jwksUrl: row.jwks_url,
    frameOrigin: row.frame_origin,
    enabled: Number(row.enabled) === 1,
    createdAt: Number(row.created_at),
  };
}

function columnsOf(p: PlatformInput) {
  return {
    name: p.name,
    issuer: p.issuer,
    client_id: p.clientId,
    deployment_ids: JSON.stringify(p.deploymentIds),
    auth_login_url: p.authLoginUrl,
    token_url: p.tokenUrl,
    jwks_url: p.jwksUrl,
    frame_origin: p.frameOrigin,
    enabled: p.enabled ? 1 : 0,
  };
}

export async function listPlatforms(db: Db): Promise<Platform[]> {
  return (await db.selectFrom('lti_platforms').selectAll().orderBy('created_at').execute()).map(platformOf);
}

export async function findPlatform(db: Db, id: string): Promise<Platform | null> {
  const row = await db.selectFrom('lti_platforms').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? platformOf(row) : null;
}

/** The platforms of an issuer (one per client id it registered us under). */
export async function platformsOfIssuer(db: Db, issuer: string): Promise<Platform[]> {
  return (await db.selectFrom('lti_platforms').selectAll().where('issuer', '=', issuer).execute()).map(platformOf);
}

export async function insertPlatform(db: Db, id: string, p: PlatformInput, now: number): Promise<void> {
  await db
    .insertInto('lti_platforms')
    .values({ id, ...columnsOf(p), created_at: now, updated_at: now })
    .execute();
}

export async function updatePlatform(db: Db, id: string, p: PlatformInput, now: number): Promise<boolean> {
  const result = await db
    .updateTable('lti_platforms')
    .set({ ...columnsOf(p), updated_at: now })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deletePlatform(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('lti_platforms').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export interface StoredKey {
  kid: string;
  privateJwk: string;
  publicJwk: string;
}

/** The tool's keys, oldest first: the first signs, every one is published. */
export async function listKeys(db: Db): Promise<StoredKey[]> {
  const rows = await db.selectFrom('lti_keys').selectAll().orderBy('created_at').orderBy('kid').execute();
  return rows.map((r) => ({ kid: r.kid, privateJwk: r.private_jwk, publicJwk: r.public_jwk }));
}

export async function insertKey(db: Db, key: StoredKey, now: number): Promise<void> {
  await db.insertInto('lti_keys').values({ kid: key.kid, private_jwk: key.privateJwk, public_jwk: key.publicJwk, created_at: now }).execute();
}

export async function putState(db: Db, s: { id: string; platformId: string; nonce: string; expiresAt: number }, now: number): Promise<void> {
  await db.deleteFrom('lti_states').where('expires_at', '<', now).execute();
  await db.insertInto('lti_states').values({ id: s.id, platform_id: s.platformId, nonce: s.nonce, expires_at: s.expiresAt }).execute();
}

/** Reads and deletes a state: only the caller whose delete succeeded gets it (each is used once). */
export async function takeState(db: Db, id: string, now: number): Promise<{ platformId: string; nonce: string } | null> {
  const row = await db.selectFrom('lti_states').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const deleted = await db.deleteFrom('lti_states').where('id', '=', id).executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1 || Number(row.expires_at) < now) return null;
  return { platformId: row.platform_id, nonce: row.nonce };
}

export interface LtiContext {
  platformId: string;
  contextId: string;
  title: string;
  classId: string;
  membershipsUrl: string;
  lineitemsUrl: string;
  /** When its roster was last imported (0: never). */
  rosterAt: number;
}

export async function findContext(db: Db, platformId: string, contextId: string): Promise<LtiContext | null> {
  const row = await db.selectFrom('lti_contexts').selectAll().where('platform_id', '=', platformId).where('context_id', '=', contextId).executeTakeFirst();
  return row
    ? {
        platformId: row.platform_id,
        contextId: row.context_id,
        title: row.title,
        classId: row.class_id,
        membershipsUrl: row.memberships_url,
        lineitemsUrl: row.lineitems_url,
        rosterAt: Number(row.roster_at),
      }
    : null;
}

/** Keeps what a launch says of its LMS course; a service address the launch leaves out keeps the one known. */
export async function saveContext(db: Db, c: Omit<LtiContext, 'classId' | 'rosterAt'>, now: number): Promise<void> {
  await db
    .insertInto('lti_contexts')
    .values({
      platform_id: c.platformId,
      context_id: c.contextId,
      title: c.title,
      memberships_url: c.membershipsUrl,
      lineitems_url: c.lineitemsUrl,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['platform_id', 'context_id']).doUpdateSet({
        title: c.title,
        ...(c.membershipsUrl ? { memberships_url: c.membershipsUrl } : {}),
        ...(c.lineitemsUrl ? { lineitems_url: c.lineitemsUrl } : {}),
        updated_at: now,
      }),
    )
    .execute();
}

/** The class the context's roster was imported into, and when. */
export async function markRosterImported(db: Db, platformId: string, contextId: string, classId: string, now: number): Promise<void> {
  await db
    .updateTable('lti_contexts')
    .set({ class_id: classId, roster_at: now, updated_at: now })
    .where('platform_id', '=', platformId)
    .where('context_id', '=', contextId)
    .execute();
}

export type TargetKind = LtiResourceLinksTable['target_kind'];

export async function saveResourceLink(
  db: Db,
  l: { platformId: string; resourceLinkId: string; contextId: string; kind: TargetKind; targetId: string; lineitemUrl: string },
  now: number,
): Promise<void> {
  await db
    .insertInto('lti_resource_links')
    .values({
      platform_id: l.platformId,
      resource_link_id: l.resourceLinkId,
      context_id: l.contextId,
      target_kind: l.kind,
      target_id: l.targetId,
      lineitem_url: l.lineitemUrl,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['platform_id', 'resource_link_id']).doUpdateSet({
        context_id: l.contextId,
        target_kind: l.kind,
        target_id: l.targetId,
        ...(l.lineitemUrl ? { lineitem_url: l.lineitemUrl } : {}),
        updated_at: now,
      }),
    )
    .execute();
}

/** The LMS links that open this evaluation: where its scores go. */
export async function linksToEvaluation(db: Db, evaluationId: string) {
  return db
    .selectFrom('lti_resource_links')
    .select(['platform_id', 'context_id', 'lineitem_url'])
    .where('target_kind', '=', 'evaluation')
    .where('target_id', '=', evaluationId)
    .execute();
}

export interface GradePost {
  id: string;
  platformId: string;
  contextId: string;
  evaluationId: string;
  lineitemUrl: string;
  attempts: number;
}

/** Queues a post unless the same one is already waiting (a release pressed twice posts once). */
export async function queueGradePost(db: Db, p: Omit<GradePost, 'attempts'>, now: number): Promise<void> {
  const waiting = await db
    .selectFrom('lti_grade_posts')
    .select('id')
    .where('state', '=', 'pending')
    .where('platform_id', '=', p.platformId)
    .where('context_id', '=', p.contextId)
    .where('evaluation_id', '=', p.evaluationId)
    .where('lineitem_url', '=', p.lineitemUrl)
    .executeTakeFirst();
  if (waiting) {
    await db.updateTable('lti_grade_posts').set({ next_at: now, updated_at: now }).where('id', '=', waiting.id).execute();
    return;
  }
  await db
    .insertInto('lti_grade_posts')
    .values({
      id: p.id,
      platform_id: p.platformId,
      context_id: p.contextId,
      evaluation_id: p.evaluationId,
      lineitem_url: p.lineitemUrl,
      state: 'pending',
      next_at: now,
      lease_until: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/**
 * Claims up to `limit` due posts no live worker holds (a conditional UPDATE,
 * so of two instances only one gets each); a claim cut short by a crash
 * lapses after `leaseMs` and is taken over.
 */
export async function claimGradePosts(db: Db, now: number, leaseMs: number, limit = 20): Promise<GradePost[]> {
  const open = (eb: ExpressionBuilder<Database, 'lti_grade_posts'>) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]);
  const due = await db
    .selectFrom('lti_grade_posts')
    .select('id')
    .where('state', '=', 'pending')
    .where('next_at', '<=', now)
    .where(open)
    .orderBy('next_at')
    .limit(limit)
    .execute();
  if (due.length === 0) return [];
  const rows = await db
    .updateTable('lti_grade_posts')
    .set({ lease_until: now + leaseMs })
    .where(
      'id',
      'in',
      due.map((d) => d.id),
    )
    .where('state', '=', 'pending')
    .where(open)
    .returning(['id', 'platform_id', 'context_id', 'evaluation_id', 'lineitem_url', 'attempts'])
    .execute();
  return rows.map((r) => ({
    id: r.id,
    platformId: r.platform_id,
    contextId: r.context_id,
    evaluationId: r.evaluation_id,
    lineitemUrl: r.lineitem_url,
    attempts: Number(r.attempts),
  }));
}

export async function finishGradePost(db: Db, id: string, posted: number, lineitemUrl: string, now: number): Promise<void> {
  await db
    .updateTable('lti_grade_posts')
    .set({ state: 'done', posted, lineitem_url: lineitemUrl, last_error: '', lease_until: null, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function retryGradePost(db: Db, id: string, attempts: number, error: string, nextAt: number, now: number): Promise<void> {
  await db
    .updateTable('lti_grade_posts')
    .set({ attempts, last_error: error.slice(0, 500), next_at: nextAt, lease_until: null, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function gradePostsOf(db: Db, evaluationId: string) {
  return db.selectFrom('lti_grade_posts').selectAll().where('evaluation_id', '=', evaluationId).orderBy('created_at').execute();
}
