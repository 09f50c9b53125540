// Which image and video models this installation offers, configured beside
// the chat models (server/ai/provider-config.ts):
// - ZX_CONFIG: in a provider's "models", entries with "kind": "image" (the
//   OpenAI images API) or "kind": "video" with "api": "cogvideox" (default)
//   or "dashscope-wan"; optional "label", "sizes", "seconds", "maxN",
//   "concurrency", "pollSeconds", "timeoutSeconds"; the provider may set
//   "concurrency" for all its models.
// - ZX_LLM_IMAGE_MODELS / ZX_LLM_VIDEO_MODELS: comma lists of models on the
//   ZX_LLM_BASE_URL provider (images: OpenAI images API; videos: CogVideoX).
// ZX_GEN_CONCURRENCY (default 2) is the calls one model takes at once where
// nothing else says; ZX_GEN_VIDEO_POLL_MS how often a video task is polled.
// Mistakes stop start-up with one readable line.
import { readFileSync } from 'node:fs';
import { ConfigError, type Env } from '../../config.js';

export type VideoApi = 'cogvideox' | 'dashscope-wan';

interface MediaModelBase {
  name: string;
  label: string;
  providerId: string;
  baseUrl: string;
  /** Never logged, never sent to a browser. */
  apiKey: string;
  /** Calls of this model at once, over all server processes. */
  concurrency: number;
  sizes: string[];
  /** Longest a single HTTP call to the provider may take. */
  requestTimeoutMs: number;
  /** Longest a job may take from queued to done. */
  jobTimeoutMs: number;
}

export interface ImageModel extends MediaModelBase {
  kind: 'image';
  maxN: number;
}

export interface VideoModel extends MediaModelBase {
  kind: 'video';
  api: VideoApi;
  seconds: number[];
  pollMs: number;
}

export type MediaModel = ImageModel | VideoModel;

const IMAGE_SIZES = ['1024x1024', '768x1344', '1344x768'];
const VIDEO_SIZES = ['1280x720', '720x1280', '1024x1024'];
const VIDEO_SECONDS = [5, 10];
const NAME = /^[\w.\-/:@]{1,100}$/u;
const cache = new WeakMap<object, MediaModel[]>();

function positive(raw: unknown, where: string, fallback: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!(value > 0 && value <= max)) throw new ConfigError(`${where} must be a number from 1 to ${max}, got "${String(raw)}"`);
  return value;
}

function sizesOf(raw: unknown, where: string, fallback: string[]): string[] {
  if (raw === undefined) return fallback;
  if (!Array.isArray(raw) || raw.length === 0 || !raw.every((s) => typeof s === 'string' && /^\d{2,5}[x*]\d{2,5}$/u.test(s))) {
    throw new ConfigError(`${where}: "sizes" must list sizes such as "1024x1024".`);
  }
  return raw.map((s: string) => s.replace('*', 'x'));
}

function secondsOf(raw: unknown, where: string): number[] {
  if (raw === undefined) return VIDEO_SECONDS;
  if (!Array.isArray(raw) || raw.length === 0 || !raw.every((s) => Number.isInteger(s) && s >= 1 && s <= 60)) {
    throw new ConfigError(`${where}: "seconds" must list whole durations from 1 to 60, e.g. [5, 10].`);
  }
  return raw as number[];
}

interface ProviderBase {
  providerId: string;
  baseUrl: string;
  apiKey: string;
  concurrency: number;
}

function modelOf(raw: Record<string, unknown>, provider: ProviderBase, where: string, env: Env): MediaModel {
  const name = typeof raw.name === 'string' ? raw.name.trim() : '';
  if (!NAME.test(name)) throw new ConfigError(`${where}: each image or video model needs a valid "name".`);
  const base = {
    name,
    label: typeof raw.label === 'string' ? raw.label.slice(0, 60) : name,
    providerId: provider.providerId,
    baseUrl: provider.baseUrl,
    apiKey: provider.apiKey,
    concurrency: Math.floor(positive(raw.concurrency, `${where} "${name}" concurrency`, provider.concurrency, 64)),
  };
  if (raw.kind === 'image') {
    return {
      ...base,
      kind: 'image',
      sizes: sizesOf(raw.sizes, where, IMAGE_SIZES),
      maxN: Math.floor(positive(raw.maxN, `${where} "${name}" maxN`, 4, 4)),
      requestTimeoutMs: positive(raw.timeoutSeconds, `${where} "${name}" timeoutSeconds`, 120, 600) * 1000,
      jobTimeoutMs: 10 * 60_000,
    };
  }
  const api = raw.api ?? 'cogvideox';
  if (api !== 'cogvideox' && api !== 'dashscope-wan') throw new ConfigError(`${where}: "api" of video model "${name}" must be "cogvideox" or "dashscope-wan".`);
  return {
    ...base,
    kind: 'video',
    api,
    sizes: sizesOf(raw.sizes, where, VIDEO_SIZES),
    seconds: secondsOf(raw.seconds, where),
    pollMs:
      positive(raw.pollSeconds, `${where} "${name}" pollSeconds`, 0, 600) * 1000 || positive(env.ZX_GEN_VIDEO_POLL_MS, 'ZX_GEN_VIDEO_POLL_MS', 5000, 600_000),
    requestTimeoutMs: 60_000,
    jobTimeoutMs: positive(raw.timeoutSeconds, `${where} "${name}" timeoutSeconds`, 1800, 24 * 3600) * 1000,
  };
}

