// LDAP sign-in against a real OpenLDAP directory (Debian's slapd on its own
// port): the directory checks the password by a bind as the person, their
// attributes map to an account, and the sync disables people removed or
// disabled in the directory and follows their groups.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, okData, type TestServer } from '../../support/server.js';
import { directoryEnv, startSlapd, type TestDirectory } from '../../support/slapd.js';
import { syncDirectory } from '../../../server/modules/signon/directory-sync.js';
import { findProvider } from '../../../server/modules/signon/providers.js';

describe('sign-on with LDAP', () => {
  let ldap: TestDirectory;
  let server: TestServer;
  let liDn: string;
  let zhaoDn: string;

  const signIn = (username: string, password: string) =>
    server.api<{ token: string }>('POST', '/app/api/oauth/ldap/password', { body: { username, password } });
  const sync = async () => syncDirectory(server.app.zx, (await findProvider(server.app.zx, 'ldap'))!);

  before(async () => {
    ldap = await startSlapd();
    server = await startTestServer({
      env: {
        ...directoryEnv(ldap),
        ZX_LDAP_CLASS_CLAIM: 'ou',
      },
    });
    liDn = await ldap.addPerson('lilei', { cn: '李雷', employeeType: 'student', employeeNumber: 'S3001', ou: '2025级电商1班' }, 'lilei-pass-1');
    zhaoDn = await ldap.addPerson('zhaomin', { cn: '赵敏', employeeType: ['teacher'], employeeNumber: 'T3001' }, 'zhao-pass-1');
  });
  after(async () => {
    await server.close();
    await ldap.close();
  });

  it('signs a person in when the directory accepts their password, and refuses a wrong one', async () => {
    const grant = await okData(signIn('lilei', 'lilei-pass-1'));
    const account = await okData(server.api<{ username: string; name: string; clientTypes: string[] }>('GET', '/app/user', { token: grant.token }));
    assert.deepEqual([account.username, account.name, account.clientTypes], ['s3001', '李雷', ['3']]);
    assert.equal((await signIn('lilei', 'wrong')).status, 400);
    assert.equal((await signIn('nobody', 'x')).status, 400);
    // A filter in the username finds nobody (it is escaped).
    assert.equal((await signIn('*', 'lilei-pass-1')).status, 400);
    // A password form for the directory, not a button: it has no page of its own to go to.
    assert.deepEqual(await okData(server.api('GET', '/app/api/oauth/providers')), [
      { id: 'ldap', name: 'LDAP', kind: 'ldap', passwordUrl: '/new-chat/app/api/oauth/ldap/password' },
    ]);
    assert.equal((await server.api('GET', '/app/api/oauth/ldap/login')).status, 404);
  });

  it('disables people removed or disabled in the directory at the next sync, and follows their groups', async () => {
    const teacher = await okData(signIn('zhaomin', 'zhao-pass-1'));
    const student = await okData(signIn('lilei', 'lilei-pass-1'));
    await ldap.change(zhaoDn, 'employeeType', ['teacher', 'student']);
    await ldap.remove(liDn);
    const result = await sync();
    assert.deepEqual(result, { checked: 2, disabled: 1 });
    assert.equal((await server.api('GET', '/app/user', { token: student.token })).status, 401);
    const row = await server.data.db.selectFrom('users').select(['disabled_at', 'client_types']).where('username', '=', 's3001').executeTakeFirstOrThrow();
    assert.notEqual(row.disabled_at, null);
    const account = await okData(server.api<{ clientTypes: string[] }>('GET', '/app/user', { token: teacher.token }));
    assert.deepEqual(account.clientTypes, ['1', '3']);
    const actions = await server.data.db.selectFrom('operation_records').select('action').where('username', '=', 's3001').orderBy('seq').execute();
    assert.ok(actions.some((a) => a.action === 'disable'));
  });
});
