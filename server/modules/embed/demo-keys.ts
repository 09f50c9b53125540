// The demo school's embed keys, so that `npm start` and then
// http://localhost:8080/demo/cms.html just works: two keys of the demo
// teacher for two system assistants, usable only from Zhixue's own pages
// (the demo folder is served by this server, whatever its address).
//
// Their ids are random per installation (`zxk_demo_safety_<random>`): a fixed
// id known to everyone would let anyone who can reach the server use its AI.
// The demo pages name them by placeholder (`zxk_demo_safety`), replaced
// with this installation's id when the page is served.
// They are made only with the demo school (a school that imported its own
// roster first gets none) and are off until someone turns them on (the
// teacher's embed keys screen, or ZX_DEMO_EMBED_KEYS=enabled at the first
// start for a development machine): a key printed on a public demo page
// must not hand out sessions on a real installation.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { DEFAULT_LOCALE } from '../../i18n/locales.js';
import { DEFAULT_LIMITS } from './keys.js';
import { insertKey } from './store.js';

export const DEMO_EMBED_KEYS = [
  { placeholder: 'zxk_demo_safety', name: '示例：学校新闻页（安全实训）', assistantId: 'sys-safety-tutor' },
  { placeholder: 'zxk_demo_study', name: '示例：学校新闻页（学习辅导）', assistantId: 'sys-study-helper' },
] as const;

export type DemoKeyPlaceholder = (typeof DEMO_EMBED_KEYS)[number]['placeholder'];

export async function seedDemoEmbedKeys(db: Kysely<Database>, teacherId: string, now: number, enabled: boolean): Promise<void> {
  for (const [i, demo] of DEMO_EMBED_KEYS.entries()) {
    await insertKey(db, {
      id: `${demo.placeholder}_${randomBytes(12).toString('hex')}`,
      ownerId: teacherId,
      assistantId: demo.assistantId,
      name: demo.name,
      origins: [],
      hostedPages: true,
      visitors: 'anonymous',
      identitySecret: null,
      limits: DEFAULT_LIMITS,
      enabled,
      serviceUserId: null,
      // The demo school is Chinese content on purpose: its visitors' account is named in zh-CN.
      locale: DEFAULT_LOCALE,
      createdAt: now + i,
      updatedAt: now + i,
    });
  }
}

/** This installation's id for each demo key still present (oldest first). */
export async function demoKeyIds(db: Kysely<Database>): Promise<Partial<Record<DemoKeyPlaceholder, string>>> {
  const ids: Partial<Record<DemoKeyPlaceholder, string>> = {};
  for (const { placeholder } of DEMO_EMBED_KEYS) {
    const row = await db.selectFrom('embed_keys').select('id').where('id', 'like', `${placeholder}_%`).orderBy('created_at').executeTakeFirst();
    if (row) ids[placeholder] = row.id;
  }
  return ids;
}

/** The demo pages that name a key, served with this installation's key ids in place of the placeholders. */
export function registerDemoPages(app: FastifyInstance, db: Kysely<Database>, demoDir: string): void {
  for (const page of ['cms.html', 'iframe.html']) {
    app.get(`/demo/${page}`, async (_request, reply) => {
      let html: string;
      try {
        html = await fs.readFile(path.join(demoDir, page), 'utf8');
      } catch {
        return reply.callNotFound();
      }
      const ids = await demoKeyIds(db);
      for (const { placeholder } of DEMO_EMBED_KEYS) html = html.replace(new RegExp(`\\b${placeholder}\\b`, 'gu'), ids[placeholder] ?? placeholder);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    });
  }
}
