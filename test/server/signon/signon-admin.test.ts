// Managers configure the school's identity providers from the browser: a
// directory (LDAP, against a real slapd) added with its service account's
// password, which never comes back; the login page's list; the checks on
// addresses; "try it"; and the e-mail and 工号/学号 the mapping fills,
// shown and searchable in the people list and used to link an account.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, okData, type TestServer } from '../../support/server.js';
import { SLAPD_ADMIN, SLAPD_BASE, startSlapd, type TestDirectory } from '../../support/slapd.js';

interface ProviderView {
  id: string;
  kind: string;
  name: string;
  enabled: boolean;
  hasSecret: boolean;
  settings: Record<string, string>;
  passwordSignIn: boolean;
}

describe('sign-on providers configured by managers', () => {
  let ldap: TestDirectory;
  let server: TestServer;
  let manager: string;
  let directoryId: string;
  let sunliDn: string;

  const rules = {
    roleClaim: 'employeeType',
    roleMap: { student: '3', teacher: '1' },
    usernameClaim: 'uid',
    nameClaim: 'cn',
    emailClaim: 'mail',
    numberClaim: 'employeeNumber',
    classClaim: 'ou',
    majorClaim: 'departmentNumber',
    activeClaim: '',
    linkBy: 'email',
  };
  const directory = (overrides: Record<string, unknown> = {}) => ({
    kind: 'ldap',
    name: '校园目录',
    enabled: true,
    settings: { issuer: ldap.url, clientId: '', scopes: '', baseDn: `ou=people,${SLAPD_BASE}`, bindDn: SLAPD_ADMIN.dn, userAttribute: 'uid' },
    rules,
    ...overrides,
  });
  const save = (method: 'POST' | 'PUT', body: unknown, id = '') =>
    server.api<{ providers: ProviderView[] }>(method, `/course/admin/sign-on/providers${id ? `/${id}` : ''}`, { token: manager, body });
  const signIn = (username: string, password: string) =>
    server.api<{ token: string }>('POST', `/app/api/oauth/${directoryId}/password`, { body: { username, password } });

  before(async () => {
    ldap = await startSlapd();
    server = await startTestServer({ env: { ZX_SECRET_KEY: 'a-long-server-secret-for-tests' } });
    manager = await server.login('manager');
    await ldap.addPerson(
      'hanmei',
      {
        cn: '韩梅',
        employeeType: 'teacher',
        employeeNumber: 'T5001',
        mail: 'hanmei@school.example',
        ou: '2025级数控1班',
        departmentNumber: '数控技术',
      },
      'hanmei-pass-1',
    );
    sunliDn = await ldap.addPerson('sunli', { cn: '孙丽', employeeType: 'student', employeeNumber: 'S5001', mail: 'sunli@school.example' }, 'sunli-pass-1');
  });
  after(async () => {
    await server?.close();
    await ldap?.close();
  });

  it('keeps a directory added in the browser, its bind password never sent back', async () => {
    const saved = await okData(save('POST', directory({ secret: SLAPD_ADMIN.password, passwordSignIn: false })));
    const added = saved.providers.find((p) => p.kind === 'ldap')!;
    directoryId = added.id;
    assert.deepEqual([added.name, added.hasSecret, added.passwordSignIn, added.settings.baseDn], ['校园目录', true, false, `ou=people,${SLAPD_BASE}`]);
    const listed = await server.api('GET', '/course/admin/sign-on/providers', { token: manager });
    assert.ok(!JSON.stringify(listed.body).includes(SLAPD_ADMIN.password), 'the bind password is not in the answer');
    const stored = await server.data.db.selectFrom('identity_providers').select('secret').where('id', '=', directoryId).executeTakeFirstOrThrow();
    assert.ok(!stored.secret.includes(SLAPD_ADMIN.password), 'the bind password is sealed at rest');
    // The login page gets a form for it, not a redirect.
    const buttons = await okData(server.api<Array<{ id: string; kind: string; loginUrl?: string; passwordUrl?: string }>>('GET', '/app/api/oauth/providers'));
    assert.deepEqual(buttons, [{ id: directoryId, name: '校园目录', kind: 'ldap', passwordUrl: `/new-chat/app/api/oauth/${directoryId}/password` }]);
    // Saved again without a secret, the stored one is kept and still opens the directory.
    await okData(save('PUT', directory({ name: '统一目录', passwordSignIn: false }), directoryId));
    const grant = await okData(signIn('hanmei', 'hanmei-pass-1'));
    const account = await okData(server.api<{ name: string; clientTypes: string[] }>('GET', '/app/user', { token: grant.token }));
    assert.deepEqual([account.name, account.clientTypes], ['韩梅', ['1']]);
  });

  it('fills e-mail and 工号/学号 from the mapping, shown and found in the people list', async () => {
    const page = await okData(
      server.api<{ items: Array<{ username: string; email: string; number: string }> }>('GET', '/course/admin/users?keyword=T5001', { token: manager }),
    );
    assert.deepEqual(
      page.items.map((p) => [p.username, p.email, p.number]),
      [['t5001', 'hanmei@school.example', 'T5001']],
    );
    // The class the directory names is made, with the major it names (added to the school's majors).
    const classes = await okData(server.api<Array<{ name: string; major: string }>>('GET', '/course/admin/classes', { token: manager }));
    const majors = await okData(server.api<Array<{ value: string; label: string }>>('GET', '/course/admin/dictionaries/major', { token: manager }));
    const made = classes.find((c) => c.name === '2025级数控1班');
    assert.equal(majors.find((m) => m.value === made?.major)?.label, '数控技术');
    const byMail = await okData(server.api<{ items: Array<{ username: string }> }>('GET', '/course/admin/users?keyword=hanmei%40school', { token: manager }));
    assert.deepEqual(
      byMail.items.map((p) => p.username),
      ['t5001'],
    );
  });

  it('links an account whose e-mail the rule names, and refuses its password while the provider says so', async () => {
    // An account made by hand whose e-mail an earlier sign-on filled.
    const made = await okData(
      server.api<{ person: { id: string }; oneTimePassword: string }>('POST', '/course/admin/users', {
        token: manager,
        body: { username: 'sunli-old', name: '孙丽', clientTypes: ['3'] },
      }),
    );
    await server.data.db.updateTable('users').set({ email: 'SunLi@school.example' }).where('id', '=', made.person.id).execute();
    const byPassword = { body: { username: 'sunli-old', password: made.oneTimePassword } };
    assert.equal((await server.api('POST', '/app/api/oauth/token', byPassword)).status, 200, 'not linked yet: the password works');
    const grant = await okData(signIn('sunli', 'sunli-pass-1'));
    const account = await okData(server.api<{ id: string; username: string }>('GET', '/app/user', { token: grant.token }));
    assert.deepEqual([account.id, account.username], [made.person.id, 'sunli-old']);
    assert.equal((await server.api('POST', '/app/api/oauth/token', byPassword)).status, 403, 'linked: the directory only');
    const row = await server.data.db.selectFrom('users').select(['number']).where('id', '=', made.person.id).executeTakeFirstOrThrow();
    assert.equal(row.number, 'S5001');
  });

  it('runs the directory sync when a manager asks: someone removed there is disabled here at once', async () => {
    const student = await okData(signIn('sunli', 'sunli-pass-1'));
    await ldap.remove(sunliDn);
    const teacher = await server.login('teacher');
    assert.equal((await server.api('POST', `/course/admin/sign-on/providers/${directoryId}/sync`, { token: teacher })).status, 403);
    const result = await okData(server.api('POST', `/course/admin/sign-on/providers/${directoryId}/sync`, { token: manager }));
    assert.deepEqual(result, { checked: 2, disabled: 1 });
    assert.equal((await server.api('GET', '/app/user', { token: student.token })).status, 401);
    const people = await okData(server.api<{ items: Array<{ disabled: boolean }> }>('GET', '/course/admin/users?keyword=S5001', { token: manager }));
    assert.deepEqual(
      people.items.map((p) => p.disabled),
      [true],
    );
  });

  it('refuses addresses that do not fit the kind, a directory without where to search, and a change of kind', async () => {
    const refused = async (body: unknown, pattern: RegExp, id = '') => {
      const res = await save(id ? 'PUT' : 'POST', body, id);
      assert.equal(res.status, 400);
      assert.match(res.body.msg, pattern);
    };
    await refused(directory({ settings: { ...directory().settings, issuer: 'ldap://directory.school.example' } }), /ldaps/);
    await refused(directory({ settings: { ...directory().settings, issuer: 'https://sso.school.example' } }), /ldaps/);
    await refused(directory({ settings: { ...directory().settings, baseDn: ' ' } }), /查找范围/);
    await refused(directory({ kind: 'cas', settings: { issuer: 'ldaps://directory.school.example', clientId: '', scopes: '' } }), /https/);
    await refused(directory({ kind: 'cas', settings: { issuer: 'https://cas.school.example/cas', clientId: '', scopes: '' } }), /类型/, directoryId);
    const other = await server.login('teacher');
    assert.equal((await server.api('GET', '/course/admin/sign-on/providers', { token: other })).status, 403);
  });

  it('turns a provider off: its form leaves the login page and its sign-in is refused', async () => {
    await okData(save('PUT', directory({ enabled: false }), directoryId));
    assert.deepEqual(await okData(server.api('GET', '/app/api/oauth/providers')), []);
    assert.equal((await signIn('hanmei', 'hanmei-pass-1')).status, 404);
  });

  it('tries rules on a pasted sample, the subject read as the kind gives it', async () => {
    const tried = await okData(
      server.api<{ subject: string; clientTypes: string[]; email: string; number: string; name: string }>('POST', '/course/admin/sign-on/try', {
        token: manager,
        body: {
          kind: 'ldap',
          rules,
          claims: { dn: 'uid=x,ou=people', cn: '王五', employeeType: ['teacher', 'student'], mail: 'w@x', employeeNumber: 'T9' },
        },
      }),
    );
    assert.deepEqual(tried, {
      subject: 'uid=x,ou=people',
      username: '',
      name: '王五',
      email: 'w@x',
      number: 'T9',
      clientTypes: ['1', '3'],
      classes: [],
      major: '',
      active: true,
    });
  });
});
