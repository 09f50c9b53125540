/**
 * The models this installation offers, built from configuration (and what a
 * manager added in the browser, see live-catalogue.ts). The browser gets
 * `publicModels()` (names, versions, capabilities — never URLs or keys) and
 * sends back a model name; `resolve` maps it to its provider.
 */
import type { ClientType } from '../db/schema.js';
import type { ServerLocale } from '../i18n/locales.js';
import { translateMessage } from '../i18n/translate.js';
import { BUILTIN_MODEL_NAME, createBuiltinProvider } from './builtin-engine.js';
import { createOpenAiCompatibleProvider } from './openai-compatible.js';
import type { AiConfig } from './provider-config.js';
import type { ModelInfo, ModelProvider } from './types.js';

/** The built-in engine's label: the one model label the server wrote (and translates). */
export const BUILTIN_LABEL = '内置离线引擎';

/** A model's label for a reader: the built-in engine's in their language, an administrator's as typed. */
export function modelLabelIn(label: string, locale: ServerLocale): string {
  return label === BUILTIN_LABEL ? translateMessage(label, locale) : label;
}

export interface PublicModel {
  name: string;
  label: string;
  versions: string[];
  vision: boolean;
  builtin: boolean;
}

/** Which client types may pick a model; a model not listed is open to everyone. */
export type ModelAccess = Readonly<Record<string, readonly ClientType[]>>;

export interface CatalogueOptions {
  builtinDelayMs?: number;
  /** The model chats start with when the client names none (first offered when unset or gone). */
  defaultModel?: string;
  access?: ModelAccess;
}

export interface ModelCatalogue {
  models: ModelInfo[];
  defaultModel: ModelInfo;
  /** Every model, or those a client type may pick. */
  publicModels(clientType?: ClientType): PublicModel[];
  /** The client type may pick this model (a model not offered: false). */
  mayUse(name: string, clientType: ClientType): boolean;
  /** The default model when this client type may use it, else the first it may use. */
  defaultFor(clientType: ClientType): ModelInfo;
  /** The model and provider for a name and version the client sent, or undefined when not offered. */
  resolve(name: string | undefined, version?: string): { model: ModelInfo; provider: ModelProvider; version?: string } | undefined;
}

export function createModelCatalogue(config: AiConfig, options: CatalogueOptions = {}): ModelCatalogue {
  const providers = new Map<string, ModelProvider>();
  const models: ModelInfo[] = [];
  for (const spec of config.providers) {
    providers.set(spec.id, createOpenAiCompatibleProvider(spec));
    for (const m of spec.models) models.push({ ...m, providerId: spec.id });
  }
  if (config.builtin) {
    providers.set('builtin', createBuiltinProvider({ delayMs: options.builtinDelayMs ?? 12 }));
    models.push({ name: BUILTIN_MODEL_NAME, label: BUILTIN_LABEL, versions: [], vision: false, contextTokens: 4_096, providerId: 'builtin' });
  }
  const byName = new Map(models.map((m) => [m.name, m]));
  const defaultModel = (options.defaultModel && byName.get(options.defaultModel)) || models[0]!;
  const access = options.access ?? {};
  const mayUse = (name: string, clientType: ClientType) => byName.has(name) && (access[name]?.includes(clientType) ?? true);
  const toPublic = (m: ModelInfo): PublicModel => ({
    name: m.name,
    label: m.label ?? m.name,
    versions: m.versions,
    vision: m.vision,
    builtin: m.providerId === 'builtin',
  });
  return {
    models,
    defaultModel,
    publicModels: (clientType) => models.filter((m) => clientType === undefined || mayUse(m.name, clientType)).map(toPublic),
    mayUse,
    defaultFor(clientType) {
      if (mayUse(defaultModel.name, clientType)) return defaultModel;
      // Nothing allowed at all: the default still answers, so a chat never breaks.
      return models.find((m) => mayUse(m.name, clientType)) ?? defaultModel;
    },
    resolve(name, version) {
      const model = name ? byName.get(name) : defaultModel;
      if (!model) return undefined;
      if (version && !model.versions.includes(version)) return undefined;
      return { model, provider: providers.get(model.providerId)!, version: version || model.versions[0] };
    },
  };
}

/** One line for the start-up banner: what a teacher will find in the model picker. */
export function describeModels(catalogue: ModelCatalogue): string {
  return catalogue.models
    .map((m) =>
      m.providerId === 'builtin'
        ? 'builtin (offline engine; set ZX_LLM_BASE_URL to connect a model)'
        : m.versions.length
          ? `${m.name} [${m.versions.join(', ')}]`
          : m.name,
    )
    .join(', ');
}
