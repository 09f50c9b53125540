// GET /health → {status: 'ok', db: 'sqlite' | 'postgres'}, for load balancers
// and the start-up check; 503 when the database does not answer.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../context.js';
import { pingDatabase } from '../../db/index.js';
import { ok } from '../../http/envelope.js';
import { ApiError } from '../../http/errors.js';

export const healthRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  app.get('/health', async (request) => {
    try {
      await pingDatabase(ctx.data);
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      throw new ApiError(503, '数据库暂时无法访问');
    }
    return ok({ status: 'ok', db: ctx.data.dialect });
  });
};
