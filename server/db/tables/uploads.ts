// Tables of chunked, resumable uploads. Composed into `Database` in ../schema.ts.

export type UploadStatus = 'open' | 'merging' | 'complete';

/** One file being uploaded in chunks (resumable.js / simple-uploader.js protocol). */
export interface UploadSessionsTable {
  id: string;
  owner_id: string;
  /** The client's `identifier`; one session per owner and identifier. */
  identifier: string;
  /** Display name only (cleaned); never used to build a path. */
  file_name: string;
  total_size: number;
  chunk_size: number;
  total_chunks: number;
  /** SHA-256 the client announced (`fileSha256`), checked after the merge. */
  file_sha256: string | null;
  status: UploadStatus;
  /** The stored file once complete. */
  file_id: string | null;
  /** While merging: until when this merge holds the session; an expired one is merged again from the chunks. */
  lease_until: number | null;
  created_at: number;
  updated_at: number;
}

export interface UploadChunksTable {
  session_id: string;
  chunk_number: number;
  size: number;
  created_at: number;
}

/** The key signing short-lived file links (media elements cannot send a bearer token). */
export interface FileLinkSecretsTable {
  id: string;
  secret: string;
  created_at: number;
}

export interface UploadTables {
  upload_sessions: UploadSessionsTable;
  upload_chunks: UploadChunksTable;
  file_link_secrets: FileLinkSecretsTable;
}
