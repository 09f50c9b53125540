// LDAP / Active Directory through ldapts: password sign-in by binding as the
// person (found by a search under the service account), and the sync that
// asks the directory about every linked account. ldapts loads at first use:
// most schools sign in without a directory (startup-imports.test.ts).
import type { Client } from 'ldapts';
import type { Provider } from './providers.js';

const TIMEOUT_MS = 10_000;

export interface LdapPerson {
  dn: string;
  attributes: Record<string, string | string[]>;
}

async function clientFor(provider: Provider): Promise<Client> {
  const { Client } = await import('ldapts');
  return new Client({ url: provider.settings.issuer, timeout: TIMEOUT_MS, connectTimeout: TIMEOUT_MS });
}

function attributesOf(entry: Record<string, unknown>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(entry)) {
    if (name === 'dn') continue;
    const list = (Array.isArray(value) ? value : [value]).map((v) => (Buffer.isBuffer(v) ? v.toString('utf8') : String(v)));
    out[name] = list.length === 1 ? list[0]! : list;
  }
  return out;
}

async function withServiceBind<T>(provider: Provider, work: (client: Client) => Promise<T>): Promise<T> {
  const client = await clientFor(provider);
  try {
    if (provider.settings.bindDn) await client.bind(provider.settings.bindDn, provider.secret);
    return await work(client);
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

async function findPerson(client: Client, provider: Provider, attribute: string, value: string): Promise<LdapPerson | null> {
  const { EqualityFilter } = await import('ldapts');
  const filter = new EqualityFilter({ attribute, value }).toString();
  const { searchEntries } = await client.search(provider.settings.baseDn ?? '', { scope: 'sub', filter, sizeLimit: 2 });
  if (searchEntries.length !== 1) return null;
  return { dn: searchEntries[0]!.dn, attributes: attributesOf(searchEntries[0]!) };
}

/** The person whose username and password the directory accepts, or null. */
export async function ldapSignIn(provider: Provider, username: string, password: string): Promise<LdapPerson | null> {
  // An empty password would be an anonymous bind, which "succeeds" on many directories.
  if (!password) return null;
  const person = await withServiceBind(provider, (client) => findPerson(client, provider, provider.settings.userAttribute || 'uid', username));
  if (!person) return null;
  const client = await clientFor(provider);
  try {
    await client.bind(person.dn, password);
    return person;
  } catch {
    return null;
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

/** The directory's entries for these DNs now: absent ones are gone from the directory. */
export async function ldapLookup(provider: Provider, dns: string[]): Promise<Map<string, LdapPerson>> {
  return withServiceBind(provider, async (client) => {
    const found = new Map<string, LdapPerson>();
    for (const dn of dns) {
      try {
        const { searchEntries } = await client.search(dn, { scope: 'base', filter: '(objectClass=*)' });
        if (searchEntries[0]) found.set(dn, { dn, attributes: attributesOf(searchEntries[0]) });
      } catch (error) {
        // No such object (32): gone. Anything else is the directory's trouble, not the person's.
        if ((error as { code?: number }).code !== 32) throw error;
      }
    }
    return found;
  });
}
