// Tables of school administration (server/modules/admin). Composed into
// `Database` in ../schema.ts; the users, classes and schools columns it adds
// are typed there.

/** A model server a manager connected in the browser (beside ZX_LLM_* / ZX_CONFIG). */
export interface ModelProvidersTable {
  id: string;
  name: string;
  base_url: string;
  /** 'enc:v1:…' (AES-256-GCM under ZX_SECRET_KEY), 'plain:…' when no server secret is set, '' for none. Never sent to a browser. */
  api_key: string;
  /** JSON list of {name, label?, versions, vision, contextTokens}. */
  models: string;
  timeout_seconds: number;
  enabled: number;
  created_at: number;
  updated_at: number;
}

/** One JSON value per key (the default model, which client types may use which model). */
export interface AdminSettingsTable {
  key: string;
  value: string;
  updated_at: number;
}

export interface AdminTables {
  model_providers: ModelProvidersTable;
  admin_settings: AdminSettingsTable;
}
