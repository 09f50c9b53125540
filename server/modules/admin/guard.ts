// Who may run the school's administration: a manager (client type 2) holding
// the admin right (users.admin). Checked against the database on every call,
// so taking the right away takes effect at once.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import { authHook, currentUser, requireClientType } from '../../http/auth.js';
import { forbidden } from '../../http/errors.js';
import { MANAGER_CLIENT_TYPE } from '../account/index.js';

export const ADMIN_ONLY_MESSAGE = '需要学校管理员权限';

async function holdsAdminRight(ctx: ServerContext, userId: string): Promise<boolean> {
  const row = await ctx.db.selectFrom('users').select('admin').where('id', '=', userId).executeTakeFirst();
  return Number(row?.admin ?? 0) === 1;
}

/** Checks of every admin route (run before its input is validated): signed in, on the manager side, with the admin right. */
export function adminOnly(app: FastifyInstance, ctx: ServerContext) {
  return {
    preHandler: [
      app.requireUser,
      requireClientType(MANAGER_CLIENT_TYPE),
      authHook(async (request: FastifyRequest) => {
        if (!(await holdsAdminRight(ctx, currentUser(request).id))) throw forbidden(ADMIN_ONLY_MESSAGE);
      }),
    ],
  };
}
