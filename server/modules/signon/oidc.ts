// OpenID Connect through openid-client: discovery, authorization code with
// PKCE, ID token validation (issuer, audience, signature, nonce), claims
// from the ID token and the UserInfo endpoint, and RP-initiated logout.
// openid-client loads at first use: most schools sign in without it
// (test/server/repository/startup-imports.test.ts).
import type * as OpenIdClient from 'openid-client';
import { isLoopbackHttp, type Provider } from './providers.js';

export interface OidcStart {
  url: string;
  state: string;
  verifier: string;
  nonce: string;
}

const DISCOVERY_TTL_MS = 3600_000;
const discovered = new Map<string, { at: number; config: Promise<OpenIdClient.Configuration> }>();
const openIdClient = () => import('openid-client');

/** The provider's discovered configuration, kept an hour per issuer, client and secret. */
export function oidcConfiguration(provider: Provider, now = Date.now()): Promise<OpenIdClient.Configuration> {
  const { issuer, clientId } = provider.settings;
  const key = JSON.stringify([issuer, clientId, provider.secret]);
  const hit = discovered.get(key);
  if (hit && now - hit.at < DISCOVERY_TTL_MS) return hit.config;
  const config = discover(new URL(issuer), clientId, provider.secret);
  discovered.set(key, { at: now, config });
  config.catch(() => discovered.delete(key));
  return config;
}

/**
 * Discovery, then the client's authentication: client_secret_basic (the
 * OpenID default) unless the provider lists only client_secret_post; none
 * for a public client without a secret.
 */
async function discover(issuer: URL, clientId: string, secret: string): Promise<OpenIdClient.Configuration> {
  const client = await openIdClient();
  // An http:// issuer is accepted on a loopback address only (providers.ts checks it where it is saved or read).
  const options = isLoopbackHttp(issuer.href) ? { execute: [client.allowInsecureRequests] } : undefined;
  const found = await client.discovery(issuer, clientId, undefined, client.None(), options);
  const methods = found.serverMetadata().token_endpoint_auth_methods_supported;
  const auth = !secret
    ? client.None()
    : !methods || methods.includes('client_secret_basic')
      ? client.ClientSecretBasic(secret)
      : client.ClientSecretPost(secret);
  const config = new client.Configuration(found.serverMetadata(), clientId, secret ? { client_secret: secret } : undefined, auth);
  if (options) client.allowInsecureRequests(config);
  return config;
}

export async function startOidc(provider: Provider, callbackUrl: string): Promise<OidcStart> {
  const config = await oidcConfiguration(provider);
  const client = await openIdClient();
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl,
    scope: ['openid', ...provider.settings.scopes.split(/\s+/).filter((s) => s && s !== 'openid')].join(' '),
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url: url.href, state, verifier, nonce };
}

export interface OidcResult {
  subject: string;
  claims: Record<string, unknown>;
  idToken: string;
}

/** Trades the code for tokens, checks the ID token, and reads the person's claims. */
export async function finishOidc(provider: Provider, currentUrl: URL, checks: { state: string; verifier: string; nonce: string }): Promise<OidcResult> {
  const config = await oidcConfiguration(provider);
  const client = await openIdClient();
  const tokens = await client.authorizationCodeGrant(config, currentUrl, {
    pkceCodeVerifier: checks.verifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const idClaims = tokens.claims();
  if (!idClaims) throw new Error('no ID token');
  let userinfo: Record<string, unknown> = {};
  if (config.serverMetadata().userinfo_endpoint) userinfo = await client.fetchUserInfo(config, tokens.access_token, idClaims.sub);
  return { subject: idClaims.sub, claims: { ...userinfo, ...idClaims }, idToken: tokens.id_token ?? '' };
}

/** Where to send the browser to end the provider's session too, or null when the provider has no end-session endpoint. */
export async function oidcLogoutUrl(provider: Provider, idToken: string, returnUrl: string): Promise<string | null> {
  const config = await oidcConfiguration(provider);
  if (!config.serverMetadata().end_session_endpoint) return null;
  const client = await openIdClient();
  const params: Record<string, string> = { post_logout_redirect_uri: returnUrl, client_id: provider.settings.clientId };
  if (idToken) params.id_token_hint = idToken;
  return client.buildEndSessionUrl(config, params).href;
}
