// Tables of the embed area (script-tag widget, iframe and external chat) and
// the public portal pages. Composed into `Database` in ../schema.ts.

/** Who may chat through a key: anyone, only visitors the school's CMS signed, or both. */
export type EmbedVisitorMode = 'anonymous' | 'signed' | 'any';

/** A public key that lets visitors of listed sites chat with one assistant. */
export interface EmbedKeysTable {
  /** The public key itself (`zxk_…`), written into the CMS page. */
  id: string;
  /** The teacher who made it; the assistant is used as this teacher may use it. */
  owner_id: string;
  assistant_id: string;
  name: string;
  /** JSON list of exact origins (`https://www.school.edu.cn`) allowed to use the key. */
  origins: string;
  /** 1: Zhixue's own pages (/externalChat, /iframe, /portal, /demo) may use it too. */
  hosted_pages: number;
  visitors: EmbedVisitorMode;
  /** HMAC secret for signed identities; null until the teacher asks for signed visitors. Never sent to a browser. */
  identity_secret: string | null;
  /** Limits per calendar day; 0 means no limit. */
  visitor_daily_messages: number;
  visitor_daily_tokens: number;
  daily_messages: number;
  daily_tokens: number;
  enabled: number;
  /** The account that owns anonymous visitors' chats, created on first use. */
  service_user_id: string | null;
  /** The language of the teacher who made the key: the service account is named in it. */
  locale: string;
  created_at: number;
  updated_at: number;
}

/** One visitor of one key: an anonymous browser (by its secret's hash) or a signed school account. */
export interface EmbedVisitorsTable {
  id: string;
  key_id: string;
  /** SHA-256 hex of the visitor secret kept in the browser; null for signed visitors. */
  token_hash: string | null;
  /** The school account of a signed visitor; null for anonymous ones. */
  user_id: string | null;
  created_at: number;
  last_seen_at: number;
}

/** Which visitor a chat belongs to (chats themselves live in the chat tables). */
export interface EmbedConversationsTable {
  chat_id: string;
  key_id: string;
  visitor_id: string;
  created_at: number;
}

/** Messages and tokens used per key, visitor ('' = the whole key) and day (YYYY-MM-DD). */
export interface EmbedUsageTable {
  key_id: string;
  visitor_id: string;
  day: string;
  messages: number;
  tokens: number;
}

export type PortalSlug = 'portal' | 'mainPortal' | 'secondIndustryPortal';

/** A public portal page a school configures. */
export interface PortalsTable {
  slug: PortalSlug;
  title: string;
  subtitle: string;
  /** Image URL (uploaded file or http(s)) or ''. */
  banner: string;
  /** JSON lists: assistant ids, course ids, links [{title, url}]. */
  assistant_ids: string;
  course_ids: string;
  links: string;
  /** The key of the chat launcher shown on the page, or null for none. */
  embed_key_id: string | null;
  updated_by: string | null;
  updated_at: number;
}

export interface EmbedTables {
  embed_keys: EmbedKeysTable;
  embed_visitors: EmbedVisitorsTable;
  embed_conversations: EmbedConversationsTable;
  embed_usage: EmbedUsageTable;
  portals: PortalsTable;
}
