// A small CAS 3.0 server for sign-on tests, written to the protocol:
// /cas/login signs in the person the test names (no form) and sends the
// browser back to the service with a service ticket; /cas/p3/serviceValidate
// checks a ticket once, for the service it was issued for, and answers the
// protocol's XML with attributes; logout(ticket) posts the single-logout
// request to the service, as a CAS server does when the person signs out there.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

export interface TestCasServer {
  /** The CAS base URL (ZX_CAS_URL), …/cas. */
  url: string;
  /** Who signs in at the next /cas/login, and their attributes. */
  signInAs(user: string, attributes: Record<string, string | string[]>): void;
  /** The service tickets issued, in order. */
  tickets: string[];
  /** Posts a logout request for the ticket's session to its service; resolves to the service's status. */
  logout(ticket: string): Promise<number>;
  close(): Promise<void>;
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function startCasServer(): Promise<TestCasServer> {
  let person: { user: string; attributes: Record<string, string | string[]> } | null = null;
  const issued = new Map<string, { service: string; user: string; attributes: Record<string, string | string[]>; used: boolean }>();
  const tickets: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://cas');
    if (url.pathname === '/cas/login') {
      const service = url.searchParams.get('service') ?? '';
      if (!person || !service) return res.writeHead(400).end('no service or nobody to sign in');
      const ticket = `ST-${randomBytes(12).toString('hex')}`;
      issued.set(ticket, { service, ...person, used: false });
      tickets.push(ticket);
      const back = new URL(service);
      back.searchParams.set('ticket', ticket);
      return res.writeHead(302, { location: back.href }).end();
    }
    if (url.pathname === '/cas/p3/serviceValidate') {
      const ticket = url.searchParams.get('ticket') ?? '';
      const found = issued.get(ticket);
      res.writeHead(200, { 'content-type': 'application/xml; charset=utf-8' });
      if (!found || found.used || found.service !== url.searchParams.get('service')) {
        return res.end(
          `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_TICKET">Ticket ${escape(ticket)} not recognized</cas:authenticationFailure></cas:serviceResponse>`,
        );
      }
      found.used = true;
      const attributes = Object.entries(found.attributes)
        .flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((v) => `<cas:${name}>${escape(v)}</cas:${name}>`))
        .join('\n');
      return res.end(
        `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">\n <cas:authenticationSuccess>\n  <cas:user>${escape(found.user)}</cas:user>\n  <cas:attributes>\n${attributes}\n  </cas:attributes>\n </cas:authenticationSuccess>\n</cas:serviceResponse>`,
      );
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cas`;
  return {
    url,
    tickets,
    signInAs(user, attributes) {
      person = { user, attributes };
    },
    async logout(ticket) {
      const found = issued.get(ticket);
      if (!found) throw new Error('unknown ticket');
      const request = `<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${randomBytes(8).toString('hex')}" Version="2.0" IssueInstant="${new Date().toISOString()}"><saml:NameID>${escape(found.user)}</saml:NameID><samlp:SessionIndex>${ticket}</samlp:SessionIndex></samlp:LogoutRequest>`;
      const res = await fetch(found.service, { method: 'POST', body: new URLSearchParams({ logoutRequest: request }) });
      return res.status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
