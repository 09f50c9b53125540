/**
 * The models this installation offers, built once from configuration. The
 * browser gets `publicModels()` (names, versions, capabilities — never URLs
 * or keys) and sends back a model name; `resolve` maps it to its provider.
 */
import { BUILTIN_MODEL_NAME, createBuiltinProvider } from './builtin-engine.js';
import { createOpenAiCompatibleProvider } from './openai-compatible.js';
import type { AiConfig } from './provider-config.js';
import type { ModelInfo, ModelProvider } from './types.js';

export interface PublicModel {
  name: string;
  label: string;
  versions: string[];
  vision: boolean;
  builtin: boolean;
}

export interface ModelCatalogue {
  models: ModelInfo[];
  defaultModel: ModelInfo;
  publicModels(): PublicModel[];
  /** The model and provider for a name and version the client sent, or undefined when not offered. */
  resolve(name: string | undefined, version?: string): { model: ModelInfo; provider: ModelProvider; version?: string } | undefined;
}

export function createModelCatalogue(config: AiConfig, options: { builtinDelayMs?: number } = {}): ModelCatalogue {
  const providers = new Map<string, ModelProvider>();
  const models: ModelInfo[] = [];
  for (const spec of config.providers) {
    providers.set(spec.id, createOpenAiCompatibleProvider(spec));
    for (const m of spec.models) models.push({ ...m, providerId: spec.id });
  }
  if (config.builtin) {
    providers.set('builtin', createBuiltinProvider({ delayMs: options.builtinDelayMs ?? 12 }));
    models.push({ name: BUILTIN_MODEL_NAME, label: '内置离线引擎', versions: [], vision: false, contextTokens: 4_096, providerId: 'builtin' });
  }
  const byName = new Map(models.map((m) => [m.name, m]));
  const defaultModel = models[0]!;
  return {
    models,
    defaultModel,
    publicModels: () =>
      models.map((m) => ({ name: m.name, label: m.label ?? m.name, versions: m.versions, vision: m.vision, builtin: m.providerId === 'builtin' })),
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
    .map((m) => (m.providerId === 'builtin' ? 'builtin (offline engine; set ZX_LLM_BASE_URL to connect a model)' : m.versions.length ? `${m.name} [${m.versions.join(', ')}]` : m.name))
    .join(', ');
}
