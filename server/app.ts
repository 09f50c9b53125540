// Builds the whole HTTP app (no listening), so tests use it through
// app.inject or a real socket exactly as production does.
import { parseFetchAllowlist, setFetchAllowlist } from './net/fetch-allowlist.js';
import { configuredMediaBaseUrls } from './modules/generations/index.js';
import fastifyMultipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { createLiveCatalogue } from './ai/live-catalogue.js';
import { builtinDelayMs, loadAiConfig, type AiConfig } from './ai/provider-config.js';
import { assetsDir } from './assets.js';
import type { Config, LogLevel } from './config.js';
import type { ServerContext } from './context.js';
import { createCoordination, type Coordination } from './coordination/index.js';
import type { DataLayer } from './db/index.js';
import type { FileStorage } from './files/storage.js';
import { createFileStorage } from './files/create-storage.js';
import { installAuth } from './http/auth.js';
import { installErrorHandler, routerErrorHandler } from './http/error-handler.js';
import { installGracefulClose } from './http/graceful-close.js';
import { installJsonDepthLimit } from './http/json-depth.js';
import { deferredSchemaCompilers } from './http/schema-compilers.js';
import { installNulStripping } from './http/strip-nul.js';
import { installMessageTranslation } from './i18n/install.js';
import { genReqId, installAccessLog, loggerOptions, type LogDestination } from './http/logging.js';
import { firstAncestors, imageOriginsFrom, installSecurityHeaders } from './http/security-headers.js';
import { API_PREFIX, registerStaticSite } from './http/static-site.js';
import { TokenCache } from './modules/account/token-cache.js';
import { createMemoryLoginThrottle, createSharedLoginThrottle } from './modules/account/login-throttle.js';
import type { LoginThrottle } from './ports.js';
import { noKnowledge } from './modules/chat/grounding.js';
import { installAnswerLeases } from './modules/chat/answer-leases.js';
import { LocalGenerationRegistry } from './modules/chat/generation.js';
import { createChatPresetRegistry } from './modules/chat/presets.js';
import { registerDemoPages } from './modules/embed/demo-keys.js';
import { embedFrameAncestors } from './modules/embed/pages.js';
import { ltiFormTargets, ltiFrameAncestors } from './modules/lti/index.js';
import { wireModules } from './modules/index.js';
import { installOperationRecords } from './modules/records/index.js';

export interface BuildAppOptions {
  config: Config;
  data: DataLayer;
  /** false: no logging; otherwise where log lines go (stdout by default) and the level. */
  logger?: false | { stream?: LogDestination; level?: LogLevel };
  loginThrottle?: LoginThrottle;
  /** Shared with other instances; made from ZX_REDIS_URL (or in memory) when absent, and closed with the app. */
  coordination?: Coordination;
  /** Where files live; made from the configuration (ZX_STORAGE) when absent. */
  files?: FileStorage;
  /** Models configured for the installation; read from the ZX_LLM_* / ZX_CONFIG environment when absent. */
  aiConfig?: AiConfig;
  now?: () => number;
  /** How long close() lets responses in flight finish before it closes their connections (server/http/graceful-close.ts). */
  closeDrainMs?: number;
}

export type ZxApp = FastifyInstance;

declare module 'fastify' {
  interface FastifyInstance {
    /** The server context the modules share (the start-up banner reads the models from it). */
    zx: ServerContext;
    /** Compiles every route schema not compiled yet (they compile at first use); throws the first that fails. */
    compileRouteSchemas(): void;
  }
}

/** JSON bodies above this are refused with 413 (uploads have their own limit). */
export const JSON_BODY_LIMIT = 1024 * 1024;

