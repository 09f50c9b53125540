// Who an LMS person is here: the account linked to their LMS user id (`sub`)
// in sign-on's identity links, else a new one; never an existing account by a
// coincidence of names or e-mail. Signing in and account records go through
// sign-on, so an LTI launch is a sign-in like any other. The client types
// only grow: a teacher who is a learner in another LMS course keeps both sides.
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import type { ClientType } from '../../db/schema.js';
import { findUserById, type UserRecord } from '../account/index.js';
import { DEFAULT_RULES, ensureIdentity, findLink, signInIdentity, type MappedIdentity, type SignonSource } from '../signon/index.js';
import type { Platform } from './store.js';

/** The sign-on source of a platform: its links are `lti-<platform id>` in identity_links. */
export function sourceOf(platform: Platform): SignonSource {
  return { id: `lti-${platform.id}`, name: platform.name, rules: { ...DEFAULT_RULES, linkBy: 'none', classClaim: '' } };
}

export interface LmsPerson {
  subject: string;
  name: string;
  email: string;
  clientTypes: ClientType[];
}

async function identityOf(ctx: ServerContext, source: SignonSource, person: LmsPerson): Promise<MappedIdentity> {
  const link = await findLink(ctx.db, source.id, person.subject);
  const linked = link ? await findUserById(ctx.db, link.userId) : null;
  const clientTypes = [...new Set([...(linked?.clientTypes ?? []), ...person.clientTypes])].sort();
  return { subject: person.subject, username: '', name: person.name, email: person.email, number: '', clientTypes, classes: [], major: '', active: true };
}

/** Signs the person of a launch in (recorded as a sign-in); throws sign-on's SignonRefused. */
export async function signInLmsPerson(ctx: ServerContext, request: FastifyRequest, platform: Platform, person: LmsPerson): Promise<UserRecord> {
  const source = sourceOf(platform);
  return signInIdentity(ctx, request, source, await identityOf(ctx, source, person));
}

/** The account of a roster member, found or made, nobody signed in; throws sign-on's SignonRefused. */
export async function ensureLmsPerson(ctx: ServerContext, request: FastifyRequest | null, platform: Platform, person: LmsPerson): Promise<UserRecord> {
  const source = sourceOf(platform);
  return ensureIdentity(ctx, request, source, await identityOf(ctx, source, person));
}
