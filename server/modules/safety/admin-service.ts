// What managers with the admin right do with content safety: the word lists
// (add, import, export, delete), the allowlist, the settings, and the event
// list ("not a violation" allowlists the event's phrase). Every change is
// announced so each instance checks against it within seconds.
import type { ServerContext } from '../../context.js';
import { aliyunModerationFrom } from './aliyun-moderation.js';
import type { SafetyCategory, SafetyWordAction } from '../../db/tables/safety.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { AuthUser } from '../../http/auth.js';
import { runInWorker, WorkerLimitError, workerUrl } from '../../workers/run-worker.js';
import { findFile } from '../uploads/index.js';
import { categoryOf } from './categories.js';
import { announceSafetyChange, safetyState } from './runtime.js';
import type { SafetySettings } from './settings.js';
import { bumpVersion, deleteAllow, deleteWord, insertAllow, insertWords, listAllow, listWords, writeSetting } from './store.js';
import type { ReadWord, WordFileInput } from './word-sheet.js';

const IMPORT_LIMITS = { memoryMb: 256, timeoutMs: 60_000 };
const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

export interface NewWord {
  word: string;
  category: SafetyCategory;
  action?: SafetyWordAction;
}

async function changed(ctx: ServerContext): Promise<void> {
  await bumpVersion(ctx.db, ctx.now());
  await announceSafetyChange(ctx);
}

export async function addWords(ctx: ServerContext, userId: string, words: readonly NewWord[]): Promise<{ added: number }> {
  const cleaned = new Map<string, { word: string; category: SafetyCategory; action: SafetyWordAction }>();
  for (const w of words) {
    const word = w.word.trim();
    if (word) cleaned.set(word, { word, category: w.category, action: w.action ?? 'block' });
  }
  if (cleaned.size === 0) throw badRequest('请至少填写一个词');
  const added = await insertWords(ctx.db, [...cleaned.values()], userId, ctx.now());
  await changed(ctx);
  return { added };
}

export async function importWords(ctx: ServerContext, user: AuthUser, input: { fileId: string; category: SafetyCategory; action?: SafetyWordAction }) {
  const file = await findFile(ctx.db, input.fileId);
  if (!file || file.ownerId !== user.id) throw notFound('文件不存在，请重新上传');
  if (file.size > MAX_IMPORT_BYTES) throw badRequest('词表文件不能超过 10 MB');
  const ext = file.name.toLowerCase().split('.').pop();
  if (ext !== 'txt' && ext !== 'xlsx') throw badRequest('词表只能是 TXT（每行一个词）或 Excel（.xlsx）文件');
  const bytes = await ctx.files.readAll(file.storedName);
  let read: ReadWord[];
  try {
    read = await runInWorker<WordFileInput, ReadWord[]>(workerUrl('./word-sheet.js', import.meta.url), { bytes, kind: ext }, IMPORT_LIMITS);
  } catch (error) {
    if (error instanceof WorkerLimitError) throw badRequest(`文件无法读取：${error.message}`);
    throw badRequest('文件已损坏或格式无法识别，请按模板整理后再导入');
  }
  if (read.length === 0) throw badRequest('没有读到词：TXT 每行一个词，XLSX 第一列为词、第二列为类别');
  return addWords(
    ctx,
    user.id,
    read.map((r) => ({ word: r.word, category: categoryOf(r.category, input.category), action: input.action })),
  );
}

export async function removeWord(ctx: ServerContext, id: string): Promise<void> {
  if (!(await deleteWord(ctx.db, id))) throw notFound('词不存在');
  await changed(ctx);
}

export async function allowPhrases(ctx: ServerContext, userId: string, phrases: readonly string[]): Promise<void> {
  const cleaned = [...new Set(phrases.map((p) => p.trim()).filter(Boolean))];
  if (cleaned.length === 0) throw badRequest('请至少填写一个词');
  await insertAllow(ctx.db, cleaned, userId, ctx.now());
  await changed(ctx);
}

export async function removeAllowed(ctx: ServerContext, id: string): Promise<void> {
  if (!(await deleteAllow(ctx.db, id))) throw notFound('白名单短语不存在');
  await changed(ctx);
}

export { listAllow, listWords };

/** The settings, and whether the environment configures a cloud moderation service managers may switch on. */
export type SettingsView = SafetySettings & { cloudAvailable: boolean };

export async function readSettings(ctx: ServerContext): Promise<SettingsView> {
  return { ...(await safetyState(ctx)).settings, cloudAvailable: aliyunModerationFrom(ctx.config.env) !== null };
}

export async function saveSettings(ctx: ServerContext, patch: Partial<SafetySettings>): Promise<SettingsView> {
  const current = (await safetyState(ctx)).settings;
  const next = { ...current, ...patch };
  if (next.guardModel && !ctx.ai.resolve(next.guardModel)) throw badRequest('所选的审核模型不存在');
  if (patch.cloudModeration && !aliyunModerationFrom(ctx.config.env))
    throw badRequest('云内容安全服务未配置，请先在服务器环境中设置阿里云内容安全的 AccessKey');
  await writeSetting(ctx.db, 'settings', JSON.stringify(next), ctx.now());
  await changed(ctx);
  return readSettings(ctx);
}

/** "Not a violation": the event is dismissed and its phrase (the text around the match) allowlisted. */
export async function dismissEvent(ctx: ServerContext, userId: string, eventId: string, phrase?: string): Promise<void> {
  const event = await ctx.db.selectFrom('safety_events').select(['id', 'excerpt']).where('id', '=', eventId).executeTakeFirst();
  if (!event) throw notFound('记录不存在');
  const allowed = (phrase ?? event.excerpt).replace(/^…|…$/gu, '').trim();
  await ctx.db.updateTable('safety_events').set({ dismissed: 1 }).where('id', '=', eventId).execute();
  if (allowed) await allowPhrases(ctx, userId, [allowed]);
}
