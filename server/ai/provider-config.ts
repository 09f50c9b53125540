/**
 * Reads which model providers this installation talks to: either the three
 * ZX_LLM_* variables (one OpenAI-compatible server) or a JSON file named by
 * ZX_CONFIG (several). Every mistake is reported as one readable line, since
 * the person reading it is a school's IT admin, not a developer.
 */
import { readFileSync } from 'node:fs';
import { ConfigError } from '../config.js';
import { DEFAULT_RETRY_BUDGET_MS } from './provider-retry.js';

export interface ModelSpec {
  name: string;
  versions: string[];
  vision: boolean;
  contextTokens: number;
  label?: string;
}

export interface OpenAiCompatibleSpec {
  id: string;
  baseUrl: string;
  /** Never logged, never sent to a browser. */
  apiKey: string;
  /** Longest silence from the server, before the first token and between tokens. */
  timeoutMs: number;
  /** Total time spent waiting to retry a busy or failing server (default a few seconds). */
  retryBudgetMs?: number;
  models: ModelSpec[];
}

export interface AiConfig {
  providers: OpenAiCompatibleSpec[];
  /** The offline engine: on when nothing is configured, or when asked for. */
  builtin: boolean;
  /**
   * What ZX_BUILTIN or ZX_CONFIG said about the offline engine, if anything.
   * Unset: it is on only while no model is connected, so a provider a manager
   * adds in the browser replaces it (server/ai/live-catalogue.ts).
   */
  builtinChoice?: boolean;
}

/** A ConfigError, so start-up reports it as one readable line like any other setting. */
export class AiConfigError extends ConfigError {
  override name = 'AiConfigError';
}

/** Pause between the built-in engine's streamed pieces (ZX_BUILTIN_DELAY_MS, default 12). */
export function builtinDelayMs(env: NodeJS.ProcessEnv | Readonly<Record<string, string | undefined>>): number {
  const raw = env.ZX_BUILTIN_DELAY_MS;
  if (raw === undefined || raw === '') return 12;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 1_000) throw new AiConfigError('ZX_BUILTIN_DELAY_MS must be a whole number from 0 to 1000.');
  return value;
}

const DEFAULT_TIMEOUT_MS = 60_000;

/** Seconds spent waiting to retry a busy server (ZX_LLM_RETRY_SECONDS or "retrySeconds"), 0 to 60. */
function retrySeconds(raw: unknown, where: string): number {
  if (raw === undefined || raw === '') return DEFAULT_RETRY_BUDGET_MS / 1000;
  const value = Number(raw);
  if (!(value >= 0 && value <= 60)) throw new AiConfigError(`${where} must be between 0 and 60 seconds.`);
  return value;
}
const DEFAULT_CONTEXT_TOKENS = 8_192;
export const MODEL_NAME = /^[\w.\-/:@]{1,100}$/u;

/** Vision-capable families, so `ZX_LLM_MODELS=gpt-4o` just works for image messages. */
export const VISION_HINT = /(gpt-4o|gpt-4\.1|gpt-5|vision|-vl|vl-|4v|llava|qwen2?\.?5?-?vl|gemini|claude-3|pixtral|minicpm-v)/iu;
/** Known context windows by family; the conservative default covers the rest. */
const CONTEXT_HINTS: Array<[RegExp, number]> = [
  [/gpt-4o|gpt-4\.1|gpt-5|deepseek|qwen|glm-4|moonshot-v1-128k|kimi|doubao/iu, 64_000],
  [/moonshot-v1-32k/iu, 32_000],
];

export function guessContextTokens(name: string): number {
  for (const [pattern, tokens] of CONTEXT_HINTS) if (pattern.test(name)) return tokens;
  return DEFAULT_CONTEXT_TOKENS;
}

function checkModelName(name: string, where: string): string {
  const trimmed = name.trim();
  if (!MODEL_NAME.test(trimmed)) {
    throw new AiConfigError(`${where}: "${name}" is not a valid model name (letters, digits, . - _ / : @; at most 100).`);
  }
  return trimmed;
}

