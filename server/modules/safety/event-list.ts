// The managers' event list: filtered by category, class, person and date,
// a page at a time or whole for the export. What the model wrote before a
// cut (model_text) is in the list only for these managers.
import type { ServerContext } from '../../context.js';

export interface EventFilter {
  category?: string;
  classId?: string;
  userId?: string;
  /** ms since epoch, inclusive. */
  from?: number;
  to?: number;
  page?: number;
  size?: number;
}

export interface EventView {
  id: string;
  category: string;
  source: string;
  direction: string;
  userId: string | null;
  userName: string;
  excerpt: string;
  matched: string;
  action: string;
  modelText: string | null;
  dismissed: boolean;
  createTime: number;
}

export const EXPORT_LIMIT = 50_000;

export async function listEvents(ctx: ServerContext, filter: EventFilter): Promise<{ list: EventView[]; total: number }> {
  let query = ctx.db.selectFrom('safety_events as e').leftJoin('users as u', 'u.id', 'e.user_id');
  if (filter.category) query = query.where('e.category', '=', filter.category);
  if (filter.userId) query = query.where('e.user_id', '=', filter.userId);
  if (filter.from !== undefined) query = query.where('e.created_at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('e.created_at', '<=', filter.to);
  if (filter.classId) {
    const classId = filter.classId;
    // The class's students: its teachers' own questions are not the class's.
    query = query.where('e.user_id', 'in', (qb) =>
      qb.selectFrom('class_members').select('user_id').where('class_id', '=', classId).where('role', '=', 'student'),
    );
  }
  const total = Number((await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
  const size = filter.size ?? 20;
  const page = filter.page ?? 1;
  const rows = await query
    .select([
      'e.id',
      'e.category',
      'e.source',
      'e.direction',
      'e.user_id',
      'e.excerpt',
      'e.matched',
      'e.action',
      'e.model_text',
      'e.dismissed',
      'e.created_at',
      'u.name',
      'u.username',
    ])
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  return {
    total,
    list: rows.map((r) => ({
      id: r.id,
      category: r.category,
      source: r.source,
      direction: r.direction,
      userId: r.user_id,
      userName: r.name || r.username || '',
      excerpt: r.excerpt,
      matched: r.matched,
      action: r.action,
      modelText: r.model_text,
      dismissed: Number(r.dismissed) === 1,
      createTime: Number(r.created_at),
    })),
  };
}

/** Every class, for the list's class filter. */
export async function classOptions(ctx: ServerContext): Promise<Array<{ id: string; name: string }>> {
  return ctx.db.selectFrom('classes').select(['id', 'name']).orderBy('name').limit(EXPORT_LIMIT).execute();
}
