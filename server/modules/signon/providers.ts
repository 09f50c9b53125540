// The school's identity providers: those a manager added in the browser
// (identity_providers, secrets sealed by the admin module's secret box for
// the provider's address) and the one an automated deployment sets by
// environment (ZX_OIDC_*, id `oidc`).
import { ConfigError, type Env } from '../../config.js';
import type { ServerContext } from '../../context.js';
import type { IdentityProviderKind } from '../../db/tables/signon.js';
import { secretBoxFrom, type SecretBox } from '../admin/index.js';
import { DEFAULT_RULES, LINK_BY, type LinkBy, type MappingRules, parseRoleMap } from './mapping.js';
import { listStoredProviders, type StoredProvider } from './store.js';

export const ENV_OIDC_ID = 'oidc';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  /** Space-separated scopes beyond `openid`. */
  scopes: string;
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
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK.has(url.hostname)) return null;
  return 'must be https:// (http:// only on a loopback address)';
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

/** The provider set by ZX_OIDC_*, null when ZX_OIDC_ISSUER is unset; throws ConfigError on a value it cannot use. */
export function envOidcProvider(env: Env): Provider | null {
  const issuer = env.ZX_OIDC_ISSUER?.trim();
  if (!issuer) return null;
  const problem = issuerProblem(issuer);
  if (problem) throw new ConfigError(`ZX_OIDC_ISSUER ${problem}, got "${issuer}"`);
  const clientId = env.ZX_OIDC_CLIENT_ID?.trim();
  if (!clientId) throw new ConfigError('ZX_OIDC_CLIENT_ID must be set with ZX_OIDC_ISSUER');
  let roleMap: MappingRules['roleMap'];
  try {
    roleMap = parseRoleMap(env.ZX_OIDC_ROLE_MAP ?? '');
  } catch (error) {
    throw new ConfigError(`ZX_OIDC_ROLE_MAP: ${(error as Error).message}`);
  }
  const claim = (key: string, fallback: string) => env[key]?.trim() || fallback;
  return {
    id: ENV_OIDC_ID,
    kind: 'oidc',
    name: claim('ZX_OIDC_NAME', 'OpenID Connect'),
    enabled: true,
    settings: { issuer, clientId, scopes: claim('ZX_OIDC_SCOPES', 'profile email') },
    rules: {
      ...DEFAULT_RULES,
      roleClaim: claim('ZX_OIDC_ROLE_CLAIM', DEFAULT_RULES.roleClaim),
      roleMap,
      numberClaim: claim('ZX_OIDC_NUMBER_CLAIM', ''),
      classClaim: claim('ZX_OIDC_CLASS_CLAIM', ''),
      activeClaim: claim('ZX_OIDC_ACTIVE_CLAIM', ''),
      linkBy: readLinkBy(env.ZX_OIDC_LINK_BY, 'ZX_OIDC_LINK_BY'),
    },
    secret: env.ZX_OIDC_CLIENT_SECRET?.trim() ?? '',
    fromEnv: true,
  };
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
  return `${kind} ${settings.issuer} ${settings.clientId}`;
}

function fromStored(ctx: ServerContext, row: StoredProvider): Provider {
  const config = row.config as { settings?: Partial<OidcSettings>; rules?: Partial<MappingRules> };
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
  };
}

/** Every provider, the environment's first. */
export async function listProviders(ctx: ServerContext): Promise<Provider[]> {
  const fromEnv = envOidcProvider(ctx.config.env);
  const stored = (await listStoredProviders(ctx.db)).map((row) => fromStored(ctx, row));
  return fromEnv ? [fromEnv, ...stored] : stored;
}

export async function findProvider(ctx: ServerContext, id: string): Promise<Provider | null> {
  return (await listProviders(ctx)).find((p) => p.id === id) ?? null;
}
