// The school's lists compiled for matching: one Aho–Corasick automaton over
// the normalised listed words, one over the normalised allowlist. A hit is
// excused when an allowlisted phrase found in the same text covers it
// (粉尘爆炸 excuses 爆炸 in 焊接时如何防止粉尘爆炸). Rebuilt whole when a
// list changes (runtime.ts), never edited in place.
import AhoCorasick from 'modern-ahocorasick';
import type { SafetyCategory, SafetyWordAction } from '../../db/tables/safety.js';
import { normalisedWord } from './normalise.js';

export interface ListedWord {
  id: string;
  word: string;
  category: SafetyCategory;
  action: SafetyWordAction;
}

/** A listed word found in normalised text, at [start, end) of that text. */
export interface WordHit {
  word: ListedWord;
  start: number;
  end: number;
}

interface Span {
  start: number;
  end: number;
}

export class WordMatcher {
  /** The longest normalised listed word (UTF-16 units): what a stream holds back, plus one. */
  readonly longestWord: number;
  /** The longest normalised allowlisted phrase. */
  readonly longestAllow: number;
  readonly size: number;
  /** Every normalised listed word and each of its beginnings: what a stream must hold back, and when it must scan. */
  private readonly whole = new Set<string>();
  private readonly beginnings = new Set<string>();
  private readonly words: AhoCorasick<ListedWord> | null;
  private readonly allow: AhoCorasick<null> | null;

  constructor(words: readonly ListedWord[], allow: readonly string[]) {
    const patterns = words.map((word) => ({ pattern: normalisedWord(word.word), data: word })).filter((p) => p.pattern.length > 0);
    const phrases = [...new Set(allow.map(normalisedWord).filter(Boolean))];
    this.words = patterns.length ? new AhoCorasick(patterns) : null;
    this.allow = phrases.length ? new AhoCorasick(phrases) : null;
    this.longestWord = patterns.reduce((n, p) => Math.max(n, p.pattern.length), 0);
    this.longestAllow = phrases.reduce((n, p) => Math.max(n, p.length), 0);
    this.size = patterns.length;
    for (const { pattern } of patterns) {
      this.whole.add(pattern);
      for (let n = 1; n < pattern.length; n++) this.beginnings.add(pattern.slice(0, n));
    }
  }

  /** Whether a listed word may end at one of the positions [from, to) of `text` (a cheap test before a scan). */
  mayEndIn(text: string, from: number, to: number): boolean {
    for (let end = Math.max(from, 0) + 1; end <= to; end++) {
      for (let start = Math.max(0, end - this.longestWord); start < end; start++) if (this.whole.has(text.slice(start, end))) return true;
    }
    return false;
  }

  /** Where the end of `text` that could still grow into a listed word begins (`text.length` when none could). */
  heldFrom(text: string): number {
    for (let start = Math.max(0, text.length - this.longestWord + 1); start < text.length; start++) if (this.beginnings.has(text.slice(start))) return start;
    return text.length;
  }

  /**
   * The hits in normalised `text` that start at or after `from`, with no
   * allowlisted phrase covering them, the most severe first (block before
   * review). A hit whose covering phrase could still be completed by text
   * not yet read is kept: a stream decides it later (output-guard.ts).
   */
  hits(text: string, from = 0): WordHit[] {
    if (!this.words) return [];
    const windowStart = Math.max(0, from);
    const found = this.words.search(windowStart ? text.slice(windowStart) : text);
    if (found.length === 0) return [];
    const hits = found.map((m) => ({ word: m.data!, start: m.start + windowStart, end: m.end + windowStart }));
    const cover = this.allowSpans(text, hits);
    const open = cover.length ? hits.filter((h) => !cover.some((c) => c.start <= h.start && c.end >= h.end)) : hits;
    return open.sort((a, b) => rank(a) - rank(b) || a.start - b.start);
  }

  private allowSpans(text: string, hits: WordHit[]): Span[] {
    if (!this.allow) return [];
    const from = Math.max(0, Math.min(...hits.map((h) => h.start)) - this.longestAllow);
    const to = Math.min(text.length, Math.max(...hits.map((h) => h.end)) + this.longestAllow);
    return this.allow.search(text.slice(from, to)).map((m) => ({ start: m.start + from, end: m.end + from }));
  }
}

const rank = (hit: WordHit) => (hit.word.category === 'self-harm' ? 0 : hit.word.action === 'block' ? 1 : 2);
