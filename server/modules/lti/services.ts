// Calls to a platform's LTI Advantage services, all through the guarded
// client: an access token by the client credentials grant with a JWT
// assertion signed by the tool's key, the names and roles roster (followed
// page by page), and the gradebook's line items and scores.
import type { ServerContext } from '../../context.js';
import { guardedFetch } from '../../net/guarded-fetch.js';
import { signToolJwt } from './keys.js';
import type { Platform } from './store.js';

export const SCOPES = {
  roster: 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
  lineitem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
} as const;

const TIMEOUT_MS = 15_000;
const tokens = new Map<string, { token: string; until: number }>();

/** A refused or failed call, with what the platform answered (no token in it). */
export class ServiceError extends Error {}

async function expectOk(res: Response, what: string): Promise<Response> {
  if (!res.ok) throw new ServiceError(`${what} answered ${res.status}`);
  return res;
}

export async function accessToken(ctx: ServerContext, platform: Platform, scopes: string[]): Promise<string> {
  const key = `${platform.id}\n${platform.tokenUrl}\n${scopes.join(' ')}`;
  const kept = tokens.get(key);
  if (kept && kept.until > Date.now()) return kept.token;
  const assertion = await signToolJwt(ctx, { iss: platform.clientId, sub: platform.clientId, aud: platform.tokenUrl }, 300);
  const body = new URLSearchParams({
    grant_type: 'client_credentials',
    client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
    client_assertion: assertion,
    scope: scopes.join(' '),
  });
  const res = await expectOk(
    await guardedFetch(platform.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: body.toString(),
      timeoutMs: TIMEOUT_MS,
    }),
    'the token endpoint',
  );
  const json = (await res.json()) as { access_token?: unknown; expires_in?: unknown };
  if (typeof json.access_token !== 'string') throw new ServiceError('the token endpoint gave no access token');
  const seconds = typeof json.expires_in === 'number' ? json.expires_in : 3600;
  tokens.set(key, { token: json.access_token, until: Date.now() + Math.max(0, seconds - 60) * 1000 });
  return json.access_token;
}

export interface RosterMember {
  userId: string;
  name: string;
  email: string;
  roles: string[];
  active: boolean;
}

function nextPage(link: string | null): string | null {
  const match = link
    ?.split(',')
    .find((part) => /rel="?next"?/u.test(part))
    ?.match(/<([^>]+)>/u);
  return match?.[1] ?? null;
}

/** The context's members, every page of them. */
export async function readRoster(ctx: ServerContext, platform: Platform, membershipsUrl: string): Promise<RosterMember[]> {
  const token = await accessToken(ctx, platform, [SCOPES.roster]);
  const members: RosterMember[] = [];
  let url: string | null = membershipsUrl;
  for (let page = 0; url && page < 100; page++) {
    const res = await expectOk(
      await guardedFetch(url, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json' },
        timeoutMs: TIMEOUT_MS,
      }),
      'the names and roles service',
    );
    const json = (await res.json()) as { members?: Array<Record<string, unknown>> };
    for (const m of json.members ?? []) {
      if (typeof m.user_id !== 'string' || !m.user_id) continue;
      members.push({
        userId: m.user_id,
        name: typeof m.name === 'string' ? m.name : [m.given_name, m.family_name].filter((v) => typeof v === 'string').join(' '),
        email: typeof m.email === 'string' ? m.email : '',
        roles: Array.isArray(m.roles) ? m.roles.filter((r): r is string => typeof r === 'string') : [],
        active: m.status === undefined || m.status === 'Active',
      });
    }
    url = nextPage(res.headers.get('link'));
  }
  return members;
}

/** The line item of this evaluation in the context's gradebook: found by its resource id, else made. */
export async function ensureLineItem(
  ctx: ServerContext,
  platform: Platform,
  lineitemsUrl: string,
  item: { resourceId: string; label: string; scoreMaximum: number },
): Promise<string> {
  const token = await accessToken(ctx, platform, [SCOPES.lineitem, SCOPES.score]);
  const search = new URL(lineitemsUrl);
  search.searchParams.set('resource_id', item.resourceId);
  const listed = await expectOk(
    await guardedFetch(search, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/vnd.ims.lis.v2.lineitemcontainer+json' },
      timeoutMs: TIMEOUT_MS,
    }),
    'the line items service',
  );
  const found = ((await listed.json()) as Array<{ id?: unknown; resourceId?: unknown }>).find((l) => l.resourceId === item.resourceId);
  if (typeof found?.id === 'string') return found.id;
  const made = await expectOk(
    await guardedFetch(lineitemsUrl, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/vnd.ims.lis.v2.lineitem+json',
        accept: 'application/vnd.ims.lis.v2.lineitem+json',
      },
      body: JSON.stringify({ ...item, tag: 'zhixue' }),
      timeoutMs: TIMEOUT_MS,
    }),
    'making a line item',
  );
  const id = ((await made.json()) as { id?: unknown }).id;
  if (typeof id !== 'string') throw new ServiceError('the platform made a line item without an id');
  return id;
}

/** `<lineitem>/scores`, keeping the line item's own query. */
export function scoresUrl(lineitemUrl: string): string {
  const url = new URL(lineitemUrl);
  url.pathname = `${url.pathname.replace(/\/+$/u, '')}/scores`;
  return url.toString();
}

export interface Score {
  userId: string;
  scoreGiven: number;
  scoreMaximum: number;
  graded: boolean;
  timestamp: string;
}

export async function postScore(ctx: ServerContext, platform: Platform, lineitemUrl: string, score: Score): Promise<void> {
  const token = await accessToken(ctx, platform, [SCOPES.lineitem, SCOPES.score]);
  await expectOk(
    await guardedFetch(scoresUrl(lineitemUrl), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/vnd.ims.lis.v1.score+json' },
      body: JSON.stringify({
        userId: score.userId,
        scoreGiven: score.scoreGiven,
        scoreMaximum: score.scoreMaximum,
        activityProgress: 'Completed',
        gradingProgress: score.graded ? 'FullyGraded' : 'PendingManual',
        timestamp: score.timestamp,
      }),
      timeoutMs: TIMEOUT_MS,
    }),
    'the score service',
  );
}
