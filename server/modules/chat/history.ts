// The prior messages a question is answered with: read from the database
// newest first along the branch being answered, a page at a time, and only
// until every model's window is full, so a long chat costs no more to ask in
// than a short one.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ChatMode } from '../../db/tables/chat.js';
import { toTurn, windowFiller } from './context-builder.js';
import { listBranch, type MessageRecord } from './store.js';

/** Small first: most windows fill within a few dozen turns; doubled per page for long windows of short turns. */
const FIRST_PAGE = 24;
const LARGEST_PAGE = 384;

/** In compare mode each model continues its own side of the conversation; a failed answer without text is left out. */
export function seenBy(p: Pick<MessageRecord, 'role' | 'model' | 'status' | 'content'>, mode: ChatMode, model: string): boolean {
  return (p.role === 'user' || mode === 'v1' || p.model === model) && (p.status !== 'error' || p.content !== '');
}

export interface HistoryReader {
  model: string;
  vision: boolean;
  /** Tokens its window has for prior turns (historyBudget). */
  budget: number;
}

/** The messages from the root to `leafId`, oldest first, less the older ones no reader's window has room for. */
export async function loadHistory(
  db: Kysely<Database>,
  chat: { id: string; mode: ChatMode },
  leafId: string | null,
  readers: HistoryReader[],
): Promise<MessageRecord[]> {
  const windows = readers.map((r) => ({ ...r, window: windowFiller(r.budget), full: false }));
  const loaded: MessageRecord[] = [];
  let next = leafId;
  let page = FIRST_PAGE;
  let open = windows.length;
  while (next && open > 0) {
    const rows = await listBranch(db, chat.id, next, page);
    for (const p of rows) {
      loaded.push(p);
      for (const w of windows) {
        // Costs are counted before pictures are inlined, so they err low: this reads at most a little more than needed, never less.
        if (w.full || !seenBy(p, chat.mode, w.model) || w.window.take(toTurn(p, w.vision))) continue;
        w.full = true;
        open--;
      }
      if (open === 0) break;
    }
    next = rows.length === page ? (rows.at(-1)?.parentId ?? null) : null;
    page = Math.min(page * 2, LARGEST_PAGE);
  }
  return loaded.reverse();
}
