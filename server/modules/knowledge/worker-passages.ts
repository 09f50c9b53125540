// A passage as the index stores it, made where the text is read (a worker's thread).
import { termsOf } from '../../text/terms.js';
import type { WorkerPassage } from './parse-protocol.js';

/** Each passage's text and page with its search terms (segmenting is most of the cost). */
export function withTerms(passages: ReadonlyArray<{ content: string; page: number | null }>): WorkerPassage[] {
  return passages.map((p) => ({ content: p.content, page: p.page, terms: termsOf(p.content) }));
}
