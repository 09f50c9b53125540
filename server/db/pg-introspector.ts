// Table lookups (the migrator's "does the migration table exist?") that read
// only this installation's schema. Kysely's PostgreSQL introspector reads the
// columns of every schema in the database and looks each schema up by name
// per row (has_schema_privilege, pg_get_serial_sequence): when another
// installation or test run sharing the database drops its schema meanwhile,
// the lookup fails with 'schema "…" does not exist' and this server's
// migration with it (seen with the server tests running two files at a time;
// test/server/db/pg-other-schemas.test.ts). Reading one schema also keeps a start
// from scanning every other installation's catalogue.
import {
  PostgresDialect,
  PostgresIntrospector,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

/** Kysely's own bookkeeping tables, left out unless asked for (as Kysely's introspector does). */
const KYSELY_TABLES = ['kysely_migration', 'kysely_migration_lock'];

interface ColumnRow {
  table: string;
  kind: string;
  schema: string;
  column: string;
  not_null: boolean;
  has_default: boolean;
  type: string;
  type_schema: string;
  comment: string | null;
  serial: string | null;
}

/** PostgresDialect whose introspector reads only the connection's current schema. */
export class SchemaScopedPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SchemaScopedIntrospector(db);
  }
}

class SchemaScopedIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;
  /** Kysely's own, for schema names only: read from pg_namespace with no per-row lookup a dropped schema could fail. */
  readonly #schemas: PostgresIntrospector;

  constructor(db: Kysely<unknown>) {
    this.#db = db;
    this.#schemas = new PostgresIntrospector(db);
  }

  getSchemas(): Promise<SchemaMetadata[]> {
    return this.#schemas.getSchemas();
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    // The schema is matched in the join, so the functions in the select list run only on its rows.
    const { rows } = await sql<ColumnRow>`
      select c.relname as "table", c.relkind as kind, ns.nspname as schema, a.attname as "column",
        a.attnotnull as not_null, a.atthasdef as has_default, typ.typname as type, tns.nspname as type_schema,
        col_description(a.attrelid, a.attnum) as comment,
        pg_get_serial_sequence(quote_ident(ns.nspname) || '.' || quote_ident(c.relname), a.attname) as serial
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace and ns.nspname = current_schema()
      join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum >= 0 and not a.attisdropped
      join pg_catalog.pg_type typ on typ.oid = a.atttypid
      join pg_catalog.pg_namespace tns on tns.oid = typ.typnamespace
      where c.relkind in ('r', 'v', 'p')
      order by c.relname, a.attnum`.execute(this.#db);
    const tables = new Map<string, { name: string; schema: string; isView: boolean; columns: TableMetadata['columns'][number][] }>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && KYSELY_TABLES.includes(row.table)) continue;
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, schema: row.schema, isView: row.kind === 'v', columns: [] };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: !row.not_null,
        hasDefaultValue: row.has_default,
        isAutoIncrementing: row.serial !== null,
        ...(row.comment !== null ? { comment: row.comment } : {}),
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}
