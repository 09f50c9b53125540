// The school's identity providers: those a manager added in the browser
// (identity_providers, secrets sealed by the admin module's secret box for
// the provider's address) and the one an automated deployment sets by
// environment (ZX_OIDC_*, id `oidc`; ZX_CAS_*, id `cas`).
import { ConfigError, type Env } from '../../config.js';
import type { ServerContext } from '../../context.js';
import type { IdentityProviderKind } from '../../db/tables/signon.js';
import { secretBoxFrom, type SecretBox } from '../admin/index.js';
import { DEFAULT_RULES, LINK_BY, type LinkBy, type MappingRules, parseRoleMap } from './mapping.js';
import type { PasswordSignInPolicy } from '../../ports.js';
import { linkedProviderIds, listStoredProviders, type StoredProvider } from './store.js';

export const ENV_OIDC_ID = 'oidc';
export const ENV_CAS_ID = 'cas';
export const ENV_LDAP_ID = 'ldap';
/** CAS gives the user's name beside the attributes; the rules read it as this claim. */
export const CAS_USER_CLAIM = 'user';

export interface OidcSettings {
  /** The OpenID issuer, or the CAS server's base URL (…/cas). */
  issuer: string;
  /** OpenID Connect only ('' for CAS). */
  clientId: string;
  /** Space-separated scopes beyond `openid`. */
  scopes: string;
  /** LDAP: where people are searched, the service account that searches, the attribute holding the username (default uid). */
  baseDn?: string;
  bindDn?: string;
  userAttribute?: string;
}

export interface Provider {
  id: string;
  kind: IdentityProviderKind;
  name: string;
  enabled: boolean;
  settings: OidcSettings;
  rules: MappingRules;
  /** The client secret, opened; '' for none or when it cannot be opened (secret changed). */
  secret: string;
  /** Set by environment: shown, not edited, in the browser. */
  fromEnv: boolean;
  /** Accounts from this provider may not sign in with a password (only through the provider). */
  passwordSignInOff: boolean;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** An issuer is https://, or http:// on a loopback address only (tests, a local trial). Returns the reason it is refused, or null. */
export function issuerProblem(issuer: string): string | null {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return 'is not a URL';
  }
  if (url.protocol === 'https:' || url.protocol === 'ldaps:') return null;
  if ((url.protocol === 'http:' || url.protocol === 'ldap:') && LOOPBACK.has(url.hostname)) return null;
  return 'must be https:// or ldaps:// (http:// and ldap:// only on a loopback address)';
}

export function isLoopbackHttp(issuer: string): boolean {
  const url = new URL(issuer);
  return url.protocol === 'http:' && LOOPBACK.has(url.hostname);
}

function readLinkBy(value: string | undefined, key: string): LinkBy {
  const v = (value?.trim() || 'none') as LinkBy;
  if (!LINK_BY.includes(v)) throw new ConfigError(`${key} must be one of ${LINK_BY.join(', ')}, got "${value}"`);
  return v;
}

/** What differs between the environment's providers: their variables' prefix and the address and client each needs. */
const ENV_KINDS = [
  { kind: 'oidc', id: ENV_OIDC_ID, prefix: 'ZX_OIDC', address: 'ZX_OIDC_ISSUER', name: 'OpenID Connect', usernameClaim: DEFAULT_RULES.usernameClaim },
  { kind: 'cas', id: ENV_CAS_ID, prefix: 'ZX_CAS', address: 'ZX_CAS_URL', name: 'CAS', usernameClaim: CAS_USER_CLAIM },
  { kind: 'ldap', id: ENV_LDAP_ID, prefix: 'ZX_LDAP', address: 'ZX_LDAP_URL', name: 'LDAP', usernameClaim: 'uid' },
] as const;

