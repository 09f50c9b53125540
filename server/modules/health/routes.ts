// GET /health, for load balancers, monitoring and the start-up check:
//   200 {status: 'ok', db: 'sqlite' | 'postgres', database: 'ok', redis: 'none' | 'ok', storage: 'ok' | 'full', freeBytes, files: 'local' | 's3'}
//   200 {status: 'degraded', ..., redis: 'down', redisReason} when Redis does not answer
//       (the instance stays in the balancer: it streams its own answers, limits fall back to its
//       memory, readers of other instances' answers get them from the database)
//   200 {status: 'degraded', ..., storage: 'down', storageReason} when the file store does not answer
//       (chat and everything without files still work, so the instance stays in the balancer)
//   503 {status: 'down', db, database: 'down', reason} when the database does not answer
// (the reason is the driver's message, e.g. "connect ECONNREFUSED 127.0.0.1:5432";
// a connection URL or password is never part of it).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../context.js';
import { pingDatabase } from '../../db/index.js';
import { ok } from '../../http/envelope.js';
import { storageState } from '../../http/storage-full.js';

const REDIS_DOWN_MESSAGE = 'Redis 暂时无法访问：本实例照常工作，其他实例上的回答改为从数据库读取';

/** The file store gets this long to answer a health check. */
const STORE_CHECK_MS = 5_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

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
    // Storage full or down does not take the instance out of a load balancer (every
    // instance shares the store); it is reported for monitoring. So is Redis.
    const local = await storageState(ctx.config.dataDir);
    const { reason: redisReason, ...coordination } = await ctx.coordination.health();
    if (coordination.redis === 'down') request.log.warn({ reason: redisReason }, 'health check: Redis unreachable');
    const shared = { ...coordination, ...(redisReason ? { redisReason } : {}) };
    try {
      await withTimeout(ctx.files.check(), STORE_CHECK_MS);
    } catch (error) {
      const storageReason = error instanceof Error ? error.message.slice(0, 200) : String(error);
      request.log.error({ err: error }, 'health check: file store unreachable');
      return ok(
        { status: 'degraded', db: ctx.data.dialect, database: 'ok', ...shared, ...local, storage: 'down', files: ctx.files.kind, storageReason },
        '文件存储暂时无法访问，请稍后再试',
      );
    }
    if (coordination.redis === 'down') {
      return ok({ status: 'degraded', db: ctx.data.dialect, database: 'ok', ...shared, ...local, files: ctx.files.kind }, REDIS_DOWN_MESSAGE);
    }
    return ok({ status: 'ok', db: ctx.data.dialect, database: 'ok', ...shared, ...local, files: ctx.files.kind });
  });
};
