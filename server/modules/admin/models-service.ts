// Models in school administration: the providers a manager connects in the
// browser (stored server-side, keys sealed and never handed out), the default
// model and which client types may pick which model. Every change rebuilds
// the live catalogue (server/ai/live-catalogue.ts), so the next chat uses it
// without a restart; other instances notice the new revision within seconds.
import type { FastifyInstance } from 'fastify';
import { completeText } from '../../ai/complete-text.js';
import type { SchoolModels } from '../../ai/live-catalogue.js';
import { createOpenAiCompatibleProvider } from '../../ai/openai-compatible.js';
import { AiConfigError, checkBaseUrl, guessContextTokens, MODEL_NAME, VISION_HINT, type OpenAiCompatibleSpec } from '../../ai/provider-config.js';
import { ProviderError } from '../../ai/types.js';
import type { ServerContext } from '../../context.js';
import { newId } from '../../db/ids.js';
import type { ClientType } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import {
  bumpModelsRevision,
  deleteProviderRow,
  insertProvider,
  listProviders,
  readModelSettings,
  readModelsRevision,
  updateProviderRow,
  writeModelSettings,
  type ProviderRecord,
  type StoredModel,
} from './models-store.js';
import type { SecretBox } from './secret-box.js';
import { hasControlChars } from '../../../shared/control-chars.js';

/** A provider as the admin screen shows it: never its key, only whether it has one. */
export interface AdminProvider {
  id: string;
  name: string;
  baseUrl: string;
  hasKey: boolean;
  models: StoredModel[];
  timeoutSeconds: number;
  enabled: boolean;
  updatedAt: number;
}

export interface ModelsOverview {
  providers: AdminProvider[];
  /** Every model offered now, with where it comes from (configuration or the school's providers). */
  models: Array<{ name: string; label: string; versions: string[]; source: 'config' | 'school' | 'builtin'; providerId: string }>;
  defaultModel: string;
  access: Record<string, ClientType[]>;
  /** Keys are stored encrypted (ZX_SECRET_KEY is set). */
  keysEncrypted: boolean;
}

export interface ModelInput {
  name: string;
  label?: string;
  versions?: string[];
  vision?: boolean;
  contextTokens?: number;
}

export interface ProviderInput {
  name: string;
  baseUrl: string;
  /** Absent: keep the stored key; '': remove it. */
  apiKey?: string;
  models: ModelInput[];
  timeoutSeconds?: number;
  enabled?: boolean;
}

const PROVIDER_NOT_FOUND = '模型服务不存在';
const SCHOOL_PROVIDER_PREFIX = 'school-';
/** How often an instance looks for changes another instance made. */
const WATCH_INTERVAL_MS = 10_000;

const boxes = new WeakMap<ServerContext, SecretBox>();

export function useSecretBox(ctx: ServerContext, box: SecretBox): void {
  boxes.set(ctx, box);
}

function boxOf(ctx: ServerContext): SecretBox {
  const box = boxes.get(ctx);
  if (!box) throw new Error('admin models: secret box not installed');
  return box;
}

function toAdmin(p: ProviderRecord): AdminProvider {
  return {
    id: p.id,
    name: p.name,
    baseUrl: p.baseUrl,
    hasKey: p.sealedKey !== '',
    models: p.models,
    timeoutSeconds: p.timeoutSeconds,
    enabled: p.enabled,
    updatedAt: p.updatedAt,
  };
}

function specOf(p: ProviderRecord, apiKey: string): OpenAiCompatibleSpec {
  return { id: SCHOOL_PROVIDER_PREFIX + p.id, baseUrl: p.baseUrl, apiKey: apiKey || 'not-needed', timeoutMs: p.timeoutSeconds * 1000, models: p.models };
}

const revisions = new WeakMap<ServerContext, string>();

/** What the school configured, read from the database (keys opened here and only here). */
async function schoolModels(ctx: ServerContext): Promise<SchoolModels> {
  const [providers, settings] = await Promise.all([listProviders(ctx.db), readModelSettings(ctx.db)]);
  const box = boxOf(ctx);
  const specs = providers.filter((p) => p.enabled).map((p) => specOf(p, box.open(p.sealedKey, p.baseUrl) ?? ''));
  revisions.set(ctx, settings.revision);
  return { providers: specs, defaultModel: settings.defaultModel ?? undefined, access: settings.access };
}

/** Rebuilds the live catalogue from configuration plus the database. */
export async function reloadModels(ctx: ServerContext): Promise<void> {
  ctx.ai.apply(await schoolModels(ctx));
}

