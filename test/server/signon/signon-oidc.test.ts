// School sign-on over OpenID Connect against a real provider (oidc-provider
// on its own port): the button's login starts the authorization code flow
// with PKCE, the callback signs the person in through a one-time ticket,
// accounts are made, linked and changed by the mapping rules, never merged,
// and a person disabled at the source is refused and disabled here.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, okData, type TestServer } from '../../support/server.js';
import { signInAtProvider, startOidcProvider, TEST_OIDC_CLIENT, type TestOidcProvider } from '../../support/oidc-provider.js';
import { envProviders } from '../../../server/modules/signon/providers.js';
import { TOKEN_CACHE_TTL_MS } from '../../../server/modules/account/token-cache.js';
import { until } from '../../support/until.js';

const callback0 = (base: string, id: string) => `${base}/new-chat/app/api/oauth/${id}/callback`;

describe('sign-on with OpenID Connect', () => {
  let idp: TestOidcProvider;
  let server: TestServer;
  let manager: string;
  let linkingId: string;
  let env: Record<string, string>;

  /** Signs `login` in through provider `id` and trades the ticket; returns where the host app lands and the session. */
  async function signIn(login: string, { provider = 'oidc', redirect = '/course/chat' } = {}) {
    const start = `${server.baseUrl}/new-chat/app/api/oauth/${provider}/login?redirect=${encodeURIComponent(redirect)}`;
    const landed = await signInAtProvider(start, idp.issuer, login);
    assert.equal(landed.origin, server.baseUrl);
    assert.equal(landed.pathname, '/login');
    const ticket = landed.searchParams.get('ticket');
    if (!ticket) return { refused: landed.searchParams.get('signon'), landed };
    const grant = await okData(server.api<{ token: string }>('POST', '/app/api/oauth/ticket', { body: { ticket } }));
    const session = await okData(
      server.api<{ username: string; name: string; clientType: string; clientTypes: string[] }>('GET', '/app/user', { token: grant.token }),
    );
    return { refused: null, landed, ticket, token: grant.token, session };
  }

  const recordsOf = (username: string) =>
    server.data.db.selectFrom('operation_records').select(['action', 'object_type', 'summary']).where('username', '=', username).orderBy('seq').execute();

  before(async () => {
    idp = await startOidcProvider();
    env = {
      ZX_OIDC_ISSUER: idp.issuer,
      ZX_OIDC_CLIENT_ID: TEST_OIDC_CLIENT.id,
      ZX_OIDC_CLIENT_SECRET: TEST_OIDC_CLIENT.secret,
      ZX_OIDC_ROLE_MAP: 'students=3,teachers=1,staff=2',
      ZX_OIDC_NAME: '统一身份认证',
      ZX_OIDC_SCOPES: 'profile email groups school',
      ZX_OIDC_NUMBER_CLAIM: 'student_number',
      ZX_OIDC_CLASS_CLAIM: 'class',
      ZX_OIDC_ACTIVE_CLAIM: 'active',
      ZX_SECRET_KEY: 'a-long-server-secret-for-tests',
    };
    server = await startTestServer({ env });
    manager = await server.login('manager');
    // A second provider, added by a manager, that links existing accounts by 工号/学号.
    const added = await okData(
      server.api<{ providers: Array<{ id: string; fromEnv: boolean }> }>('POST', '/course/admin/sign-on/providers', {
        token: manager,
        body: {
          kind: 'oidc',
          name: '教务系统',
          enabled: true,
          settings: { issuer: idp.issuer, clientId: TEST_OIDC_CLIENT.id, scopes: 'profile email groups school' },
          rules: {
            roleClaim: 'groups',
            roleMap: { students: '3', teachers: '1' },
            usernameClaim: 'preferred_username',
            nameClaim: 'name',
            emailClaim: 'email',
            numberClaim: 'student_number',
            classClaim: '',
            activeClaim: 'active',
            linkBy: 'number',
          },
          secret: TEST_OIDC_CLIENT.secret,
          passwordSignIn: false,
        },
      }),
    );
    linkingId = added.providers.find((p) => !p.fromEnv)!.id;
    const callback = (id: string) => `${server.baseUrl}/new-chat/app/api/oauth/${id}/callback`;
    idp.configure([callback('oidc'), callback(linkingId)], [`${server.baseUrl}/login`]);
    idp.accounts.set('u-stu-1', {
      name: '陈小明',
      preferred_username: 'xiaoming',
      email: 'xm@school.example',
      groups: ['students'],
      class: '2025级机电1班',
      student_number: 'S2025001',
      active: true,
    });
    idp.accounts.set('u-tea-1', { name: '刘老师', preferred_username: 'liu', groups: ['teachers', 'staff'], student_number: 'T1001', active: true });
    idp.accounts.set('u-clash', { name: '另一个学生', preferred_username: 'student', groups: ['students'], student_number: 'student', active: true });
    idp.accounts.set('u-nobody', { name: '访客', groups: ['visitors'], student_number: 'V1', active: true });
  });
  after(async () => {
    await server.close();
    await idp.close();
  });

  it('shows one button per provider on the login page', async () => {
    const list = await okData(server.api<Array<{ id: string; name: string; loginUrl: string }>>('GET', '/app/api/oauth/providers'));
    assert.deepEqual(
      list.map((p) => [p.name, p.loginUrl]),
      [
        ['统一身份认证', '/new-chat/app/api/oauth/oidc/login'],
        ['教务系统', `/new-chat/app/api/oauth/${linkingId}/login`],
      ],
    );
  });

  it('signs a student in on first sign-in: account made as a student in their class, landing where they were going', async () => {
    const first = await signIn('u-stu-1', { redirect: '/course/chat?x=1' });
    assert.equal(first.landed.searchParams.get('redirect'), '/course/chat?x=1');
    assert.deepEqual([first.session!.username, first.session!.name, first.session!.clientType, first.session!.clientTypes], ['s2025001', '陈小明', '3', ['3']]);
    const classes = await server.data.db
      .selectFrom('class_members')
      .innerJoin('classes', 'classes.id', 'class_members.class_id')
      .innerJoin('users', 'users.id', 'class_members.user_id')
      .select(['classes.name', 'class_members.role'])
      .where('users.username', '=', 's2025001')
      .execute();
    assert.deepEqual(classes, [{ name: '2025级机电1班', role: 'student' }]);
    // The ticket is used once.
    assert.equal((await server.api('POST', '/app/api/oauth/ticket', { body: { ticket: first.ticket } })).status, 400);
    // The second sign-in finds the same account.
    const again = await signIn('u-stu-1');
    assert.equal(again.session!.username, 's2025001');
    assert.equal((await server.data.db.selectFrom('users').select('id').where('username', '=', 's2025001').execute()).length, 1);
    const records = await recordsOf('s2025001');
    assert.deepEqual(
      records.map((r) => r.action),
      ['create', 'login', 'login'],
    );
    assert.match(records[0]!.summary, /统一身份认证/);
  });

  it('gives a person in two groups both client types, and takes one away when the source does', async () => {
    const first = await signIn('u-tea-1');
    assert.deepEqual(first.session!.clientTypes, ['1', '2']);
    const staffToken = await okData(server.api<{ token: string }>('GET', '/course/app/api/teacher-switch?clientType=2', { token: first.token }));
    idp.accounts.set('u-tea-1', { ...idp.accounts.get('u-tea-1'), groups: ['teachers'] });
    const second = await signIn('u-tea-1');
    assert.deepEqual(second.session!.clientTypes, ['1']);
    // The manager-side sign-in ended with the side taken away.
    assert.equal((await server.api('GET', '/app/user', { token: staffToken.token })).status, 401);
    assert.ok((await recordsOf('t1001')).some((r) => r.action === 'update' && /身份 1,2 → 1/.test(r.summary)));
  });

  it('never merges a person into an existing account of the same name unless the rule links them', async () => {
    const refused = await signIn('u-clash');
    assert.equal(refused.refused, 'taken');
    assert.equal(await server.data.db.selectFrom('identity_links').select('user_id').where('subject', '=', 'u-clash').executeTakeFirst(), undefined);
    // The manager's provider links by 学号: the existing 'student' account is this person's.
    const linked = await signIn('u-clash', { provider: linkingId });
    assert.equal(linked.session!.username, 'student');
    assert.equal(linked.session!.name, '另一个学生');
    assert.ok((await recordsOf('student')).some((r) => r.action === 'link'));
  });

  it('refuses password sign-in to accounts of a provider that turns it off', async () => {
    // 'student' was linked through the manager's provider, which turns passwords off.
    const refused = await server.api('POST', '/app/api/oauth/token', { body: { username: 'student', password: server.demoPassword } });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.msg, '你的账号请使用学校统一身份认证登录');
    // Accounts no such provider links keep their passwords.
    assert.ok(await server.login('teacher'));
  });

  it('refuses someone the rules give no client type', async () => {
    assert.equal((await signIn('u-nobody')).refused, 'no-role');
    assert.equal(await server.data.db.selectFrom('users').select('id').where('username', '=', 'v1').executeTakeFirst(), undefined);
  });

  it('signs in across two instances: started and called back on one, the ticket traded and the sign-in ended on the other', async () => {
    const second = await startTestServer({ sameDatabaseAs: server, env });
    try {
      const callback = (base: string, id: string) => `${base}/new-chat/app/api/oauth/${id}/callback`;
      idp.configure(
        [callback(server.baseUrl, 'oidc'), callback(server.baseUrl, linkingId), callback(second.baseUrl, 'oidc')],
        [`${server.baseUrl}/login`, `${second.baseUrl}/login`],
      );
      idp.accounts.set('u-two', { name: '两地学生', preferred_username: 'two', groups: ['students'], student_number: 'S2025099', active: true });
      const landed = await signInAtProvider(`${second.baseUrl}/new-chat/app/api/oauth/oidc/login?redirect=%2Fcourse%2Fchat`, idp.issuer, 'u-two');
      assert.equal(landed.origin, second.baseUrl);
      const ticket = landed.searchParams.get('ticket')!;
      assert.ok(ticket, 'the second instance handed a ticket over');
      const grant = await okData(server.api<{ token: string }>('POST', '/app/api/oauth/ticket', { body: { ticket } }));
      const signedIn = await okData(second.api<{ username: string; clientType: string }>('GET', '/app/user', { token: grant.token }));
      assert.deepEqual([signedIn.username, signedIn.clientType], ['s2025099', '3']);
      // Disabled at the source: the next sign-in on either instance is refused and the sign-in ends on both
      // (at once on PostgreSQL; a lone SQLite process trusts a checked token for up to TOKEN_CACHE_TTL_MS).
      idp.accounts.set('u-two', { ...idp.accounts.get('u-two'), active: false });
      const refused = await signInAtProvider(`${server.baseUrl}/new-chat/app/api/oauth/oidc/login`, idp.issuer, 'u-two');
      assert.equal(refused.searchParams.get('signon'), 'disabled');
      const ended = await until(
        async () => (await second.api('GET', '/app/user', { token: grant.token })).status,
        (status) => status === 401,
        TOKEN_CACHE_TTL_MS + 3_000,
      );
      assert.equal(ended, 401);
    } finally {
      idp.configure([callback0(server.baseUrl, 'oidc'), callback0(server.baseUrl, linkingId)], [`${server.baseUrl}/login`]);
      await second.close();
    }
  });

  it('refuses a person disabled at the source and disables the account, ending its sign-ins', async () => {
    const before = await signIn('u-stu-1');
    idp.accounts.set('u-stu-1', { ...idp.accounts.get('u-stu-1'), active: false });
    assert.equal((await signIn('u-stu-1')).refused, 'disabled');
    assert.equal((await server.api('GET', '/app/user', { token: before.token })).status, 401);
    const row = await server.data.db.selectFrom('users').select('disabled_at').where('username', '=', 's2025001').executeTakeFirstOrThrow();
    assert.notEqual(row.disabled_at, null);
    assert.ok((await recordsOf('s2025001')).some((r) => r.action === 'disable'));
    // Enabled again at the source, the account stays disabled here until an administrator enables it.
    idp.accounts.set('u-stu-1', { ...idp.accounts.get('u-stu-1'), active: true });
    assert.equal((await signIn('u-stu-1')).refused, 'disabled');
  });

  it('never redirects off the site after sign-in', async () => {
    for (const evil of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const start = `${server.baseUrl}/new-chat/app/api/oauth/oidc/login?redirect=${encodeURIComponent(evil)}`;
      const landed = await signInAtProvider(start, idp.issuer, 'u-tea-1');
      assert.equal(landed.searchParams.get('redirect'), '/');
    }
  });

  it("sends the browser to the provider's end-session page to sign out there too, and back to a same-site path", async () => {
    const res = await fetch(`${server.baseUrl}/new-chat/app/api/oauth/oidc/logout?redirect=%2F%2Fevil.example`, { redirect: 'manual' });
    assert.equal(res.status, 302);
    const to = new URL(res.headers.get('location')!);
    assert.equal(to.origin, idp.issuer);
    assert.equal(to.searchParams.get('client_id'), TEST_OIDC_CLIENT.id);
    assert.equal(to.searchParams.get('post_logout_redirect_uri'), `${server.baseUrl}/login`);
    // The provider accepts it: it asks the person to confirm signing out.
    const page = await fetch(to, { redirect: 'manual' });
    assert.equal(page.status, 200);
    assert.match(await page.text(), /logout/i);
  });

  it('refuses a callback with a made-up or replayed state', async () => {
    const res = await fetch(`${server.baseUrl}/new-chat/app/api/oauth/oidc/callback?state=made-up&code=x`, { redirect: 'manual' });
    assert.equal(res.status, 302);
    assert.equal(res.headers.get('location'), '/login?signon=failed');
  });

  it('keeps the client secret sealed and accepts http:// issuers on loopback only', async () => {
    const row = await server.data.db.selectFrom('identity_providers').select('secret').executeTakeFirstOrThrow();
    assert.match(row.secret, /^enc:v2:/);
    assert.ok(!row.secret.includes(TEST_OIDC_CLIENT.secret));
    const overview = await okData(server.api<{ providers: Array<{ hasSecret: boolean }> }>('GET', '/course/admin/sign-on/providers', { token: manager }));
    assert.ok(!JSON.stringify(overview).includes(TEST_OIDC_CLIENT.secret));
    assert.ok(overview.providers.every((p) => p.hasSecret));
    const remote = await server.api('POST', '/course/admin/sign-on/providers', {
      token: manager,
      body: {
        kind: 'oidc',
        name: 'x',
        enabled: true,
        settings: { issuer: 'http://idp.school.example', clientId: 'c', scopes: '' },
        rules: {
          roleClaim: 'groups',
          roleMap: {},
          usernameClaim: 'u',
          nameClaim: 'n',
          emailClaim: 'e',
          numberClaim: '',
          classClaim: '',
          activeClaim: '',
          linkBy: 'none',
        },
      },
    });
    assert.equal(remote.status, 400);
    assert.throws(() => envProviders({ ZX_OIDC_ISSUER: 'http://idp.school.example', ZX_OIDC_CLIENT_ID: 'c' }), /https/);
    assert.throws(
      () => envProviders({ ZX_OIDC_ISSUER: 'https://idp.school.example', ZX_OIDC_CLIENT_ID: 'c', ZX_OIDC_ROLE_MAP: 'students=9' }),
      /ZX_OIDC_ROLE_MAP/,
    );
  });

  it('lets a manager try the rules on a sample', async () => {
    const tried = await okData(
      server.api<{ clientTypes: string[]; number: string }>('POST', '/course/admin/sign-on/try', {
        token: manager,
        body: {
          rules: {
            roleClaim: 'roles',
            roleMap: { t: '1', s: '3' },
            usernameClaim: 'uid',
            nameClaim: 'cn',
            emailClaim: 'mail',
            numberClaim: 'employeeNumber',
            classClaim: '',
            activeClaim: '',
            linkBy: 'number',
          },
          claims: { sub: 'x', roles: ['t', 's'], uid: 'li', cn: '李', employeeNumber: 'E7' },
        },
      }),
    );
    assert.deepEqual([tried.clientTypes, tried.number], [['1', '3'], 'E7']);
    assert.equal(
      (await server.api('POST', '/course/admin/sign-on/try', { token: await server.login('teacher'), body: { rules: {}, claims: {} } })).status,
      403,
    );
  });
});
