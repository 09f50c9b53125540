// An LTI 1.3 platform (an LMS) for tests, scripted with jose over real HTTP:
// its own RSA keys and JWKS, an OIDC auth endpoint that answers the tool's
// login initiation with an id_token posted back to the tool (an auto-posting
// form, as Moodle and Canvas do), a token endpoint that checks the tool's
// signed client assertion against the tool's JWKS, a names and roles roster
// (two members a page, linked by the Link header), and an assignment and
// grade services gradebook (line items and scores). A course page frames
// the tool's login initiation, as an LMS shows a tool inside its page.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';
import { createRemoteJWKSet, exportJWK, generateKeyPair, jwtVerify, SignJWT, type JWK, type JWTPayload } from 'jose';

export const LTI_CLIENT_ID = 'zhixue-tool';
export const LTI_DEPLOYMENT_ID = 'deployment-1';

const ROLE = 'http://purl.imsglobal.org/vocab/lis/v2/membership#';
export const INSTRUCTOR = `${ROLE}Instructor`;
export const LEARNER = `${ROLE}Learner`;

export interface LmsUser {
  id: string;
  name: string;
  email?: string;
  roles: string[];
}

export interface LaunchScript {
  user: LmsUser;
  /** LtiResourceLinkRequest (default) or LtiDeepLinkingRequest. */
  messageType?: 'LtiResourceLinkRequest' | 'LtiDeepLinkingRequest';
  contextId?: string;
  contextTitle?: string;
  resourceLinkId?: string;
  /** The custom parameters of the link (a placed Zhixue link carries zhixue_target). */
  custom?: Record<string, string>;
  /** Line item of the link (AGS `lineitem`), when the platform made one. */
  lineitem?: string;
  /** Tampering, for the refusals: sign with a key not in the JWKS, another nonce or issuer, another deployment. */
  tamper?: { strangerKey?: boolean; nonce?: string; issuer?: string; deploymentId?: string; expired?: boolean; returnUrl?: string };
}

export interface Score {
  userId: string;
  scoreGiven: number;
  scoreMaximum: number;
  gradingProgress: string;
  activityProgress: string;
}

export interface LineItem {
  id: string;
  label: string;
  scoreMaximum: number;
  resourceId?: string;
  resourceLinkId?: string;
  tag?: string;
  scores: Map<string, Score>;
  /** Score posts accepted, repeats included (a score posted twice counts twice). */
  posts: number;
}

export interface TestLtiPlatform {
  /** http://127.0.0.1:<port>: the issuer, and the origin its course page frames the tool from. */
  issuer: string;
  authLoginUrl: string;
  tokenUrl: string;
  jwksUrl: string;
  /** What a manager registers for it (POST /course/admin/lti/platforms). */
  registration(name?: string): Record<string, unknown>;
  /** The tool's addresses: its JWKS (client assertions, deep linking answers), login initiation. */
  useTool(tool: { baseUrl: string }): void;
  /** Prepares a launch; its id is the lti_message_hint of the login initiation. */
  prepare(script: LaunchScript): string;
  /** The tool's login initiation URL for a prepared launch. */
  loginUrl(launchId: string): string;
  /** A course page framing the tool for a prepared launch (for the browser). */
  coursePageUrl(launchId: string): string;
  /**
   * A launch as a browser would make it, without a browser: login initiation,
   * the auth endpoint, the form post of the id_token. The tool's last answer.
   */
  launch(script: LaunchScript): Promise<Response>;
  /** The roster of an LMS course (names and roles). */
  roster: Map<string, LmsUser[]>;
  /** Line items by id (a URL), with their scores. */
  gradebook: Map<string, LineItem>;
  /** Makes a line item in a context's gradebook, as a teacher would in the LMS; its URL. */
  addLineItem(contextId: string, item: { label: string; scoreMaximum: number; resourceLinkId?: string }): string;
  /** The next `count` score posts are refused with 503 (the LMS down). */
  failScores(count: number): void;
  /** Content items the tool sent back by deep linking, in order. */
  deepLinks: Array<{ claims: JWTPayload; items: Array<Record<string, unknown>> }>;
  /** Scopes the tool was granted tokens for, in order. */
  tokenScopes: string[];
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage): Promise<string> => text(req);