/** Loads the school's models when the app starts, and follows changes made on other instances. */
export function installModelReloading(app: FastifyInstance, ctx: ServerContext): void {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await reloadModels(ctx);
    timer = setInterval(() => {
      readModelsRevision(ctx.db)
        .then((revision) => (revision !== revisions.get(ctx) ? reloadModels(ctx) : undefined))
        .catch((error: unknown) => app.log.warn({ err: error }, 'checking for model changes failed'));
    }, WATCH_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

async function changed(ctx: ServerContext): Promise<void> {
  await bumpModelsRevision(ctx.db, ctx.now());
  await reloadModels(ctx);
}

function configuredNames(ctx: ServerContext, providers: ProviderRecord[]): Set<string> {
  const school = new Set(providers.map((p) => SCHOOL_PROVIDER_PREFIX + p.id));
  return new Set(ctx.ai.models.filter((m) => !school.has(m.providerId)).map((m) => m.name));
}

function checkModels(input: ModelInput[], takenElsewhere: Set<string>): StoredModel[] {
  if (input.length === 0) throw badRequest('至少填写一个模型');
  const seen = new Set<string>();
  return input.map((m) => {
    const name = m.name.trim();
    if (!MODEL_NAME.test(name)) throw badRequest(`模型名称“${name}”只能包含字母、数字和 . - _ / : @，最多 100 个字符`);
    if (seen.has(name)) throw badRequest(`模型“${name}”填写了两次`);
    if (takenElsewhere.has(name)) throw badRequest(`模型“${name}”已由其他模型服务提供，请换一个名称`);
    seen.add(name);
    const versions = [...new Set((m.versions ?? []).map((v) => v.trim()).filter(Boolean))];
    for (const v of versions) if (!MODEL_NAME.test(v)) throw badRequest(`版本“${v}”只能包含字母、数字和 . - _ / : @，最多 100 个字符`);
    const all = [name, ...versions].join(' ');
    return {
      name,
      ...(m.label?.trim() ? { label: m.label.trim().slice(0, 60) } : {}),
      versions,
      vision: m.vision ?? VISION_HINT.test(all),
      contextTokens: m.contextTokens ?? guessContextTokens(all),
    };
  });
}

function cleanBaseUrl(value: string): string {
  try {
    return checkBaseUrl(value.trim(), 'baseUrl');
  } catch (error) {
    if (error instanceof AiConfigError) throw badRequest('服务地址应以 http:// 或 https:// 开头，例如 https://api.deepseek.com/v1');
    throw error;
  }
}

function cleanName(value: string): string {
  const name = value.trim();
  if (!name || name.length > 60 || hasControlChars(name)) throw badRequest('服务名称不能为空，最多 60 个字符');
  return name;
}

export async function modelsOverview(ctx: ServerContext): Promise<ModelsOverview> {
  const [providers, settings] = await Promise.all([listProviders(ctx.db), readModelSettings(ctx.db)]);
  const school = new Set(providers.map((p) => SCHOOL_PROVIDER_PREFIX + p.id));
  return {
    providers: providers.map(toAdmin),
    models: ctx.ai.models.map((m) => ({
      name: m.name,
      label: m.label ?? m.name,
      versions: m.versions,
      source: m.providerId === 'builtin' ? 'builtin' : school.has(m.providerId) ? 'school' : 'config',
      providerId: school.has(m.providerId) ? m.providerId.slice(SCHOOL_PROVIDER_PREFIX.length) : m.providerId,
    })),
    defaultModel: ctx.ai.defaultModel.name,
    access: settings.access,
    keysEncrypted: boxOf(ctx).encrypts,
  };
}

export async function createProvider(ctx: ServerContext, input: ProviderInput): Promise<AdminProvider> {
  const providers = await listProviders(ctx.db);
  const taken = new Set([...configuredNames(ctx, providers), ...providers.flatMap((p) => p.models.map((m) => m.name))]);
  const now = ctx.now();
  const record: ProviderRecord = {
    id: newId(),
    name: cleanName(input.name),
    baseUrl: cleanBaseUrl(input.baseUrl),
    sealedKey: '',
    models: checkModels(input.models, taken),
    timeoutSeconds: input.timeoutSeconds ?? 60,
    enabled: input.enabled ?? true,
    createdAt: now,
    updatedAt: now,
  };
  record.sealedKey = boxOf(ctx).seal(input.apiKey?.trim() ?? '', record.baseUrl);
  await insertProvider(ctx.db, record);
  await changed(ctx);
  return toAdmin(record);
}

async function requireProvider(ctx: ServerContext, id: string): Promise<{ record: ProviderRecord; all: ProviderRecord[] }> {
  const all = await listProviders(ctx.db);
  const record = all.find((p) => p.id === id);
  if (!record) throw notFound(PROVIDER_NOT_FOUND);
  return { record, all };
}

/** What a change of address means for the key: who saw which hosts, for the records. */
export interface AddressChange {
  fromHost: string;
  toHost: string;
}

const KEY_NEEDED_FOR_NEW_ADDRESS = '服务地址已更改，请重新填写 API Key';

function hostOf(baseUrl: string): string {
  return new URL(baseUrl).host;
}

export async function updateProvider(
  ctx: ServerContext,
  id: string,
  input: Partial<ProviderInput>,
): Promise<{ provider: AdminProvider; keyChanged: boolean; addressChange: AddressChange | null }> {
  const { record, all } = await requireProvider(ctx, id);
  const others = all.filter((p) => p.id !== id);
  const taken = new Set([...configuredNames(ctx, all), ...others.flatMap((p) => p.models.map((m) => m.name))]);
  const baseUrl = input.baseUrl !== undefined ? cleanBaseUrl(input.baseUrl) : record.baseUrl;
  const moved = baseUrl !== record.baseUrl;
  // A saved key never follows a new address: the manager gives it again (or '' for none).
  if (moved && input.apiKey === undefined && record.sealedKey !== '') throw badRequest(KEY_NEEDED_FOR_NEW_ADDRESS);
  const box = boxOf(ctx);
  const keptKey = input.apiKey === undefined ? (box.open(record.sealedKey, record.baseUrl) ?? '') : input.apiKey.trim();
  const next: ProviderRecord = {
    ...record,
    ...(input.name !== undefined ? { name: cleanName(input.name) } : {}),
    baseUrl,
    sealedKey: input.apiKey !== undefined || moved ? box.seal(keptKey, baseUrl) : record.sealedKey,
    ...(input.models !== undefined ? { models: checkModels(input.models, taken) } : {}),
    ...(input.timeoutSeconds !== undefined ? { timeoutSeconds: input.timeoutSeconds } : {}),
    ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
    updatedAt: ctx.now(),
  };
  await updateProviderRow(ctx.db, next);
  await changed(ctx);
  return {
    provider: toAdmin(next),
    keyChanged: input.apiKey !== undefined,
    addressChange: moved ? { fromHost: hostOf(record.baseUrl), toHost: hostOf(baseUrl) } : null,
  };
}

export async function removeProvider(ctx: ServerContext, id: string): Promise<AdminProvider> {
  const { record } = await requireProvider(ctx, id);
  await deleteProviderRow(ctx.db, id);
  await changed(ctx);
  return toAdmin(record);
}

export async function updateModelSettings(
  ctx: ServerContext,
  input: { defaultModel?: string; access?: Record<string, ClientType[]> },
): Promise<ModelsOverview> {
  const offered = new Set(ctx.ai.models.map((m) => m.name));
  if (input.defaultModel !== undefined && !offered.has(input.defaultModel)) throw badRequest(`模型 ${input.defaultModel} 未配置，请在模型列表中重新选择`);
  if (input.access !== undefined) {
    for (const [name, types] of Object.entries(input.access)) {
      if (!offered.has(name)) throw badRequest(`模型 ${name} 未配置，请在模型列表中重新选择`);
      if (types.some((t) => !['1', '2', '3'].includes(t))) throw badRequest('身份只能是 1、2 或 3');
    }
  }
  await writeModelSettings(
    ctx.db,
    {
      defaultModel: input.defaultModel,
      access: input.access ? Object.fromEntries(Object.entries(input.access).map(([n, t]) => [n, [...new Set(t)].sort()])) : undefined,
    },
    ctx.now(),
  );
  await changed(ctx);
  return modelsOverview(ctx);
}

export interface ConnectionTest {
  ok: boolean;
  latencyMs: number;
  /** What failed, in words a manager can act on (never the key or the upstream body). */
  message: string;
}

const TEST_TIMEOUT_MS = 20_000;

/**
 * Sends one short question to a provider (a saved one, or the form's values
 * before saving). A saved provider's key is used when the form leaves it
 * empty, and only with the address it was saved for.
 */
export async function testConnection(
  ctx: ServerContext,
  input: { providerId?: string; baseUrl?: string; apiKey?: string; model: string; version?: string },
): Promise<ConnectionTest> {
  let baseUrl = input.baseUrl;
  let apiKey = input.apiKey?.trim() ?? '';
  if (!baseUrl && !input.providerId) throw badRequest('请填写服务地址');
  if (input.providerId) {
    const { record } = await requireProvider(ctx, input.providerId);
    const asked = baseUrl === undefined ? record.baseUrl : cleanBaseUrl(baseUrl);
    if (input.apiKey === undefined) {
      if (asked !== record.baseUrl && record.sealedKey !== '') throw badRequest(KEY_NEEDED_FOR_NEW_ADDRESS);
      apiKey = boxOf(ctx).open(record.sealedKey, asked) ?? '';
    }
    baseUrl = asked;
  }
  if (!baseUrl) throw badRequest('请填写服务地址');
  const provider = createOpenAiCompatibleProvider({
    id: 'test',
    baseUrl: cleanBaseUrl(baseUrl),
    apiKey: apiKey || 'not-needed',
    timeoutMs: TEST_TIMEOUT_MS,
    retryBudgetMs: 0,
    models: [],
  });
  const started = Date.now();
  try {
    await completeText(provider, { model: input.version || input.model, messages: [{ role: 'user', content: 'ping' }], temperature: 0 }, TEST_TIMEOUT_MS);
    return { ok: true, latencyMs: Date.now() - started, message: '连接成功' };
  } catch (error) {
    const message = error instanceof ProviderError ? error.userMessage : '无法连接模型服务，请稍后重试或联系管理员';
    return { ok: false, latencyMs: Date.now() - started, message };
  }
}
