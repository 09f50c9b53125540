// Counters shared by every instance: check-in tries per student (a code
// cannot be guessed by trying) and wall messages per student (a class wall,
// not a flood).
import type { ServerContext } from '../../context.js';
import { withinLimit as takePoint, type Limit } from '../../coordination/index.js';

const LIMITS = {
  join: { name: 'live-join', points: 10, durationSeconds: 60, message: '签到尝试太多，请一分钟后再试' },
  wall: { name: 'live-wall', points: 5, durationSeconds: 10, message: '发得太快了，请稍后再发' },
} satisfies Record<string, Limit>;

export async function withinLimit(ctx: ServerContext, name: keyof typeof LIMITS, key: string): Promise<void> {
  await takePoint(ctx.coordination, LIMITS[name], key);
}
