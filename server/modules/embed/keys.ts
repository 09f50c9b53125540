// Embed keys as their owner manages them: a teacher makes a key for an
// assistant they may use, lists the sites allowed to use it, chooses who may
// chat (anonymous, signed school accounts, or both) and the daily limits.
// Another teacher's key answers 404. The identity secret is shown once, when
// it is made; afterwards only whether one exists.
import type { ServerContext } from '../../context.js';
import { newId } from '../../db/ids.js';
import type { EmbedVisitorMode } from '../../db/tables/embed.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { ServerLocale } from '../../i18n/locales.js';
import { deleteServiceAccount } from '../account/index.js';
import { findAssistantById, findUsableAssistant } from '../assistants/index.js';
import { dayOf } from '../courses/index.js';
import { newIdentitySecret } from './identity.js';
import { normalizeOrigin } from './origins.js';
import { deleteKey, findKey, insertKey, listKeysOf, updateKey, usageByKey, type EmbedKeyRecord, type EmbedLimits } from './store.js';

export const KEY_NOT_FOUND = '嵌入密钥不存在或已删除';
export const MAX_ORIGINS = 20;

export interface KeyInput {
  name: string;
  assistantId: string;
  origins: string[];
  hostedPages?: boolean;
  visitors?: EmbedVisitorMode;
  limits?: Partial<EmbedLimits>;
  enabled?: boolean;
}

export interface KeyView {
  key: string;
  name: string;
  assistantId: string;
  /** null when the assistant was deleted since (the key then refuses chats). */
  assistant: { title: string; avatar: string } | null;
  origins: string[];
  hostedPages: boolean;
  visitors: EmbedVisitorMode;
  hasSecret: boolean;
  limits: EmbedLimits;
  enabled: boolean;
  today: { messages: number; tokens: number; visitors: number };
  createTime: number;
  updateTime: number;
  /** Only right after it was made: the identity secret for the CMS server. */
  secret?: string;
}

export const DEFAULT_LIMITS: EmbedLimits = { visitorDailyMessages: 50, visitorDailyTokens: 0, dailyMessages: 2000, dailyTokens: 0 };

export function newKeyId(): string {
  return `zxk_${newId()}`;
}

function checkOrigins(list: readonly string[], hostedPages: boolean): string[] {
  const result: string[] = [];
  for (const raw of list) {
    if (!raw.trim()) continue;
    const origin = normalizeOrigin(raw);
    if (!origin) throw badRequest(`“${raw.trim().slice(0, 80)}”不是有效的网站地址，请只填写协议、域名和端口，例如 https://www.school.edu.cn`);
    if (!result.includes(origin)) result.push(origin);
  }
  if (result.length > MAX_ORIGINS) throw badRequest(`最多允许 ${MAX_ORIGINS} 个网站，请删减后再保存`);
  if (result.length === 0 && !hostedPages) throw badRequest('请至少填写一个允许嵌入的网站地址，或允许在智学自带页面中使用');
  return result;
}

async function checkAssistant(ctx: ServerContext, userId: string, assistantId: string): Promise<void> {
  const assistant = await findUsableAssistant(ctx, userId, assistantId).catch(() => null);
  if (!assistant) throw badRequest('所选助手不存在或你无权使用，请重新选择');
  if (assistant.kind === 'form') throw badRequest('表单应用不能嵌入对话，请选择对话类助手');
}

async function requireOwnKey(ctx: ServerContext, userId: string, id: string): Promise<EmbedKeyRecord> {
  const key = await findKey(ctx.db, id);
  if (!key || key.ownerId !== userId) throw notFound(KEY_NOT_FOUND);
  return key;
}

async function views(ctx: ServerContext, keys: EmbedKeyRecord[]): Promise<KeyView[]> {
  const usage = await usageByKey(
    ctx.db,
    keys.map((k) => k.id),
    dayOf(ctx.now()),
  );
  const assistants = new Map<string, { title: string; avatar: string } | null>();
  for (const id of new Set(keys.map((k) => k.assistantId))) {
    const a = await findAssistantById(ctx, id);
    assistants.set(id, a ? { title: a.title, avatar: a.avatar } : null);
  }
  return keys.map((k) => ({
    key: k.id,
    name: k.name,
    assistantId: k.assistantId,
    assistant: assistants.get(k.assistantId) ?? null,
    origins: k.origins,
    hostedPages: k.hostedPages,
    visitors: k.visitors,
    hasSecret: k.identitySecret !== null,
    limits: k.limits,
    enabled: k.enabled,
    today: usage.get(k.id) ?? { messages: 0, tokens: 0, visitors: 0 },
    createTime: k.createdAt,
    updateTime: k.updatedAt,
  }));
}

