// Tables of school sign-on (server/modules/signon). Composed into `Database` in ../schema.ts.

export type IdentityProviderKind = 'oidc' | 'cas' | 'ldap';

/** A school's identity provider, added by a manager in the browser. */
export interface IdentityProvidersTable {
  id: string;
  kind: IdentityProviderKind;
  /** Shown on the login page's button. */
  name: string;
  /** JSON of the provider's settings and mapping rules (no secret). */
  config: string;
  /** The client secret or bind password, sealed by the admin module's secret box for the provider's address; '' for none. */
  secret: string;
  enabled: number;
  created_at: number;
  updated_at: number;
}

/** Which outside identity (the provider's `sub`, CAS user, LDAP DN) is which account. */
export interface IdentityLinksTable {
  provider_id: string;
  subject: string;
  user_id: string;
  /** 工号 / 学号 as the source gave it last, '' when none. */
  number: string;
  email: string;
  created_at: number;
  updated_at: number;
}

/** A sign-in under way: 'state' (login redirect → callback) or 'ticket' (callback → host app); id is a SHA-256 for tickets. */
export interface SignonHandoffsTable {
  id: string;
  kind: 'state' | 'ticket';
  provider_id: string;
  data: string;
  expires_at: number;
}

/** The sign-in a provider's session started (a CAS service ticket → the token issued), so its logout request ends it. */
export interface SignonSessionsTable {
  provider_id: string;
  session_index: string;
  token_id: string;
  expires_at: number;
}

export interface SignonTables {
  identity_providers: IdentityProvidersTable;
  identity_links: IdentityLinksTable;
  signon_handoffs: SignonHandoffsTable;
  signon_sessions: SignonSessionsTable;
}
