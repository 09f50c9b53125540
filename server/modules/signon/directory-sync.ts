// The scheduled directory sync: every account an LDAP provider links is
// looked up again; someone gone from the directory or disabled there is
// disabled here, and roles, name and classes follow the directory.
import type { ServerContext } from '../../context.js';
import { everyOnOneInstance } from '../../coordination/index.js';
import { findUserById } from '../account/index.js';
import { ldapLookup } from './ldap.js';
import { mapIdentity } from './mapping.js';
import { listProviders, type Provider } from './providers.js';
import { disableFromSource, followSource } from './signin.js';
import { linksOf } from './store.js';

export interface SyncResult {
  checked: number;
  disabled: number;
}

export async function syncDirectory(ctx: ServerContext, provider: Provider): Promise<SyncResult> {
  const links = await linksOf(ctx.db, provider.id);
  const found = await ldapLookup(
    provider,
    links.map((l) => l.subject),
  );
  let disabled = 0;
  for (const link of links) {
    const user = await findUserById(ctx.db, link.userId);
    if (!user || user.disabledAt !== null) continue;
    const person = found.get(link.subject);
    const identity = person ? mapIdentity(person.dn, person.attributes, provider.rules) : null;
    if (!identity || !identity.active) {
      await disableFromSource(ctx, null, provider, user);
      disabled++;
    } else {
      await followSource(ctx, null, provider, user, identity);
    }
  }
  return { checked: links.length, disabled };
}

/** Syncs every LDAP provider every `everyMs`, on one instance at a time; returns the stop function. */
export function scheduleDirectorySync(ctx: ServerContext, everyMs: number, onError: (error: unknown) => void): () => void {
  return everyOnOneInstance(ctx.coordination, { name: 'signon-directory-sync', everyMs, onError }, async () => {
    for (const provider of (await listProviders(ctx)).filter((p) => p.kind === 'ldap' && p.enabled)) await syncDirectory(ctx, provider);
  });
}
