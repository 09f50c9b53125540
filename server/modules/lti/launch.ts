// Checking a launch: the state is ours and used once, the id_token is signed
// by the platform's key (its JWKS), issued by it for us (iss, aud, azp), not
// expired, carries the nonce we gave, one of the platform's deployments and a
// message type we handle. What it says is read into a Launch.
import type { JWTPayload } from 'jose';
import type { ServerContext } from '../../context.js';
import type { ClientType } from '../../db/schema.js';
import { sha256Hex } from '../../sha256-hex.js';
import { verifyPlatformJwt } from './platform-keys.js';
import { findPlatform, takeState, type Platform, type TargetKind } from './store.js';

const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';
export const CLAIM = {
  messageType: `${LTI}message_type`,
  version: `${LTI}version`,
  deploymentId: `${LTI}deployment_id`,
  roles: `${LTI}roles`,
  context: `${LTI}context`,
  resourceLink: `${LTI}resource_link`,
  targetLinkUri: `${LTI}target_link_uri`,
  custom: `${LTI}custom`,
  nrps: 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice',
  ags: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
  deepLinking: 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings',
} as const;

export const RESOURCE_LINK = 'LtiResourceLinkRequest';
export const DEEP_LINKING = 'LtiDeepLinkingRequest';

/** The custom parameter a Zhixue link carries: `course:<id>`, `assistant:<id>` or `evaluation:<id>`. */
export const TARGET_PARAMETER = 'zhixue_target';
const TARGET_KINDS: readonly TargetKind[] = ['course', 'assistant', 'evaluation'];

/** Why a launch was refused (logged; the person sees one message), and the platform when it is known (its frame shows the message). */
export class LaunchRefused extends Error {
  constructor(
    message: string,
    readonly platform: Platform | null = null,
  ) {
    super(message);
  }
}

export interface Target {
  kind: TargetKind;
  id: string;
}

export interface Launch {
  platform: Platform;
  messageType: typeof RESOURCE_LINK | typeof DEEP_LINKING;
  deploymentId: string;
  subject: string;
  name: string;
  email: string;
  /** Client types the LMS roles give: Instructor → teacher side, Learner → student side. */
  clientTypes: ClientType[];
  context: { id: string; title: string } | null;
  resourceLinkId: string;
  target: Target | null;
  membershipsUrl: string;
  lineitemsUrl: string;
  lineitemUrl: string;
  deepLinking: { returnUrl: string; data: string } | null;
}

const TEACHING_ROLES = ['Instructor', 'TeachingAssistant', 'ContentDeveloper', 'Mentor'];

/** LIS role URIs (membership or institution, full or short) → client types; a sub-role counts as its role. */
export function clientTypesOfRoles(roles: unknown): ClientType[] {
  const names = (Array.isArray(roles) ? roles : []).filter((r): r is string => typeof r === 'string').map((r) => r.split(/[#/]/u).at(-1) ?? '');
  const types: ClientType[] = [];
  if (names.some((n) => TEACHING_ROLES.includes(n))) types.push('1');
  if (names.includes('Learner') || names.includes('Student')) types.push('3');
  return types;
}

const text = (value: unknown, max = 2048): string => (typeof value === 'string' ? value.slice(0, max) : '');
const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** An http(s) address (a deep linking return URL is put in a form's action). */
function webAddress(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

export function parseTarget(value: string): Target | null {
  const [kind, id] = value.split(':', 2);
  if (!kind || !id || !TARGET_KINDS.includes(kind as TargetKind) || !/^[A-Za-z0-9_-]{1,64}$/u.test(id)) return null;
  return { kind: kind as TargetKind, id };
}

/** The Zhixue element a link opens: its custom parameter, else `?target=` on its target link URI. */
function targetOf(claims: JWTPayload): Target | null {
  const custom = text(record(claims[CLAIM.custom])[TARGET_PARAMETER], 200);
  if (custom) return parseTarget(custom);
  try {
    return parseTarget(new URL(text(claims[CLAIM.targetLinkUri])).searchParams.get('target') ?? '');
  } catch {
    return null;
  }
}

export async function verifyLaunch(ctx: ServerContext, idToken: string, state: string): Promise<Launch> {
  const kept = await takeState(ctx.db, sha256Hex(state), ctx.now());
  if (!kept) throw new LaunchRefused('unknown or used state');
  const platform = await findPlatform(ctx.db, kept.platformId);
  if (!platform?.enabled) throw new LaunchRefused('platform gone or turned off');
  const claims = await verifyPlatformJwt(idToken, platform.jwksUrl, { issuer: platform.issuer, audience: platform.clientId }).catch((error: Error) => {
    throw new LaunchRefused(`id_token refused: ${error.message}`, platform);
  });
  if (Array.isArray(claims.aud) && claims.aud.length > 1 && claims.azp !== platform.clientId) throw new LaunchRefused('azp is not our client id', platform);
  if (claims.nonce !== kept.nonce) throw new LaunchRefused('nonce does not match', platform);
  if (claims[CLAIM.version] !== '1.3.0') throw new LaunchRefused('not an LTI 1.3.0 message', platform);
  const deploymentId = text(claims[CLAIM.deploymentId], 255);
  if (!platform.deploymentIds.includes(deploymentId)) throw new LaunchRefused('unknown deployment id', platform);
  const messageType = claims[CLAIM.messageType];
  if (messageType !== RESOURCE_LINK && messageType !== DEEP_LINKING) throw new LaunchRefused('unsupported message type', platform);
  const subject = text(claims.sub, 255);
  if (!subject) throw new LaunchRefused('anonymous launch', platform);
  const context = record(claims[CLAIM.context]);
  const ags = record(claims[CLAIM.ags]);
  const settings = record(claims[CLAIM.deepLinking]);
  if (messageType === DEEP_LINKING && !webAddress(text(settings.deep_link_return_url)))
    throw new LaunchRefused('deep linking without an http(s) return URL', platform);
  return {
    platform,
    messageType,
    deploymentId,
    subject,
    name: text(claims.name, 100) || [text(claims.given_name, 50), text(claims.family_name, 50)].filter(Boolean).join(' '),
    email: text(claims.email, 200),
    clientTypes: clientTypesOfRoles(claims[CLAIM.roles]),
    context: text(context.id, 255) ? { id: text(context.id, 255), title: text(context.title, 200) || text(context.label, 200) } : null,
    resourceLinkId: text(record(claims[CLAIM.resourceLink]).id, 255),
    target: targetOf(claims),
    membershipsUrl: text(record(claims[CLAIM.nrps]).context_memberships_url),
    lineitemsUrl: text(ags.lineitems),
    lineitemUrl: text(ags.lineitem),
    deepLinking: messageType === DEEP_LINKING ? { returnUrl: text(settings.deep_link_return_url), data: text(settings.data, 4096) } : null,
  };
}
