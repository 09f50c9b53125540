// A real OpenID Provider for sign-on tests: `oidc-provider` (certified) on a
// free port over HTTP, with its development sign-in form (any password), a
// consent given automatically, and accounts the test changes as it goes.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export const TEST_OIDC_CLIENT = { id: 'zhixue', secret: 'zhixue-test-client-secret-long-enough' };

export interface TestOidcProvider {
  issuer: string;
  /** The people the provider knows, by subject; change them between sign-ins. */
  accounts: Map<string, Record<string, unknown>>;
  /** Starts the provider for these redirect URIs (the test server's address is known only once it listens). */
  configure(redirectUris: string[], postLogoutRedirectUris?: string[]): void;
  close(): Promise<void>;
}

const CLAIMS = {
  openid: ['sub'],
  profile: ['name', 'preferred_username'],
  email: ['email'],
  groups: ['groups'],
  school: ['class', 'student_number', 'active'],
};

export async function startOidcProvider(): Promise<TestOidcProvider> {
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const server = createServer((req, res) => {
    if (handler) handler(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, Record<string, unknown>>();
  return {
    issuer,
    accounts,
    configure(redirectUris, postLogoutRedirectUris = []) {
      const provider: Provider = new Provider(issuer, {
        clients: [
          {
            client_id: TEST_OIDC_CLIENT.id,
            client_secret: TEST_OIDC_CLIENT.secret,
            redirect_uris: redirectUris,
            post_logout_redirect_uris: postLogoutRedirectUris,
            grant_types: ['authorization_code'],
            response_types: ['code'],
          },
        ],
        claims: CLAIMS,
        scopes: ['openid', 'offline_access', ...Object.keys(CLAIMS)],
        cookies: { keys: ['test-cookie-key-0123456789'] },
        features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
        async findAccount(_ctx: unknown, sub: string) {
          const claims = accounts.get(sub);
          if (!claims) return undefined;
          return { accountId: sub, claims: async () => ({ sub, ...claims }) };
        },
        // The person agrees to share everything asked (no consent screen in tests).
        async loadExistingGrant(ctx: { oidc: { client: { clientId: string }; session: { accountId: string } } }) {
          const grant = new provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
          grant.addOIDCScope(['openid', ...Object.keys(CLAIMS)].join(' '));
          grant.addOIDCClaims(Object.values(CLAIMS).flat());
          await grant.save();
          return grant;
        },
      });
      handler = provider.callback();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser's cookies, by name (enough for one provider on one host). */
class CookieJar {
  private cookies = new Map<string, string>();
  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1));
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Follows a browser's redirects from `startUrl` through the provider's sign-in
 * form (as `login`) until it lands back outside the provider; returns that
 * last address (the host app's /login?ticket=… or ?signon=…).
 */
export async function signInAtProvider(startUrl: string, issuer: string, login: string): Promise<URL> {
  const jar = new CookieJar();
  let url = new URL(startUrl);
  let form: URLSearchParams | null = null;
  for (let hop = 0; hop < 12; hop++) {
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: jar.header(), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: form ?? undefined,
    });
    jar.take(res);
    form = null;
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url);
      if (!url.href.startsWith(issuer) && !url.pathname.startsWith('/new-chat/')) return url;
      continue;
    }
    const html = await res.text();
    if (res.status === 200 && html.includes('name="login"')) {
      form = new URLSearchParams({ prompt: 'login', login, password: 'any' });
      continue;
    }
    throw new Error(`provider answered ${res.status} at ${url.pathname}: ${html.slice(0, 300)}`);
  }
  throw new Error('too many redirects');
}
