import type { Generated } from 'kysely';

// Tables of LTI 1.3 (server/modules/lti). Composed into `Database` in ../schema.ts.

/** An LMS registered by a manager: where its sign-in starts, its token endpoint and its keys. */
export interface LtiPlatformsTable {
  id: string;
  name: string;
  issuer: string;
  client_id: string;
  /** JSON list of the deployment ids accepted from this platform. */
  deployment_ids: string;
  auth_login_url: string;
  token_url: string;
  jwks_url: string;
  /** The origin whose pages may frame a launch (the LMS's own address). */
  frame_origin: string;
  enabled: number;
  created_at: number;
  updated_at: number;
}

/** The tool's RSA key: it signs deep linking answers and client assertions; only the public half is published. */
export interface LtiKeysTable {
  kid: string;
  private_jwk: string;
  public_jwk: string;
  created_at: number;
}

/** Between login initiation and launch: the state (SHA-256) and the nonce the id_token must carry; used once. */
export interface LtiStatesTable {
  id: string;
  platform_id: string;
  nonce: string;
  expires_at: number;
}

/** An LMS course seen at a launch: its roster's and gradebook's service addresses, and the class its roster became. */
export interface LtiContextsTable {
  platform_id: string;
  context_id: string;
  title: string;
  class_id: Generated<string>;
  memberships_url: string;
  lineitems_url: string;
  /** When its roster was last imported (0: never). */
  roster_at: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** A link placed in the LMS (deep linking) and what it opens; an evaluation's link carries its line item. */
export interface LtiResourceLinksTable {
  platform_id: string;
  resource_link_id: string;
  context_id: string;
  target_kind: 'course' | 'assistant' | 'evaluation';
  target_id: string;
  lineitem_url: string;
  updated_at: number;
}

/** Scores a released evaluation owes one LMS line item: 'pending' until posted, retried with a lease. */
export interface LtiGradePostsTable {
  id: string;
  platform_id: string;
  context_id: string;
  evaluation_id: string;
  /** The line item's address, '' when it is found or made in the context's line items at posting. */
  lineitem_url: string;
  state: 'pending' | 'done';
  attempts: Generated<number>;
  posted: Generated<number>;
  last_error: Generated<string>;
  next_at: number;
  lease_until: number | null;
  created_at: number;
  updated_at: number;
}

export interface LtiTables {
  lti_platforms: LtiPlatformsTable;
  lti_keys: LtiKeysTable;
  lti_states: LtiStatesTable;
  lti_contexts: LtiContextsTable;
  lti_resource_links: LtiResourceLinksTable;
  lti_grade_posts: LtiGradePostsTable;
}
