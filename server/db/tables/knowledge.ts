// Tables of the knowledge library. Composed into `Database` in ../schema.ts.
import type { Generated } from 'kysely';

/** private: the owner only; course: also members of the linked courses; school: every signed-in user. */
export type DatasetVisibility = 'private' | 'course' | 'school';

export interface KnowledgeDatasetsTable {
  id: string;
  owner_id: string;
  name: string;
  description: string;
  visibility: DatasetVisibility;
  /** BM25 statistics kept with every index change: number of chunks and of their terms. */
  chunk_count: number;
  term_count: number;
  created_at: number;
  updated_at: number;
}

/** Courses whose members may read a dataset of visibility 'course'. */
export interface KnowledgeDatasetCoursesTable {
  dataset_id: string;
  course_id: string;
  created_at: number;
}

export type DocumentStatus = 'queued' | 'parsing' | 'indexing' | 'ready' | 'error';

export interface KnowledgeDocumentsTable {
  id: string;
  dataset_id: string;
  file_id: string;
  name: string;
  mime: string;
  size: number;
  status: DocumentStatus;
  /** Why parsing or indexing failed, in words a teacher can act on. */
  error: string | null;
  page_count: number;
  char_count: number;
  chunk_count: number;
  /** Times indexing was started since it was queued; past ZX_INDEX_MAX_ATTEMPTS the document fails. */
  attempts: Generated<number>;
  /** While indexing: until when this run holds the document; a later run takes over an expired one. */
  lease_until: number | null;
  created_at: number;
  updated_at: number;
}

export interface KnowledgeChunksTable {
  id: string;
  dataset_id: string;
  document_id: string;
  /** Order within the document, from 0. */
  position: number;
  /** Page (PDF) or slide (PPTX) the chunk starts on; null for flowing text. */
  page: number | null;
  content: string;
  /** Index terms (words and CJK bigrams), space-separated, as searched. */
  terms: string;
  term_count: number;
  /** Base64 of a Float32Array when an embeddings model is configured. */
  embedding: string | null;
  /** 1 when a teacher edited the text by hand. */
  edited: number;
  /** SQLite only: rowid of the chunk's row in knowledge_fts. */
  fts_rowid: number | null;
  created_at: number;
  updated_at: number;
}

/** Document frequency of each term per dataset, for BM25's idf (same numbers on both databases). */
export interface KnowledgeTermsTable {
  dataset_id: string;
  term: string;
  df: number;
}

export interface KnowledgeTables {
  knowledge_datasets: KnowledgeDatasetsTable;
  knowledge_dataset_courses: KnowledgeDatasetCoursesTable;
  knowledge_documents: KnowledgeDocumentsTable;
  knowledge_chunks: KnowledgeChunksTable;
  knowledge_terms: KnowledgeTermsTable;
}
