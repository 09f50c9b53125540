// ZX_QUOTA=off turns metering off entirely (no holds, no use recorded): for
// installations that never want it and for the bench baseline.
import type { ServerContext } from '../../context.js';

export function quotaEnabled(ctx: Pick<ServerContext, 'config'>): boolean {
  return (ctx.config.env.ZX_QUOTA ?? '').trim().toLowerCase() !== 'off';
}
