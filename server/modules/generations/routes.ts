// Generation jobs (docs/api/generations.md), all signed in, any client type:
//   POST /app/user/generations              {kind, prompt, model?, size?, n?, seconds?, style?, source?} → {id}
//   GET  /app/user/generations?kind=&limit= the caller's jobs, newest first
//   GET  /app/user/generations/models       the image and video models offered (names, sizes, durations)
//   GET  /app/user/generations/:id          one job (owner only)
//   POST /app/user/generations/:id/cancel   cancel a queued or running job
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../context.js';
import { currentUser } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { localizedName, requestLocale } from '../../i18n/install.js';
import './builtin-kinds.js';
import { mediaModels, publicMediaModel } from './media-models.js';
import { STYLE_PRESETS } from './request-checks.js';
import { startGenerationRunner, type GenerationRunner } from './runner.js';
import { CreateBody, IdParams, ListQuery } from './schemas.js';
import { cancelGeneration, createGeneration, getGeneration, listGenerations, type GenerationView } from './service.js';
import { queueSettings } from './settings.js';

const BASE = '/app/user/generations';

export const generationsRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  // A wrong setting stops start-up, not the first job.
  queueSettings(ctx.config.env);
  mediaModels(ctx.config.env);
  let runner: GenerationRunner | undefined;
  app.addHook('onReady', async () => {
    runner = startGenerationRunner(ctx, app.log);
  });
  app.addHook('preClose', async () => {
    await runner?.stop();
  });

  const auth = { preHandler: app.requireUser };
  const translated = (request: Parameters<typeof localizedName>[0], job: GenerationView): GenerationView =>
    job.error ? { ...job, error: localizedName(request, job.error) } : job;

  app.post(BASE, { ...auth, schema: { body: CreateBody } }, async (request) =>
    ok(await createGeneration(ctx, currentUser(request), request.body, requestLocale(request))),
  );
  app.get(BASE, { ...auth, schema: { querystring: ListQuery } }, async (request) =>
    ok((await listGenerations(ctx, currentUser(request), request.query)).map((job) => translated(request, job))),
  );
  app.get(`${BASE}/models`, auth, async () => ok({ models: mediaModels(ctx.config.env).map(publicMediaModel), styles: Object.keys(STYLE_PRESETS) }));
  app.get(`${BASE}/:id`, { ...auth, schema: { params: IdParams } }, async (request) =>
    ok(translated(request, await getGeneration(ctx, currentUser(request), request.params.id))),
  );
  app.post(`${BASE}/:id/cancel`, { ...auth, schema: { params: IdParams } }, async (request) =>
    ok(translated(request, await cancelGeneration(ctx, currentUser(request), request.params.id))),
  );
};
