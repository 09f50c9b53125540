// Tables of the assistants area (AI apps, form apps, inquiry practice).
// Composed into `Database` in ../schema.ts.

/** 'sys' rows are seeded and read-only; 'user' rows belong to their owner. */
export type AssistantTypeMode = 'sys' | 'user';

/**
 * chat: an ordinary assistant; inquiry: a Socratic guided-inquiry assistant
 * (inquiry practice); form: an app run from a form of fields and a prompt template.
 */
export type AssistantKind = 'chat' | 'inquiry' | 'form';

/** A category of the gallery (SPEC `GET /app/api/assistant/type?typeMode`). */
export interface AssistantTypesTable {
  id: string;
  /** 'sys': categories of assistants; 'form': categories of form apps. */
  type_mode: string;
  name: string;
  /** A name from the element's icon set. */
  icon: string;
  sort_order: number;
}

export interface AssistantsTable {
  id: string;
  /** null for system assistants. */
  owner_id: string | null;
  type_mode: AssistantTypeMode;
  kind: AssistantKind;
  type_id: string | null;
  title: string;
  description: string;
  /** '' (initial on a colour), or the URL of an uploaded public image. */
  avatar: string;
  system_message: string;
  model: string | null;
  model_version: string | null;
  temperature: number;
  top_p: number;
  opening_message: string;
  /** JSON list of strings. */
  starter_questions: string;
  /** JSON list of knowledge dataset ids. */
  dataset_ids: string;
  /** Form apps: JSON list of field definitions (see modules/assistants/form-rules.ts). */
  form_fields: string;
  /** Form apps: the prompt with {{field}} placeholders. */
  prompt_template: string;
  sort_order: number;
  created_at: number;
  updated_at: number;
}

export type PublicationScope = 'school' | 'course';

export interface AssistantPublicationsTable {
  assistant_id: string;
  scope: PublicationScope;
  /** '' for the school scope (so the primary key works on both databases). */
  course_id: string;
  created_at: number;
}

export interface AssistantFavoritesTable {
  user_id: string;
  assistant_id: string;
  created_at: number;
}

/** External practice apps (virtual labs, simulations) registered by teachers. */
export interface PracticeAppsTable {
  id: string;
  owner_id: string;
  title: string;
  description: string;
  /** http(s) only, checked on the server. */
  url: string;
  /** '' (a default icon), or the URL of an uploaded public image. */
  icon: string;
  created_at: number;
  updated_at: number;
}

export interface AssistantTables {
  assistant_types: AssistantTypesTable;
  assistants: AssistantsTable;
  assistant_publications: AssistantPublicationsTable;
  assistant_favorites: AssistantFavoritesTable;
  practice_apps: PracticeAppsTable;
}