const escape = (text: string) => text.replace(/[&<>"]/gu, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

function json(res: ServerResponse, status: number, body: unknown, type = 'application/json'): void {
  res.writeHead(status, { 'content-type': type }).end(JSON.stringify(body));
}

/** Fields of the first form of an HTML page, and where it posts. */
export function readForm(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]*)"/u.exec(html)?.[1] ?? '';
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/gu)) fields[m[1]!] = m[2]!.replace(/&quot;/gu, '"').replace(/&amp;/gu, '&');
  return { action: action.replace(/&amp;/gu, '&'), fields };
}

export async function startLtiPlatform(): Promise<TestLtiPlatform> {
  const keys = await generateKeyPair('RS256', { extractable: true });
  const stranger = await generateKeyPair('RS256', { extractable: true });
  const publicJwk: JWK = { ...(await exportJWK(keys.publicKey)), kid: 'platform-key', alg: 'RS256', use: 'sig' };
  const launches = new Map<string, LaunchScript>();
  const roster = new Map<string, LmsUser[]>();
  const gradebook = new Map<string, LineItem>();
  const tokens = new Map<string, string[]>();
  const deepLinks: TestLtiPlatform['deepLinks'] = [];
  const tokenScopes: string[] = [];
  let failing = 0;
  let toolBase = '';
  let toolKeys: ReturnType<typeof createRemoteJWKSet> | null = null;
  let base = '';

  const contextUrl = (contextId: string) => `${base}/ags/${encodeURIComponent(contextId)}/lineitems`;

  function addLineItem(contextId: string, item: { label: string; scoreMaximum: number; resourceId?: string; resourceLinkId?: string; tag?: string }): string {
    const id = `${contextUrl(contextId)}/${randomBytes(6).toString('hex')}`;
    gradebook.set(id, { id, ...item, scores: new Map(), posts: 0 });
    return id;
  }

  async function idToken(script: LaunchScript, nonce: string): Promise<string> {
    const contextId = script.contextId ?? 'course-101';
    const messageType = script.messageType ?? 'LtiResourceLinkRequest';
    const claims: JWTPayload = {
      nonce: script.tamper?.nonce ?? nonce,
      sub: script.user.id,
      name: script.user.name,
      email: script.user.email ?? '',
      'https://purl.imsglobal.org/spec/lti/claim/message_type': messageType,
      'https://purl.imsglobal.org/spec/lti/claim/version': '1.3.0',
      'https://purl.imsglobal.org/spec/lti/claim/deployment_id': script.tamper?.deploymentId ?? LTI_DEPLOYMENT_ID,
      'https://purl.imsglobal.org/spec/lti/claim/roles': script.user.roles,
      'https://purl.imsglobal.org/spec/lti/claim/context': { id: contextId, title: script.contextTitle ?? 'Machining 101', type: ['CourseSection'] },
      'https://purl.imsglobal.org/spec/lti/claim/target_link_uri': `${toolBase}/new-chat/app/api/lti/launch`,
      'https://purl.imsglobal.org/spec/lti/claim/custom': script.custom ?? {},
      'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice': {
        context_memberships_url: `${base}/nrps/${encodeURIComponent(contextId)}`,
        service_versions: ['2.0'],
      },
      'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': {
        scope: [
          'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
          'https://purl.imsglobal.org/spec/lti-ags/scope/score',
          'https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly',
        ],
        lineitems: contextUrl(contextId),
        ...(script.lineitem ? { lineitem: script.lineitem } : {}),
      },
    };
    if (messageType === 'LtiResourceLinkRequest') {
      claims['https://purl.imsglobal.org/spec/lti/claim/resource_link'] = { id: script.resourceLinkId ?? 'link-1', title: 'Zhixue' };
    } else {
      claims['https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings'] = {
        deep_link_return_url: script.tamper?.returnUrl ?? `${base}/deep-link-return`,
        accept_types: ['ltiResourceLink'],
        accept_presentation_document_targets: ['iframe', 'window'],
        data: 'opaque-platform-data',
      };
    }
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'platform-key', typ: 'JWT' })
      .setIssuer(script.tamper?.issuer ?? base)
      .setAudience(LTI_CLIENT_ID)
      .setIssuedAt(script.tamper?.expired ? now - 7200 : now)
      .setExpirationTime(script.tamper?.expired ? now - 3600 : now + 300)
      .sign(script.tamper?.strangerKey ? stranger.privateKey : keys.privateKey);
  }

  function bearerScopes(req: IncomingMessage): string[] {
    const token = /^Bearer (.+)$/u.exec(req.headers.authorization ?? '')?.[1] ?? '';
    return tokens.get(token) ?? [];
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', base);
    const path = url.pathname;
    if (path === '/jwks') return json(res, 200, { keys: [publicJwk] });

    if (path === '/auth') {
      const q = url.searchParams;
      const script = launches.get(q.get('lti_message_hint') ?? '');
      const ok =
        script &&
        q.get('client_id') === LTI_CLIENT_ID &&
        q.get('response_type') === 'id_token' &&
        q.get('response_mode') === 'form_post' &&
        q.get('scope') === 'openid' &&
        q.get('login_hint') === script.user.id &&
        q.get('redirect_uri') === `${toolBase}/new-chat/app/api/lti/launch`;
      if (!ok || !q.get('state') || !q.get('nonce')) return json(res, 400, { error: 'invalid_request' });
      const fields = { id_token: await idToken(script, q.get('nonce')!), state: q.get('state')! };
      const action = q.get('redirect_uri')!;
      if (req.headers.accept === 'application/json') return json(res, 200, { action, fields });
      const inputs = Object.entries(fields)
        .map(([k, v]) => `<input type="hidden" name="${k}" value="${escape(v)}">`)
        .join('');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return void res.end(`<!doctype html><form method="post" action="${escape(action)}">${inputs}</form><script>document.forms[0].submit()</script>`);
    }

    if (path === '/token' && req.method === 'POST') {
      const body = new URLSearchParams(await readBody(req));
      if (
        body.get('grant_type') !== 'client_credentials' ||
        body.get('client_assertion_type') !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer' ||
        !toolKeys
      ) {
        return json(res, 400, { error: 'invalid_request' });
      }
      try {
        const { payload } = await jwtVerify(body.get('client_assertion') ?? '', toolKeys, {
          audience: `${base}/token`,
          issuer: LTI_CLIENT_ID,
          subject: LTI_CLIENT_ID,
        });
        if (!payload.jti) throw new Error('no jti');
      } catch {
        return json(res, 401, { error: 'invalid_client' });
      }
      const scopes = (body.get('scope') ?? '').split(' ').filter(Boolean);
      const token = randomBytes(16).toString('hex');
      tokens.set(token, scopes);
      tokenScopes.push(scopes.join(' '));
      return json(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600, scope: scopes.join(' ') });
    }

    const nrps = /^\/nrps\/([^/]+)$/u.exec(path);
    if (nrps) {
      if (!bearerScopes(req).includes('https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly'))
        return json(res, 401, { error: 'unauthorized' });
      const contextId = decodeURIComponent(nrps[1]!);
      const members = roster.get(contextId) ?? [];
      const page = Number(url.searchParams.get('page') ?? '0');
      const slice = members.slice(page * 2, page * 2 + 2);
      const headers: Record<string, string> = { 'content-type': 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json' };
      if ((page + 1) * 2 < members.length) headers.link = `<${base}/nrps/${nrps[1]}?page=${page + 1}>; rel="next"`;
      res.writeHead(200, headers);
      return void res.end(
        JSON.stringify({
          id: `${base}/nrps/${nrps[1]}`,
          context: { id: contextId },
          members: slice.map((m) => ({ user_id: m.id, name: m.name, email: m.email ?? '', roles: m.roles, status: 'Active' })),
        }),
      );
    }

    const scores = /^\/ags\/([^/]+)\/lineitems\/([^/]+)\/scores$/u.exec(path);
    if (scores && req.method === 'POST') {
      if (!bearerScopes(req).includes('https://purl.imsglobal.org/spec/lti-ags/scope/score')) return json(res, 401, { error: 'unauthorized' });
      if (req.headers['content-type'] !== 'application/vnd.ims.lis.v1.score+json') return json(res, 415, { error: 'unsupported type' });
      if (failing > 0) {
        failing -= 1;
        return json(res, 503, { error: 'gradebook unavailable' });
      }
      const item = gradebook.get(`${base}/ags/${scores[1]}/lineitems/${scores[2]}`);
      if (!item) return json(res, 404, { error: 'no such line item' });
      const score = JSON.parse(await readBody(req)) as Score;
      item.scores.set(score.userId, score);
      item.posts += 1;
      return void res.writeHead(204).end();
    }

    const lineitems = /^\/ags\/([^/]+)\/lineitems$/u.exec(path);
    if (lineitems) {
      if (!bearerScopes(req).includes('https://purl.imsglobal.org/spec/lti-ags/scope/lineitem')) return json(res, 401, { error: 'unauthorized' });
      const contextId = decodeURIComponent(lineitems[1]!);
      if (req.method === 'POST') {
        const body = JSON.parse(await readBody(req)) as { label: string; scoreMaximum: number; resourceId?: string; tag?: string };
        const id = addLineItem(contextId, body);
        return json(res, 201, { id, ...body }, 'application/vnd.ims.lis.v2.lineitem+json');
      }
      const resourceId = url.searchParams.get('resource_id');
      const list = [...gradebook.values()]
        .filter((i) => i.id.startsWith(`${contextUrl(contextId)}/`) && (!resourceId || i.resourceId === resourceId))
        .map(({ scores: _scores, posts: _posts, ...i }) => i);
      return json(res, 200, list, 'application/vnd.ims.lis.v2.lineitemcontainer+json');
    }

    if (path === '/deep-link-return' && req.method === 'POST') {
      const jwt = new URLSearchParams(await readBody(req)).get('JWT') ?? '';
      try {
        const { payload } = await jwtVerify(jwt, toolKeys!, { issuer: LTI_CLIENT_ID, audience: base });
        const items = (payload['https://purl.imsglobal.org/spec/lti-dl/claim/content_items'] ?? []) as Array<Record<string, unknown>>;
        deepLinks.push({ claims: payload, items });
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return void res.end(`<!doctype html><title>Placed</title><p id="placed">${escape(String(items[0]?.title ?? ''))}</p>`);
      } catch (error) {
        return json(res, 400, { error: String(error) });
      }
    }

    if (path === '/course') {
      const launchId = url.searchParams.get('launch') ?? '';
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return void res.end(
        `<!doctype html><html lang="en"><title>LMS course</title><h1>LMS course page</h1><iframe id="tool" title="Zhixue" style="width:1100px;height:760px;border:0" src="${escape(loginUrl(launchId))}"></iframe></html>`,
      );
    }
    json(res, 404, { error: 'not found' });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) json(res, 500, { error: String(error) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function loginUrl(launchId: string): string {
    const script = launches.get(launchId);
    const query = new URLSearchParams({
      iss: base,
      login_hint: script?.user.id ?? '',
      target_link_uri: `${toolBase}/new-chat/app/api/lti/launch`,
      lti_message_hint: launchId,
      client_id: LTI_CLIENT_ID,
      lti_deployment_id: LTI_DEPLOYMENT_ID,
    });
    return `${toolBase}/new-chat/app/api/lti/login?${query}`;
  }

  function prepare(script: LaunchScript): string {
    const id = randomBytes(8).toString('hex');
    launches.set(id, script);
    return id;
  }

  return {
    issuer: base,
    authLoginUrl: `${base}/auth`,
    tokenUrl: `${base}/token`,
    jwksUrl: `${base}/jwks`,
    registration: (name = 'Test LMS') => ({
      name,
      issuer: base,
      clientId: LTI_CLIENT_ID,
      deploymentIds: [LTI_DEPLOYMENT_ID],
      authLoginUrl: `${base}/auth`,
      tokenUrl: `${base}/token`,
      jwksUrl: `${base}/jwks`,
      enabled: true,
    }),
    useTool(tool) {
      toolBase = tool.baseUrl;
      toolKeys = createRemoteJWKSet(new URL(`${tool.baseUrl}/new-chat/app/api/lti/jwks`), { cooldownDuration: 0 });
    },
    prepare,
    loginUrl,
    coursePageUrl: (launchId) => `${base}/course?launch=${launchId}`,
    async launch(script) {
      const id = prepare(script);
      const started = await fetch(loginUrl(id), { redirect: 'manual' });
      const auth = started.headers.get('location');
      if (started.status !== 302 || !auth?.startsWith(`${base}/auth`)) return started;
      const answer = await fetch(auth, { headers: { accept: 'application/json' } });
      if (!answer.ok) throw new Error(`the platform refused the auth request: ${await answer.text()}`);
      const form = (await answer.json()) as { action: string; fields: Record<string, string> };
      return fetch(form.action, { method: 'POST', body: new URLSearchParams(form.fields), redirect: 'manual' });
    },
    roster,
    gradebook,
    addLineItem,
    failScores(count) {
      failing = count;
    },
    deepLinks,
    tokenScopes,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
