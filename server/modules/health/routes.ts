// GET /health, for load balancers, monitoring and the start-up check:
//   200 {status: 'ok', db: 'sqlite' | 'postgres', database: 'ok', storage: 'ok' | 'full', freeBytes}
//   503 {status: 'down', db, database: 'down', reason} when the database does not answer
// (the reason is the driver's message, e.g. "connect ECONNREFUSED 127.0.0.1:5432";
// a connection URL or password is never part of it).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../context.js';
import { pingDatabase } from '../../db/index.js';
import { ok } from '../../http/envelope.js';
import { storageState } from '../../http/storage-full.js';

export const healthRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  app.get('/health', async (request, reply) => {
    try {
      await pingDatabase(ctx.data);
    } catch (error) {
      const reason = error instanceof Error ? error.message.slice(0, 200) : String(error);
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.code(503).send({
        code: 503,
        msg: `数据库暂时无法访问（${reason}）`,
        data: { status: 'down', db: ctx.data.dialect, database: 'down', reason },
      });
    }
    // Storage full does not take the instance out of a load balancer; it is reported for monitoring.
    return ok({ status: 'ok', db: ctx.data.dialect, database: 'ok', ...(await storageState(ctx.config.dataDir)) });
  });
};
