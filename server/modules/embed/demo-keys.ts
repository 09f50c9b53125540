// The demo school's embed keys, so that `npm start` and then
// http://localhost:8080/demo/cms.html just works: two keys of the demo
// teacher for two system assistants, usable only from Zhixue's own pages
// (the demo folder is served by this server, whatever its address).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { DEFAULT_LIMITS } from './keys.js';
import { insertKey } from './store.js';

export const DEMO_EMBED_KEYS = [
  { id: 'zxk_demo_safety', name: '示例：学校新闻页（安全实训）', assistantId: 'sys-safety-tutor' },
  { id: 'zxk_demo_study', name: '示例：学校新闻页（学习辅导）', assistantId: 'sys-study-helper' },
] as const;

export async function seedDemoEmbedKeys(db: Kysely<Database>, teacherId: string, now: number): Promise<void> {
  for (const [i, demo] of DEMO_EMBED_KEYS.entries()) {
    await insertKey(db, {
      id: demo.id,
      ownerId: teacherId,
      assistantId: demo.assistantId,
      name: demo.name,
      origins: [],
      hostedPages: true,
      visitors: 'anonymous',
      identitySecret: null,
      limits: DEFAULT_LIMITS,
      enabled: true,
      serviceUserId: null,
      createdAt: now + i,
      updatedAt: now + i,
    });
  }
}