/** `ZX_LLM_MODELS="deepseek-chat,qwen:qwen-turbo|qwen-max"` → model specs. */
export function parseModelList(value: string, where = 'ZX_LLM_MODELS'): ModelSpec[] {
  const entries = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new AiConfigError(`${where} lists no models; example: deepseek-chat,qwen:qwen-turbo|qwen-max`);
  const seen = new Set<string>();
  return entries.map((entry) => {
    const [rawName, rawVersions = ''] = entry.split(/:(.*)/su, 2) as [string, string?];
    const name = checkModelName(rawName, where);
    if (seen.has(name)) throw new AiConfigError(`${where} names the model "${name}" twice.`);
    seen.add(name);
    const versions = rawVersions
      .split('|')
      .map((v) => v.trim())
      .filter(Boolean)
      .map((v) => checkModelName(v, where));
    const all = [name, ...versions].join(' ');
    return { name, versions, vision: VISION_HINT.test(all), contextTokens: guessContextTokens(all) };
  });
}

export function checkBaseUrl(value: string, where: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new AiConfigError(`${where} must be a URL such as https://api.deepseek.com/v1 (got "${value}").`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new AiConfigError(`${where} must start with http:// or https://.`);
  }
  return url.toString().replace(/\/$/u, '');
}

interface FileModel {
  name?: unknown;
  versions?: unknown;
  vision?: unknown;
  contextTokens?: unknown;
  label?: unknown;
}

function modelFromFile(raw: unknown, where: string): ModelSpec {
  if (typeof raw === 'string') return parseModelList(raw, where)[0]!;
  const m = (raw ?? {}) as FileModel;
  if (typeof m.name !== 'string') throw new AiConfigError(`${where}: each model needs a "name".`);
  const name = checkModelName(m.name, where);
  const versions = Array.isArray(m.versions) ? m.versions.map((v) => checkModelName(String(v), where)) : [];
  const all = [name, ...versions].join(' ');
  const contextTokens = m.contextTokens === undefined ? guessContextTokens(all) : Number(m.contextTokens);
  if (!Number.isInteger(contextTokens) || contextTokens < 512) {
    throw new AiConfigError(`${where}: contextTokens of "${name}" must be a whole number of at least 512.`);
  }
  return {
    name,
    versions,
    vision: typeof m.vision === 'boolean' ? m.vision : VISION_HINT.test(all),
    contextTokens,
    label: typeof m.label === 'string' ? m.label.slice(0, 60) : undefined,
  };
}

/** `{"kind": "image"}` or `{"kind": "video"}`: made by the generation queue, not chatted with. */
export function isMediaModel(raw: unknown): boolean {
  const kind = (raw as { kind?: unknown } | null)?.kind;
  return typeof raw === 'object' && raw !== null && (kind === 'image' || kind === 'video');
}

