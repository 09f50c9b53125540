// School administration: people, classes with majors and terms,
// models and site settings, for managers holding the admin right. See
// docs/api/admin.md.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../context.js';
import { modelsRoutes } from './models-routes.js';
import { peopleRoutes } from './people-routes.js';
import { schoolRoutes } from './school-routes.js';
import { siteRoutes } from './site-routes.js';

export const adminRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, options) => {
  await app.register(peopleRoutes, options);
  await app.register(schoolRoutes, options);
  await app.register(modelsRoutes, options);
  await app.register(siteRoutes, options);
};