/** A hop count as the function proxy-addr uses for one (Fastify's types take no number): the first `hops` hops are proxies. */
function trustProxyOption(trust: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

export function buildApp(options: BuildAppOptions): ZxApp {
  const { config, data } = options;
  const logger = options.logger === false ? false : loggerOptions(options.logger?.level ?? config.logLevel, options.logger?.stream);

  const schemaCompilers = deferredSchemaCompilers();
  const app = Fastify({
    logger,
    genReqId,
    requestIdHeader: false,
    logController: new LogController({ disableRequestLogging: config.accessLog !== 'on' }),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: JSON_BODY_LIMIT,
    // Closes idle keep-alive sockets on close() so shutdown does not hang.
    forceCloseConnections: 'idle',
    // Requests during shutdown are refused with the envelope by http/graceful-close.ts instead.
    return503OnClosing: false,
    // A too-long id or a broken URL still gets the {code,msg} envelope.
    frameworkErrors: routerErrorHandler,
    // Validators and response serializers compile at their route's first request (http/schema-compilers.ts).
    schemaController: { compilersFactory: { buildValidator: schemaCompilers.buildValidator, buildSerializer: schemaCompilers.buildSerializer } },
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.decorate('compileRouteSchemas', schemaCompilers.compileAll);

  const aiConfig = options.aiConfig ?? loadAiConfig(config.env);
  setFetchAllowlist(
    parseFetchAllowlist(config.env.ZX_FETCH_ALLOW, [
      ...aiConfig.providers.map((p) => p.baseUrl),
      config.env.ZX_EMBEDDINGS_BASE_URL,
      config.env.ZX_ALIYUN_GREEN_ENDPOINT,
      ...configuredMediaBaseUrls(config.env),
    ]),
  );
  const coordination = options.coordination ?? createCoordination(config.env);
  // Token checks are remembered for a few seconds only where this process sees
  // every revocation (one instance on the embedded database; token-cache.ts).
  const tokenCache = data.dialect === 'sqlite' && coordination.kind === 'memory' ? new TokenCache() : undefined;
  const ctx: ServerContext = {
    config,
    data,
    db: tokenCache ? data.db.withPlugin(tokenCache.plugin) : data.db,
    files: options.files ?? createFileStorage(config),
    loginThrottle: options.loginThrottle ?? (coordination.kind === 'redis' ? createSharedLoginThrottle(coordination) : createMemoryLoginThrottle()),
    // The configuration's models; the providers a manager adds join them once loaded (admin/models-service.ts).
    ai: createLiveCatalogue(aiConfig, { builtinDelayMs: builtinDelayMs(config.env) }),
    knowledge: noKnowledge,
    chatPresets: createChatPresetRegistry(),
    generations: new LocalGenerationRegistry(),
    coordination,
    now: options.now ?? Date.now,
  };

  app.decorate('zx', ctx);
  if (!options.coordination) app.addHook('onClose', async () => coordination.close());
  installErrorHandler(app);
  installMessageTranslation(app);
  installGracefulClose(app, options.closeDrainMs);
  // First of the preValidation hooks: a body nested too deep is refused before anything walks it.
  installJsonDepthLimit(app);
  installNulStripping(app);
  installAccessLog(app, config.accessLog);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    reply.header('x-content-type-options', 'nosniff');
    done();
  });
  // CSP (with the embed pages' per-key and LTI launches' per-platform frame-ancestors), X-Frame-Options, Referrer-Policy, HSTS.
  installSecurityHeaders(app, {
    imageOrigins: imageOriginsFrom(config.env),
    embedFrameAncestors: firstAncestors(embedFrameAncestors(ctx), ltiFrameAncestors(ctx)),
    formTargets: ltiFormTargets,
  });
  app.register(fastifyMultipart);
  installAuth(app, ctx, tokenCache);
  installOperationRecords(app, ctx);
  installAnswerLeases(app, ctx);

  app.register(
    async (api) => {
      for (const module of wireModules(ctx, app.log)) await api.register(module, { ctx });
    },
    { prefix: API_PREFIX },
  );
  registerStaticSite(app, { publicDir: config.publicDir, demoDir: config.demoDir, assetsDir: assetsDir() });
  registerDemoPages(app, data.db, config.demoDir);
  return app;
}
