// Table types for Kysely. Column names are snake_case as stored; each
// store.ts maps rows to the camelCase shapes the rest of the code uses.
// Each later area keeps its table types in ./tables/<area>.ts and is composed
// into Database below, so areas never edit each other's types.
// Times are milliseconds since epoch; booleans are 0/1 (docs/architecture.md).
import type { Generated } from 'kysely';
import type { AdminTables } from './tables/admin.js';
import type { AssistantTables } from './tables/assistants.js';
import type { ChatTables } from './tables/chat.js';
import type { CourseTables } from './tables/courses.js';
import type { EmbedTables } from './tables/embed.js';
import type { EvaluationTables } from './tables/evaluation.js';
import type { GenerationTables } from './tables/generations.js';
import type { KnowledgeTables } from './tables/knowledge.js';
import type { LiveTables } from './tables/live.js';
import type { LtiTables } from './tables/lti.js';
import type { MindMapTables } from './tables/mindmaps.js';
import type { QuotaTables } from './tables/quota.js';
import type { RecordTables } from './tables/records.js';
import type { BoardTables } from './tables/board.js';
import type { PlacementTables } from './tables/placements.js';
import type { ResourceTables } from './tables/resources.js';
import type { SafetyTables } from './tables/safety.js';
import type { SignonTables } from './tables/signon.js';
import type { UploadTables } from './tables/uploads.js';

export type ClientType = '1' | '2' | '3';

/** Why a sign-in was ended: the person signed out or switched side, a password changed (by them or an administrator), a side taken away, the account disabled. */
export type TokenEndReason = 'signed_out' | 'switched' | 'password_changed' | 'password_reset' | 'client_type_removed' | 'disabled';

/** One row per school; the site shell reads its title and logos from here. */
export interface SchoolsTable {
  id: string;
  name: string;
  site_title: string;
  site_logo: string;
  text_logo: string;
  /** Shown on the login page under the form ('' for none); added by 0024_admin. */
  login_notice: Generated<string>;
  created_at: number;
  updated_at: number;
}

export interface UsersTable {
  id: string;
  /** Stored lower-case; sign-in is case-insensitive. */
  username: string;
  name: string;
  nickname: string;
  avatar: string | null;
  /** scrypt$N$r$p$salt$hash, see modules/account/passwords.ts */
  password_hash: string;
  /** Comma-separated client types the user holds, e.g. '1' or '1,2'. */
  client_types: string;
  default_client_type: ClientType;
  /** Comma-separated menu ids; null means the default for the client type. */
  menus: string | null;
  /** 1: may run the school's administration (with client type 2); added by 0024_admin. */
  admin: Generated<number>;
  /** Set when an administrator disabled the account: no sign-in, every token refused. */
  disabled_at: number | null;
  /** 1: signed in with a one-time password; nothing but changing it is allowed. */
  must_change_password: Generated<number>;
  /** E-mail and 工号/学号 as the school's sign-on gave them last, '' when none; added by 0085_user_email_number. */
  email: Generated<string>;
  number: Generated<string>;
  created_at: number;
  updated_at: number;
}

export interface AuthTokensTable {
  id: string;
  /** SHA-256 hex of the bearer token; the token itself is never stored. */
  token_hash: string;
  user_id: string;
  client_type: ClientType;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  /** Why it was revoked (http/auth.ts), told to the next request that presents it; null for tokens revoked before 0037. */
  revoked_reason: TokenEndReason | null;
}

export interface ClassesTable {
  id: string;
  name: string;
  /** The term the class studies in (e.g. '2025-1'), '' when unknown; added by 0004_courses. */
  term: Generated<string>;
  /** What students type to join (0014_class_join_codes); null: joining by code is off. */
  join_code: string | null;
  /** The major's value in the `major` dictionary, '' when none (0024_admin). */
  major: Generated<string>;
  created_at: number;
}

export type ClassRole = 'teacher' | 'student';

export interface ClassMembersTable {
  class_id: string;
  user_id: string;
  role: ClassRole;
  created_at: number;
}

export interface DictEntriesTable {
  dict_id: string;
  value: string;
  label: string;
  sort_order: number;
}

export interface AgreementsTable {
  id: string;
  title: string;
  /** Markdown; the front end renders it through marked + dompurify. */
  content: string;
  updated_at: number;
}

export type FileVisibility = 'private' | 'public';

export interface FilesTable {
  id: string;
  owner_id: string;
  /** The name the user uploaded it under (display only, never a path). */
  name: string;
  /** Random name under ZX_DATA_DIR/files. */
  stored_name: string;
  mime: string;
  size: number;
  sha256: string;
  visibility: FileVisibility;
  created_at: number;
}

export interface Database
  extends
    AdminTables,
    ChatTables,
    CourseTables,
    AssistantTables,
    UploadTables,
    KnowledgeTables,
    ResourceTables,
    EmbedTables,
    EvaluationTables,
    QuotaTables,
    GenerationTables,
    RecordTables,
    BoardTables {
  schools: SchoolsTable;
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  classes: ClassesTable;
  class_members: ClassMembersTable;
  dict_entries: DictEntriesTable;
  agreements: AgreementsTable;
  files: FilesTable;
}

// Mind maps (0030) join Database here, apart from the shared line above (a merge hot spot).
// An interface on purpose: it merges with the Database declared above.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Database extends MindMapTables {}

// Content safety (0046) joins the same way.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Database extends SafetyTables {}

// School sign-on (0070) joins the same way.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Database extends SignonTables {}
// Live sessions (0075) join the same way.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Database extends LiveTables {}
// Work placements (0080) join the same way.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Database extends PlacementTables {}
// LTI 1.3 (0090) joins the same way.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Database extends LtiTables {}
