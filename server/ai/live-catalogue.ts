/**
 * The catalogue the server runs with: the models of ZX_LLM_* / ZX_CONFIG (the
 * defaults) plus the providers a manager configured in the browser, rebuilt
 * in place when those change, so a new provider serves the next chat without
 * a restart. Everything holding `ctx.ai` sees the new models at once; a chat
 * already streaming keeps the provider object it started with.
 */
import { createModelCatalogue, type CatalogueOptions, type ModelAccess, type ModelCatalogue } from './catalogue.js';
import type { AiConfig, OpenAiCompatibleSpec } from './provider-config.js';

/** What the school added on top of the configuration (server/modules/admin/models-store.ts). */
export interface SchoolModels {
  providers: OpenAiCompatibleSpec[];
  defaultModel?: string;
  access?: ModelAccess;
}

export interface LiveCatalogue extends ModelCatalogue {
  /** Rebuilds from the configuration plus `school`; models named twice keep the configuration's. */
  apply(school: SchoolModels): void;
}

export function createLiveCatalogue(base: AiConfig, options: Pick<CatalogueOptions, 'builtinDelayMs'> = {}): LiveCatalogue {
  const build = (school: SchoolModels): ModelCatalogue => {
    const taken = new Set(base.providers.flatMap((p) => p.models.map((m) => m.name)));
    const added = school.providers
      .map((p) => ({ ...p, models: p.models.filter((m) => !taken.has(m.name) && (taken.add(m.name), true)) }))
      .filter((p) => p.models.length > 0);
    const providers = [...base.providers, ...added];
    const config: AiConfig = { providers, builtin: base.builtinChoice ?? providers.length === 0 };
    return createModelCatalogue(config, { ...options, defaultModel: school.defaultModel, access: school.access });
  };
  let current = build({ providers: [] });
  return {
    get models() {
      return current.models;
    },
    get defaultModel() {
      return current.defaultModel;
    },
    publicModels: (clientType) => current.publicModels(clientType),
    mayUse: (name, clientType) => current.mayUse(name, clientType),
    defaultFor: (clientType) => current.defaultFor(clientType),
    resolve: (name, version) => current.resolve(name, version),
    apply(school) {
      current = build(school);
    },
  };
}
