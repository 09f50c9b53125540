// Whether tables that other areas own exist yet in this database. The
// courses and knowledge areas are built alongside this one; until their
// migrations exist, assistants treat them as absent instead of failing.
import type { ServerContext } from '../../context.js';

const cache = new WeakMap<object, Map<string, Promise<boolean>>>();

/** Migrations run before the server listens, so one look per database is enough. */
export function hasTables(ctx: ServerContext, names: readonly string[]): Promise<boolean> {
  let perDb = cache.get(ctx.db);
  if (!perDb) cache.set(ctx.db, (perDb = new Map()));
  const key = names.join(',');
  let known = perDb.get(key);
  if (!known) {
    known = ctx.db.introspection
      .getTables()
      .then((tables) => names.every((name) => tables.some((t) => t.name === name && (ctx.data.schema === undefined || t.schema === ctx.data.schema))))
      .catch(() => false);
    perDb.set(key, known);
  }
  return known;
}
