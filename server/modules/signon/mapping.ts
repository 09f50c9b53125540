// Mapping rules: what a provider says about a person (OIDC claims, CAS
// attributes, LDAP attributes) → who they are here. Pure, so the admin
// screen's "try it" and the sign-in share it.
import type { ClientType } from '../../db/schema.js';
import { isClientType } from '../account/index.js';

/** Which claim is compared with Zhixue usernames to link an existing account on first sign-in; 'none' never links. */
export type LinkBy = 'none' | 'username' | 'number' | 'email';
export const LINK_BY: readonly LinkBy[] = ['none', 'username', 'number', 'email'];

export interface MappingRules {
  /** The claim holding the person's groups or roles (a list or one value). */
  roleClaim: string;
  /** A group or role value → client type; a person may match several. */
  roleMap: Record<string, ClientType>;
  usernameClaim: string;
  nameClaim: string;
  emailClaim: string;
  /** The claim with the 工号 / 学号, '' for none. */
  numberClaim: string;
  /** The claim with the class name(s), '' when classes are not taken from the source. */
  classClaim: string;
  /** The claim with the major's name, '' when majors are not taken from the source; sets the major of the person's classes. */
  majorClaim: string;
  /** A claim that is false (false, 'false', 0, 'disabled') for a person disabled at the source, '' for none. */
  activeClaim: string;
  linkBy: LinkBy;
}

export const DEFAULT_RULES: MappingRules = {
  roleClaim: 'groups',
  roleMap: {},
  usernameClaim: 'preferred_username',
  nameClaim: 'name',
  emailClaim: 'email',
  numberClaim: '',
  classClaim: '',
  majorClaim: '',
  activeClaim: '',
  linkBy: 'none',
};

/** Who the provider says this is, in Zhixue's terms. */
export interface MappedIdentity {
  subject: string;
  username: string;
  name: string;
  email: string;
  number: string;
  clientTypes: ClientType[];
  classes: string[];
  major: string;
  active: boolean;
}

type Claims = Record<string, unknown>;

function values(claims: Claims, claim: string): string[] {
  if (!claim) return [];
  const raw = claims[claim];
  const list = Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw];
  return list.map((v) => (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v).trim() : '')).filter(Boolean);
}

function first(claims: Claims, claim: string): string {
  return values(claims, claim)[0] ?? '';
}

const INACTIVE = new Set(['false', '0', 'no', 'disabled', 'inactive']);

/** `students=3,teachers=1` → {students: '3', teachers: '1'}; throws on a pair it cannot read. */
export function parseRoleMap(text: string): Record<string, ClientType> {
  const map: Record<string, ClientType> = {};
  for (const pair of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const at = pair.lastIndexOf('=');
    const value = pair.slice(0, at).trim();
    const clientType = pair.slice(at + 1).trim();
    if (at <= 0 || !value || !isClientType(clientType)) throw new Error(`"${pair}" is not value=clientType (clientType 1, 2 or 3)`);
    map[value] = clientType;
  }
  return map;
}

export function mapIdentity(subject: string, claims: Claims, rules: MappingRules): MappedIdentity {
  const groups = new Set(values(claims, rules.roleClaim));
  const clientTypes = [...new Set(Object.entries(rules.roleMap).flatMap(([value, type]) => (groups.has(value) ? [type] : [])))].sort();
  const activeValue = rules.activeClaim ? claims[rules.activeClaim] : undefined;
  const active = activeValue === undefined || activeValue === null || !INACTIVE.has(String(activeValue).trim().toLowerCase());
  const username = first(claims, rules.usernameClaim);
  return {
    subject,
    username,
    name: first(claims, rules.nameClaim) || username || subject,
    email: first(claims, rules.emailClaim),
    number: first(claims, rules.numberClaim),
    clientTypes,
    classes: values(claims, rules.classClaim),
    major: first(claims, rules.majorClaim),
    active,
  };
}

/** The value compared with Zhixue usernames under the rule, '' when the rule never links or the claim is missing. */
export function linkKey(identity: MappedIdentity, linkBy: LinkBy): string {
  if (linkBy === 'username') return identity.username;
  if (linkBy === 'number') return identity.number;
  if (linkBy === 'email') return identity.email;
  return '';
}
