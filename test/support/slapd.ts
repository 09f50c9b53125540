// A real OpenLDAP directory for sign-on tests: Debian's slapd (installed by
// scripts/ensure-slapd.sh) started with -f on a small config in a temp folder,
// on a free port, with an admin who adds and changes people through ldapts.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Attribute, Change, Client } from 'ldapts';
import { repoPath } from './repo.js';
import { until } from './until.js';

export const SLAPD_BASE = 'dc=school,dc=test';
export const SLAPD_ADMIN = { dn: `cn=admin,${SLAPD_BASE}`, password: 'admin-pass-for-tests' };

export interface TestDirectory {
  url: string;
  addPerson(uid: string, attributes: Record<string, string | string[]>, password: string): Promise<string>;
  change(dn: string, attribute: string, values: string[]): Promise<void>;
  remove(dn: string): Promise<void>;
  close(): Promise<void>;
}

/** The server's environment for this directory (ZX_LDAP_*): its people under ou=people, employeeType student or teacher, 工号/学号 in employeeNumber. */
export function directoryEnv(directory: TestDirectory): Record<string, string> {
  return {
    ZX_LDAP_URL: directory.url,
    ZX_LDAP_BASE_DN: `ou=people,${SLAPD_BASE}`,
    ZX_LDAP_BIND_DN: SLAPD_ADMIN.dn,
    ZX_LDAP_BIND_PASSWORD: SLAPD_ADMIN.password,
    ZX_LDAP_ROLE_CLAIM: 'employeeType',
    ZX_LDAP_ROLE_MAP: 'student=3,teacher=1',
    ZX_LDAP_NUMBER_CLAIM: 'employeeNumber',
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const port = (probe.address() as { port: number }).port;
      probe.close(() => resolve(port));
    });
  });
}

export async function startSlapd(): Promise<TestDirectory> {
  const slapd = execFileSync(repoPath('scripts/ensure-slapd.sh'), { encoding: 'utf8' }).trim();
  const dir = await mkdtemp(path.join(tmpdir(), 'zx-slapd-'));
  await mkdir(path.join(dir, 'db'));
  await writeFile(
    path.join(dir, 'slapd.conf'),
    [
      'include /etc/ldap/schema/core.schema',
      'include /etc/ldap/schema/cosine.schema',
      'include /etc/ldap/schema/inetorgperson.schema',
      `pidfile ${dir}/slapd.pid`,
      'modulepath /usr/lib/ldap',
      'moduleload back_mdb',
      'database mdb',
      'maxsize 10485760',
      `suffix "${SLAPD_BASE}"`,
      `rootdn "${SLAPD_ADMIN.dn}"`,
      `rootpw ${SLAPD_ADMIN.password}`,
      `directory ${dir}/db`,
      '',
    ].join('\n'),
  );
  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(slapd, ['-f', path.join(dir, 'slapd.conf'), '-h', `${url}/`, '-d', '0'], { stdio: 'ignore' });
  const admin = new Client({ url });
  await until(
    () =>
      admin.bind(SLAPD_ADMIN.dn, SLAPD_ADMIN.password).then(
        () => true,
        () => false,
      ),
    (bound) => bound,
  );
  await admin.add(SLAPD_BASE, { objectClass: ['top', 'dcObject', 'organization'], o: 'School', dc: 'school' });
  await admin.add(`ou=people,${SLAPD_BASE}`, { objectClass: ['top', 'organizationalUnit'], ou: 'people' });
  return {
    url,
    async addPerson(uid, attributes, password) {
      const dn = `uid=${uid},ou=people,${SLAPD_BASE}`;
      await admin.add(dn, { objectClass: ['top', 'person', 'organizationalPerson', 'inetOrgPerson'], uid, sn: uid, userPassword: password, ...attributes });
      return dn;
    },
    async change(dn, attribute, values) {
      await admin.modify(dn, new Change({ operation: 'replace', modification: new Attribute({ type: attribute, values }) }));
    },
    async remove(dn) {
      await admin.del(dn);
    },
    async close() {
      await admin.unbind().catch(() => undefined);
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
