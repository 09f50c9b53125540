// The language of the teacher who made an embed key. The key's service
// account (the owner of its anonymous visitors' chats) is made later, when
// the first anonymous visitor arrives and no teacher's request is at hand,
// and its name is content once stored: it is written in this language.
// Keys made before were made in zh-CN.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('embed_keys')
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('zh-CN'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('embed_keys').dropColumn('locale').execute();
}
