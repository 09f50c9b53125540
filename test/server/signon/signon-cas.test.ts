// School sign-on over CAS 3.0 against a CAS server written to the protocol:
// the service ticket is checked at /p3/serviceValidate and its attributes
// mapped, a ticket or state is good once, a made-up ticket is refused, and
// the CAS server's logout request ends the sign-in it started.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, okData, type TestServer } from '../../support/server.js';
import { startCasServer, type TestCasServer } from '../../support/cas-server.js';
import { signInAtProvider } from '../../support/oidc-provider.js';
import { readServiceResponse } from '../../../server/modules/signon/cas.js';

describe('sign-on with CAS', () => {
  let cas: TestCasServer;
  let server: TestServer;

  async function signIn() {
    const landed = await signInAtProvider(`${server.baseUrl}/new-chat/app/api/oauth/cas/login?redirect=%2Fcourse%2Fchat`, cas.url, '');
    const ticket = landed.searchParams.get('ticket');
    if (!ticket) return { refused: landed.searchParams.get('signon') };
    const grant = await okData(server.api<{ token: string }>('POST', '/app/api/oauth/ticket', { body: { ticket } }));
    const account = await okData(server.api<{ username: string; name: string; clientTypes: string[] }>('GET', '/app/user', { token: grant.token }));
    return { refused: null, token: grant.token, account, redirect: landed.searchParams.get('redirect') };
  }

  before(async () => {
    cas = await startCasServer();
    server = await startTestServer({
      env: {
        ZX_CAS_URL: cas.url,
        ZX_CAS_NAME: '统一身份认证（CAS）',
        ZX_CAS_ROLE_CLAIM: 'memberOf',
        ZX_CAS_ROLE_MAP: 'T=1,S=3',
        ZX_CAS_NAME_CLAIM: 'cn',
        ZX_CAS_NUMBER_CLAIM: 'employeeNumber',
      },
    });
  });
  after(async () => {
    await server.close();
    await cas.close();
  });

  it('signs a teacher in from the attributes of a checked service ticket', async () => {
    cas.signInAs('zhangwei', { cn: '张伟 & 同事', memberOf: ['T', 'other'], employeeNumber: 'T2001' });
    const first = await signIn();
    assert.equal(first.redirect, '/course/chat');
    assert.deepEqual([first.account!.username, first.account!.name, first.account!.clientTypes], ['t2001', '张伟 & 同事', ['1']]);
    const records = await server.data.db.selectFrom('operation_records').select('action').where('username', '=', 't2001').orderBy('seq').execute();
    assert.deepEqual(
      records.map((r) => r.action),
      ['create', 'login'],
    );
  });

  it('ends the sign-in when the CAS server sends its logout request', async () => {
    cas.signInAs('zhangwei', { cn: '张伟 & 同事', memberOf: 'T', employeeNumber: 'T2001' });
    const other = await signIn();
    const signedIn = await signIn();
    assert.equal((await server.api('GET', '/app/user', { token: signedIn.token })).status, 200);
    assert.equal(await cas.logout(cas.tickets.at(-1)!), 200);
    assert.equal((await server.api('GET', '/app/user', { token: signedIn.token })).status, 401);
    // Only that sign-in: the one from another CAS session goes on.
    assert.equal((await server.api('GET', '/app/user', { token: other.token })).status, 200);
    // An unknown or malformed logout request changes nothing.
    const res = await fetch(`${server.baseUrl}/new-chat/app/api/oauth/cas/callback`, { method: 'POST', body: new URLSearchParams({ logoutRequest: '<x/>' }) });
    assert.equal(res.status, 200);
    assert.equal((await server.api('GET', '/app/user', { token: other.token })).status, 200);
  });

  it("sends the browser to the CAS server's logout, with the way back", async () => {
    const res = await fetch(`${server.baseUrl}/new-chat/app/api/oauth/cas/logout`, { redirect: 'manual' });
    assert.equal(res.headers.get('location'), `${cas.url}/logout?${new URLSearchParams({ service: `${server.baseUrl}/login` })}`);
  });

  it('refuses a made-up ticket and a state used twice', async () => {
    const start = await fetch(`${server.baseUrl}/new-chat/app/api/oauth/cas/login`, { redirect: 'manual' });
    const service = new URL(start.headers.get('location')!).searchParams.get('service')!;
    const forged = new URL(service);
    forged.searchParams.set('ticket', 'ST-made-up');
    const first = await fetch(forged, { redirect: 'manual' });
    assert.equal(first.headers.get('location'), '/login?signon=failed');
    const again = await fetch(forged, { redirect: 'manual' });
    assert.equal(again.headers.get('location'), '/login?signon=failed');
  });

  it('reads the protocol XML: entities, CDATA, repeated attributes, failures', () => {
    const xml = `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>a&amp;b</cas:user>
      <cas:attributes><cas:g>x</cas:g><cas:g>y</cas:g><cas:cn><![CDATA[<李>]]></cas:cn><cas:n>&#x674E;&#26446;</cas:n></cas:attributes></cas:authenticationSuccess></cas:serviceResponse>`;
    assert.deepEqual(readServiceResponse(xml), { user: 'a&b', attributes: { g: ['x', 'y'], cn: '<李>', n: '李李' } });
    assert.equal(
      readServiceResponse('<cas:serviceResponse><cas:authenticationFailure code="INVALID_TICKET">no</cas:authenticationFailure></cas:serviceResponse>'),
      null,
    );
  });

  it('counts sign-in starts per address: past the limit a start is refused with a wait', async () => {
    // Each start keeps a state row; one address cannot fill the table. The counter is taken before the provider is looked up.
    const starts = await Promise.all(
      Array.from({ length: 121 }, () => server.api('GET', '/app/api/oauth/nobody/login', { headers: { 'accept-language': 'en-US' } })),
    );
    const taken = starts.filter((r) => r.status === 404).length;
    assert.ok(taken > 100 && taken <= 120, `${taken} starts taken (the earlier sign-ins used a few)`);
    const refused = starts.find((r) => r.status === 429)!;
    assert.equal(starts.length - taken, starts.filter((r) => r.status === 429).length, 'the rest are refused, not failed');
    assert.equal(refused.body.msg, 'Too many sign-in attempts. Try again later');
    assert.ok(Number(refused.headers.get('retry-after')) >= 1);
  });
});
