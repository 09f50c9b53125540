// LTI 1.3 Advantage, Zhixue as a tool inside a school's LMS: the platforms a
// manager registers, the tool's own signing key (its private half never leaves
// the server), the state and nonce between login initiation and launch, the
// LMS courses (contexts) and resource links seen at launches, and the grade
// posts a released evaluation owes the LMS gradebook (claimed with a lease,
// retried until done).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('lti_platforms')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('deployment_ids', 'text', (c) => c.notNull())
    .addColumn('auth_login_url', 'text', (c) => c.notNull())
    .addColumn('token_url', 'text', (c) => c.notNull())
    .addColumn('jwks_url', 'text', (c) => c.notNull())
    .addColumn('frame_origin', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lti_platforms_client').on('lti_platforms').columns(['issuer', 'client_id']).unique().execute();
  await db.schema
    .createTable('lti_keys')
    .addColumn('kid', 'text', (c) => c.primaryKey())
    .addColumn('private_jwk', 'text', (c) => c.notNull())
    .addColumn('public_jwk', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('lti_states')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('platform_id', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('lti_contexts')
    .addColumn('platform_id', 'text', (c) => c.notNull())
    .addColumn('context_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('class_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('memberships_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('lineitems_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('roster_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('lti_contexts_pk', ['platform_id', 'context_id'])
    .execute();
  await db.schema
    .createTable('lti_resource_links')
    .addColumn('platform_id', 'text', (c) => c.notNull())
    .addColumn('resource_link_id', 'text', (c) => c.notNull())
    .addColumn('context_id', 'text', (c) => c.notNull())
    .addColumn('target_kind', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('lineitem_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('lti_resource_links_pk', ['platform_id', 'resource_link_id'])
    .execute();
  await db.schema.createIndex('lti_resource_links_target').on('lti_resource_links').columns(['target_kind', 'target_id']).execute();
  await db.schema
    .createTable('lti_grade_posts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('platform_id', 'text', (c) => c.notNull())
    .addColumn('context_id', 'text', (c) => c.notNull())
    .addColumn('evaluation_id', 'text', (c) => c.notNull())
    .addColumn('lineitem_url', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('posted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('next_at', 'bigint', (c) => c.notNull())
    .addColumn('lease_until', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lti_grade_posts_due').on('lti_grade_posts').columns(['state', 'next_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['lti_grade_posts', 'lti_resource_links', 'lti_contexts', 'lti_states', 'lti_keys', 'lti_platforms']) {
    await db.schema.dropTable(table).execute();
  }
}
