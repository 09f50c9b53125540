// Tables of the resource library. Composed into `Database` in ../schema.ts.

export interface ResourceFoldersTable {
  id: string;
  owner_id: string;
  /** null: at the top of the owner's library. */
  parent_id: string | null;
  name: string;
  /** Set when deleted (undo clears it; purged after the undo window). */
  deleted_at: number | null;
  created_at: number;
  updated_at: number;
}

export type ResourceKind = 'video' | 'audio' | 'image' | 'pdf' | 'document' | 'text' | 'other';

export interface ResourcesTable {
  id: string;
  owner_id: string;
  folder_id: string | null;
  file_id: string;
  name: string;
  mime: string;
  size: number;
  kind: ResourceKind;
  /** JSON list of tags. */
  tags: string;
  deleted_at: number | null;
  created_at: number;
  updated_at: number;
}

/** A resource shared to a course: its members may see and download it. */
export interface ResourceSharesTable {
  resource_id: string;
  course_id: string;
  shared_by: string;
  created_at: number;
}

export interface ResourceTables {
  resource_folders: ResourceFoldersTable;
  resources: ResourcesTable;
  resource_shares: ResourceSharesTable;
}