export async function listOwnKeys(ctx: ServerContext, userId: string): Promise<KeyView[]> {
  return views(ctx, await listKeysOf(ctx.db, userId));
}

export async function getOwnKey(ctx: ServerContext, userId: string, id: string): Promise<KeyView> {
  return (await views(ctx, [await requireOwnKey(ctx, userId, id)]))[0]!;
}

function mergedLimits(base: EmbedLimits, input: Partial<EmbedLimits> | undefined): EmbedLimits {
  return { ...base, ...Object.fromEntries(Object.entries(input ?? {}).filter(([, v]) => v !== undefined)) };
}

/** `locale`: the creator's language, kept for naming the key's service account later (service-user.ts). */
export async function createKey(ctx: ServerContext, userId: string, input: KeyInput, locale: ServerLocale): Promise<KeyView> {
  const name = input.name.trim();
  if (!name) throw badRequest('请填写密钥名称，例如“学校官网”');
  await checkAssistant(ctx, userId, input.assistantId);
  const hostedPages = input.hostedPages ?? true;
  const visitors = input.visitors ?? 'anonymous';
  const now = ctx.now();
  const key: EmbedKeyRecord = {
    id: newKeyId(),
    ownerId: userId,
    assistantId: input.assistantId,
    name,
    origins: checkOrigins(input.origins, hostedPages),
    hostedPages,
    visitors,
    identitySecret: visitors === 'anonymous' ? null : newIdentitySecret(),
    limits: mergedLimits(DEFAULT_LIMITS, input.limits),
    enabled: input.enabled ?? true,
    serviceUserId: null,
    locale,
    createdAt: now,
    updatedAt: now,
  };
  await insertKey(ctx.db, key);
  const view = await getOwnKey(ctx, userId, key.id);
  return key.identitySecret ? { ...view, secret: key.identitySecret } : view;
}

export async function updateOwnKey(ctx: ServerContext, userId: string, id: string, input: Partial<KeyInput>): Promise<KeyView> {
  const current = await requireOwnKey(ctx, userId, id);
  if (input.assistantId !== undefined && input.assistantId !== current.assistantId) await checkAssistant(ctx, userId, input.assistantId);
  const name = input.name === undefined ? current.name : input.name.trim();
  if (!name) throw badRequest('请填写密钥名称，例如“学校官网”');
  const hostedPages = input.hostedPages ?? current.hostedPages;
  const visitors = input.visitors ?? current.visitors;
  // Turning on signed visitors makes a secret; it is returned this once.
  const newSecret = visitors !== 'anonymous' && current.identitySecret === null ? newIdentitySecret() : null;
  const next: EmbedKeyRecord = {
    ...current,
    name,
    assistantId: input.assistantId ?? current.assistantId,
    origins: checkOrigins(input.origins ?? current.origins, hostedPages),
    hostedPages,
    visitors,
    identitySecret: newSecret ?? current.identitySecret,
    limits: mergedLimits(current.limits, input.limits),
    enabled: input.enabled ?? current.enabled,
    updatedAt: ctx.now(),
  };
  await updateKey(ctx.db, next);
  const view = await getOwnKey(ctx, userId, id);
  return newSecret ? { ...view, secret: newSecret } : view;
}

/** A new identity secret; signatures made with the old one stop working at once. */
export async function rotateSecret(ctx: ServerContext, userId: string, id: string): Promise<{ secret: string }> {
  const current = await requireOwnKey(ctx, userId, id);
  const secret = newIdentitySecret();
  await updateKey(ctx.db, { ...current, identitySecret: secret, updatedAt: ctx.now() });
  return { secret };
}

/** Deletes the key, its visitors, and the anonymous visitors' chats with it. Signed visitors keep theirs. */
export async function deleteOwnKey(ctx: ServerContext, userId: string, id: string): Promise<void> {
  const key = await requireOwnKey(ctx, userId, id);
  await ctx.db.transaction().execute(async (trx) => {
    await deleteKey(trx, key.id);
    if (key.serviceUserId) await deleteServiceAccount(trx, key.serviceUserId);
  });
}
