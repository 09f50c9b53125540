// Every admin change goes to the operation records (server/modules/records),
// with a name and a summary better than the automatic record of the call.
// What goes in says who changed what: never a password, a one-time password
// or an API key.
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import { recordOperation, type OperationDetails } from '../records/index.js';

export type AdminAction = OperationDetails;

export function recordAdminAction(ctx: ServerContext, request: FastifyRequest, action: AdminAction): Promise<void> {
  return recordOperation(ctx, request, action);
}