function fromFile(path: string, env: Env, defaultConcurrency: number): MediaModel[] {
  let parsed: { providers?: Array<Record<string, unknown>> };
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return []; // the chat configuration reports a missing or broken file
  }
  const models: MediaModel[] = [];
  (parsed.providers ?? []).forEach((raw, index) => {
    const where = `ZX_CONFIG providers[${index}]`;
    const list = Array.isArray(raw.models) ? raw.models : [];
    const media = list.filter(
      (m): m is Record<string, unknown> =>
        typeof m === 'object' && m !== null && ((m as { kind?: unknown }).kind === 'image' || (m as { kind?: unknown }).kind === 'video'),
    );
    if (media.length === 0) return;
    const key = typeof raw.apiKeyEnv === 'string' ? env[raw.apiKeyEnv] : typeof raw.apiKey === 'string' ? raw.apiKey : '';
    const provider: ProviderBase = {
      providerId: typeof raw.id === 'string' ? raw.id : `provider-${index + 1}`,
      baseUrl: String(raw.baseUrl ?? '').replace(/\/$/u, ''),
      apiKey: key || 'not-needed',
      concurrency: Math.floor(positive(raw.concurrency, `${where} concurrency`, defaultConcurrency, 64)),
    };
    for (const m of media) models.push(modelOf(m, provider, where, env));
  });
  return models;
}

function fromEnv(env: Env, defaultConcurrency: number): MediaModel[] {
  const base = env.ZX_LLM_BASE_URL?.trim();
  const lists: Array<['image' | 'video', string | undefined]> = [
    ['image', env.ZX_LLM_IMAGE_MODELS],
    ['video', env.ZX_LLM_VIDEO_MODELS],
  ];
  const models: MediaModel[] = [];
  for (const [kind, list] of lists) {
    if (!list?.trim()) continue;
    const key = kind === 'image' ? 'ZX_LLM_IMAGE_MODELS' : 'ZX_LLM_VIDEO_MODELS';
    if (!base) throw new ConfigError(`${key} is set but ZX_LLM_BASE_URL is not; give the provider's address.`);
    const provider: ProviderBase = {
      providerId: 'default',
      baseUrl: base.replace(/\/$/u, ''),
      apiKey: env.ZX_LLM_API_KEY || 'not-needed',
      concurrency: defaultConcurrency,
    };
    for (const name of list
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean))
      models.push(modelOf({ name, kind }, provider, key, env));
  }
  return models;
}

/** Every image and video model, read once per environment. */
export function mediaModels(env: Env): MediaModel[] {
  const cached = cache.get(env);
  if (cached) return cached;
  const concurrency = Math.floor(positive(env.ZX_GEN_CONCURRENCY, 'ZX_GEN_CONCURRENCY', 2, 64));
  const models = [...(env.ZX_CONFIG ? fromFile(env.ZX_CONFIG, env, concurrency) : []), ...fromEnv(env, concurrency)];
  const names = new Set<string>();
  for (const m of models) {
    if (names.has(m.name)) throw new ConfigError(`The image or video model "${m.name}" is configured twice; rename one.`);
    names.add(m.name);
  }
  cache.set(env, models);
  return models;
}

/** What the pages show of a model (no address, no key). */
export function publicMediaModel(m: MediaModel) {
  return m.kind === 'image'
    ? { name: m.name, label: m.label, kind: m.kind, sizes: m.sizes, maxN: m.maxN }
    : { name: m.name, label: m.label, kind: m.kind, sizes: m.sizes, seconds: m.seconds };
}

/** The concurrency key of a model (one slot set per model and provider). */
export const providerKey = (m: MediaModel) => `${m.providerId}/${m.name}`;

/** The media providers' addresses the configuration names (for the guarded client's allowlist); none when it cannot be read. */
export function configuredMediaBaseUrls(env: Env): string[] {
  try {
    return mediaModels(env).map((m) => m.baseUrl);
  } catch {
    return [];
  }
}