function providersFromFile(path: string, env: Readonly<Record<string, string | undefined>>): { providers: OpenAiCompatibleSpec[]; builtin?: boolean } {
  let parsed: { providers?: unknown; builtin?: unknown };
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found' : 'not valid JSON';
    throw new AiConfigError(`ZX_CONFIG=${path}: ${why}.`);
  }
  if (!Array.isArray(parsed.providers)) throw new AiConfigError(`ZX_CONFIG=${path}: expected {"providers": [...]}.`);
  const ids = new Set<string>();
  const providers = parsed.providers.map((raw: Record<string, unknown>, index: number) => {
    const where = `ZX_CONFIG providers[${index}]`;
    const id = typeof raw.id === 'string' && /^[\w-]{1,40}$/u.test(raw.id) ? raw.id : `provider-${index + 1}`;
    if (ids.has(id)) throw new AiConfigError(`${where}: id "${id}" is used twice.`);
    ids.add(id);
    if (typeof raw.baseUrl !== 'string') throw new AiConfigError(`${where}: "baseUrl" is required.`);
    const keyFromEnv = typeof raw.apiKeyEnv === 'string' ? env[raw.apiKeyEnv] : undefined;
    if (typeof raw.apiKeyEnv === 'string' && keyFromEnv === undefined) {
      throw new AiConfigError(`${where}: apiKeyEnv names ${raw.apiKeyEnv}, which is not set.`);
    }
    const apiKey = keyFromEnv ?? (typeof raw.apiKey === 'string' ? raw.apiKey : '');
    if (!Array.isArray(raw.models) || raw.models.length === 0) throw new AiConfigError(`${where}: "models" must list at least one model.`);
    // Image and video models (server/modules/generations/media-models.ts) are not chat models.
    const chatModels = raw.models.filter((m: unknown) => !isMediaModel(m));
    const timeoutSeconds = raw.timeoutSeconds === undefined ? DEFAULT_TIMEOUT_MS / 1000 : Number(raw.timeoutSeconds);
    if (!(timeoutSeconds > 0 && timeoutSeconds <= 600)) throw new AiConfigError(`${where}: timeoutSeconds must be between 1 and 600.`);
    return {
      id,
      baseUrl: checkBaseUrl(raw.baseUrl, `${where}.baseUrl`),
      apiKey: apiKey || 'not-needed',
      timeoutMs: timeoutSeconds * 1000,
      retryBudgetMs: retrySeconds(raw.retrySeconds, `${where}: retrySeconds`) * 1000,
      models: chatModels.map((m: unknown) => modelFromFile(m, where)),
    };
  });
  return { providers: providers.filter((p) => p.models.length > 0), builtin: typeof parsed.builtin === 'boolean' ? parsed.builtin : undefined };
}

export function loadAiConfig(env: Readonly<Record<string, string | undefined>>): AiConfig {
  const providers: OpenAiCompatibleSpec[] = [];
  let builtin: boolean | undefined;
  if (env.ZX_CONFIG) {
    const fromFile = providersFromFile(env.ZX_CONFIG, env);
    providers.push(...fromFile.providers);
    builtin = fromFile.builtin;
  }
  if (env.ZX_LLM_BASE_URL) {
    if (!env.ZX_LLM_MODELS) throw new AiConfigError('ZX_LLM_BASE_URL is set but ZX_LLM_MODELS is not; name at least one model.');
    const timeoutSeconds = env.ZX_LLM_TIMEOUT_SECONDS ? Number(env.ZX_LLM_TIMEOUT_SECONDS) : DEFAULT_TIMEOUT_MS / 1000;
    if (!(timeoutSeconds > 0 && timeoutSeconds <= 600)) throw new AiConfigError('ZX_LLM_TIMEOUT_SECONDS must be between 1 and 600.');
    providers.push({
      id: 'default',
      baseUrl: checkBaseUrl(env.ZX_LLM_BASE_URL, 'ZX_LLM_BASE_URL'),
      apiKey: env.ZX_LLM_API_KEY || 'not-needed',
      timeoutMs: timeoutSeconds * 1000,
      retryBudgetMs: retrySeconds(env.ZX_LLM_RETRY_SECONDS, 'ZX_LLM_RETRY_SECONDS') * 1000,
      models: parseModelList(env.ZX_LLM_MODELS),
    });
  } else if (env.ZX_LLM_MODELS) {
    throw new AiConfigError('ZX_LLM_MODELS is set but ZX_LLM_BASE_URL is not; give the server address, e.g. http://127.0.0.1:11434/v1 for Ollama.');
  }
  const names = new Set<string>();
  for (const provider of providers) {
    for (const model of provider.models) {
      if (names.has(model.name)) throw new AiConfigError(`The model "${model.name}" is configured by two providers; rename one.`);
      names.add(model.name);
    }
  }
  if (env.ZX_BUILTIN === 'off' || env.ZX_BUILTIN === 'on') builtin = env.ZX_BUILTIN === 'on';
  else if (env.ZX_BUILTIN) throw new AiConfigError('ZX_BUILTIN must be "on" or "off".');
  if (builtin === false && providers.length === 0) {
    throw new AiConfigError('ZX_BUILTIN=off leaves no model at all; configure a provider (ZX_LLM_BASE_URL or ZX_CONFIG) first.');
  }
  return { providers, builtin: builtin ?? providers.length === 0, ...(builtin === undefined ? {} : { builtinChoice: builtin }) };
}