/** The provider set by ZX_<kind>_*, null when its address is unset; throws ConfigError on a value it cannot use. */
function envProvider(env: Env, spec: (typeof ENV_KINDS)[number]): Provider | null {
  const issuer = env[spec.address]?.trim();
  if (!issuer) return null;
  const problem = issuerProblem(issuer);
  if (problem) throw new ConfigError(`${spec.address} ${problem}, got "${issuer}"`);
  const read = (suffix: string, fallback = '') => env[`${spec.prefix}_${suffix}`]?.trim() || fallback;
  const clientId = read('CLIENT_ID');
  if (spec.kind === 'oidc' && !clientId) throw new ConfigError('ZX_OIDC_CLIENT_ID must be set with ZX_OIDC_ISSUER');
  let roleMap: MappingRules['roleMap'];
  try {
    roleMap = parseRoleMap(read('ROLE_MAP'));
  } catch (error) {
    throw new ConfigError(`${spec.prefix}_ROLE_MAP: ${(error as Error).message}`);
  }
  return {
    id: spec.id,
    kind: spec.kind,
    name: read('NAME', spec.name),
    enabled: true,
    settings: {
      issuer,
      clientId,
      scopes: read('SCOPES', spec.kind === 'oidc' ? 'profile email' : ''),
      ...(spec.kind === 'ldap' ? { baseDn: read('BASE_DN'), bindDn: read('BIND_DN'), userAttribute: read('USER_ATTRIBUTE', 'uid') } : {}),
    },
    rules: {
      ...DEFAULT_RULES,
      roleClaim: read('ROLE_CLAIM', DEFAULT_RULES.roleClaim),
      roleMap,
      usernameClaim: read('USERNAME_CLAIM', spec.usernameClaim),
      nameClaim: read('NAME_CLAIM', spec.kind === 'ldap' ? 'cn' : DEFAULT_RULES.nameClaim),
      numberClaim: read('NUMBER_CLAIM'),
      classClaim: read('CLASS_CLAIM'),
      majorClaim: read('MAJOR_CLAIM'),
      activeClaim: read('ACTIVE_CLAIM'),
      linkBy: readLinkBy(env[`${spec.prefix}_LINK_BY`], `${spec.prefix}_LINK_BY`),
    },
    secret: read(spec.kind === 'ldap' ? 'BIND_PASSWORD' : 'CLIENT_SECRET'),
    fromEnv: true,
    passwordSignInOff: read('PASSWORD_SIGNIN', 'on') === 'off',
  };
}

/** The providers set by environment (ZX_OIDC_*, ZX_CAS_*); throws ConfigError on a value it cannot use. */
export function envProviders(env: Env): Provider[] {
  return ENV_KINDS.map((spec) => envProvider(env, spec)).filter((p): p is Provider => p !== null);
}

const boxes = new WeakMap<ServerContext, SecretBox>();

export function secretBoxOf(ctx: ServerContext): SecretBox {
  let box = boxes.get(ctx);
  if (!box) {
    box = secretBoxFrom(ctx.config.env);
    boxes.set(ctx, box);
  }
  return box;
}

/** The address a provider's secret is sealed for: moved to another address, the secret no longer opens. */
export function secretAddress(kind: IdentityProviderKind, settings: OidcSettings): string {
  // A bind password is the service account's: another account does not get it.
  if (kind === 'ldap') return `${kind} ${settings.issuer} ${settings.bindDn ?? ''}`;
  return `${kind} ${settings.issuer} ${settings.clientId}`;
}

function fromStored(ctx: ServerContext, row: StoredProvider): Provider {
  const config = row.config as { settings?: Partial<OidcSettings>; rules?: Partial<MappingRules>; passwordSignInOff?: boolean };
  const settings: OidcSettings = { issuer: '', clientId: '', scopes: 'profile email', ...config.settings };
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    enabled: row.enabled,
    settings,
    rules: { ...DEFAULT_RULES, ...config.rules },
    secret: secretBoxOf(ctx).open(row.secret, secretAddress(row.kind, settings)) ?? '',
    fromEnv: false,
    passwordSignInOff: config.passwordSignInOff === true,
  };
}

/** Every provider, the environment's first. */
export async function listProviders(ctx: ServerContext): Promise<Provider[]> {
  const stored = (await listStoredProviders(ctx.db)).map((row) => fromStored(ctx, row));
  return [...envProviders(ctx.config.env), ...stored];
}

export async function findProvider(ctx: ServerContext, id: string): Promise<Provider | null> {
  return (await listProviders(ctx)).find((p) => p.id === id) ?? null;
}

/** Password sign-in refused to an account linked to a provider that turns it off. */
export function passwordSignInPolicy(ctx: ServerContext): PasswordSignInPolicy {
  return {
    async refuses(userId) {
      const off = (await listProviders(ctx)).filter((p) => p.passwordSignInOff).map((p) => p.id);
      if (off.length === 0) return false;
      return (await linkedProviderIds(ctx.db, userId)).some((id) => off.includes(id));
    },
  };
}
