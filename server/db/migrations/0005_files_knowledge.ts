// Chunked uploads, the knowledge library (datasets, documents, chunks and the
// full-text index) and the resource library (folders, resources, shares).
// Full text: SQLite keeps an FTS5 table beside the chunks; PostgreSQL a
// tsvector column with a GIN index. Both only pick candidates: BM25 itself is
// computed the same way on both (server/modules/knowledge/bm25.ts) from
// knowledge_terms and the dataset statistics.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('upload_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('total_size', 'bigint', (c) => c.notNull())
    .addColumn('chunk_size', 'bigint', (c) => c.notNull())
    .addColumn('total_chunks', 'integer', (c) => c.notNull())
    .addColumn('file_sha256', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('file_id', 'text', (c) => c.references('files.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('upload_sessions_owner_identifier', ['owner_id', 'identifier'])
    .execute();
  await db.schema.createIndex('upload_sessions_updated').on('upload_sessions').column('updated_at').execute();

  await db.schema
    .createTable('upload_chunks')
    .addColumn('session_id', 'text', (c) => c.notNull().references('upload_sessions.id').onDelete('cascade'))
    .addColumn('chunk_number', 'integer', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('upload_chunks_pk', ['session_id', 'chunk_number'])
    .execute();

  await db.schema
    .createTable('file_link_secrets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('files_owner_sha256').on('files').columns(['owner_id', 'sha256']).execute();

  await db.schema
    .createTable('knowledge_datasets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('visibility', 'text', (c) => c.notNull())
    .addColumn('chunk_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('term_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('knowledge_datasets_owner').on('knowledge_datasets').column('owner_id').execute();

  await db.schema
    .createTable('knowledge_dataset_courses')
    .addColumn('dataset_id', 'text', (c) => c.notNull().references('knowledge_datasets.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('knowledge_dataset_courses_pk', ['dataset_id', 'course_id'])
    .execute();

  await db.schema
    .createTable('knowledge_documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('dataset_id', 'text', (c) => c.notNull().references('knowledge_datasets.id').onDelete('cascade'))
    .addColumn('file_id', 'text', (c) => c.notNull().references('files.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('page_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('char_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('chunk_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('knowledge_documents_dataset').on('knowledge_documents').columns(['dataset_id', 'created_at']).execute();
  await db.schema.createIndex('knowledge_documents_status').on('knowledge_documents').column('status').execute();

  await db.schema
    .createTable('knowledge_chunks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('dataset_id', 'text', (c) => c.notNull().references('knowledge_datasets.id').onDelete('cascade'))
    .addColumn('document_id', 'text', (c) => c.notNull().references('knowledge_documents.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('page', 'integer')
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('terms', 'text', (c) => c.notNull())
    .addColumn('term_count', 'integer', (c) => c.notNull())
    .addColumn('embedding', 'text')
    .addColumn('edited', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fts_rowid', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('knowledge_chunks_document').on('knowledge_chunks').columns(['document_id', 'position']).execute();
  await db.schema.createIndex('knowledge_chunks_dataset').on('knowledge_chunks').column('dataset_id').execute();
  await db.schema.createIndex('knowledge_chunks_fts_rowid').on('knowledge_chunks').column('fts_rowid').execute();

  await db.schema
    .createTable('knowledge_terms')
    .addColumn('dataset_id', 'text', (c) => c.notNull().references('knowledge_datasets.id').onDelete('cascade'))
    .addColumn('term', 'text', (c) => c.notNull())
    .addColumn('df', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('knowledge_terms_pk', ['dataset_id', 'term'])
    .execute();

  if (isPostgres(db)) {
    await sql`alter table knowledge_chunks add column tsv tsvector`.execute(db);
    await sql`create index knowledge_chunks_tsv on knowledge_chunks using gin (tsv)`.execute(db);
  } else {
    // Terms are pre-segmented and space-separated; unicode61 keeps each whole.
    await sql`create virtual table knowledge_fts using fts5(terms, dataset_id unindexed, tokenize = 'unicode61 remove_diacritics 0')`.execute(db);
  }

  await db.schema
    .createTable('resource_folders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('parent_id', 'text', (c) => c.references('resource_folders.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('resource_folders_owner_parent').on('resource_folders').columns(['owner_id', 'parent_id']).execute();

  await db.schema
    .createTable('resources')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('folder_id', 'text', (c) => c.references('resource_folders.id').onDelete('cascade'))
    .addColumn('file_id', 'text', (c) => c.notNull().references('files.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('resources_owner_folder').on('resources').columns(['owner_id', 'folder_id']).execute();
  await db.schema.createIndex('resources_file').on('resources').column('file_id').execute();

  await db.schema
    .createTable('resource_shares')
    .addColumn('resource_id', 'text', (c) => c.notNull().references('resources.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (c) => c.notNull())
    .addColumn('shared_by', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('resource_shares_pk', ['resource_id', 'course_id'])
    .execute();
  await db.schema.createIndex('resource_shares_course').on('resource_shares').column('course_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) await sql`drop table if exists knowledge_fts`.execute(db);
  for (const table of [
    'resource_shares',
    'resources',
    'resource_folders',
    'knowledge_terms',
    'knowledge_chunks',
    'knowledge_documents',
    'knowledge_dataset_courses',
    'knowledge_datasets',
    'file_link_secrets',
    'upload_chunks',
    'upload_sessions',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropIndex('files_owner_sha256').execute();
}
