// Index terms for Chinese and everything else (DESIGN §3). Intl.Segmenter
// finds words; Node's ICU splits many domain terms (数控, 编程) into single
// characters, so every run of CJK characters also yields its character
// bigrams, and words of three or more characters (计算机) are kept whole.
// Latin words and numbers are lower-cased words. Index and query go through
// the same function, so whatever the segmenter does, both sides agree.
// Terms hold only letters and digits: FTS5's unicode61 tokenizer and the
// PostgreSQL tsvector literal then keep each one exactly as it is. Both sides
// start from searchForm (radicals to ideographs, NFKC, lower case), so a PDF
// that says 入⻔ is found by 入门.
import { searchForm } from './normalize.js';

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
// Most segments are all CJK or all ASCII letters and digits: each such segment
// is one piece, handled without splitting it into pieces and characters.
const ALL_CJK = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+$/u;
const ALL_ASCII_WORD = /^[a-z0-9]+$/;
const WORD_CHARS = /[\p{L}\p{N}]+/gu;
const MAX_TERM_LENGTH = 40;

function flushRun(run: string[], out: string[]): void {
  if (run.length === 1) out.push(run[0]!);
  for (let i = 0; i + 1 < run.length; i++) out.push(run[i]! + run[i + 1]!);
  run.length = 0;
}

/**
 * Words a question is made of but that say nothing about its subject
 * ("M03是什么指令" is about M03 and 指令). Dropped from questions only, where
 * they also break a CJK run so no bigram spans them; documents keep them.
 */
const QUESTION_WORDS = new Set(
  (
    '的 了 是 吗 呢 吧 啊 呀 么 什么 怎么 怎么样 怎样 如何 为什么 为何 哪些 哪个 哪里 哪 谁 几 多少 请问 请 一下 可以 能 能否 能不能 是否 是不是 ' +
    '有 有没有 有哪些 和 与 及 或 或者 在 对 把 被 给 我 你 他 她 它 我们 你们 他们 这 那 这个 那个 这些 那些 就 都 也 还 要 需要 应该 ' +
    'a an the is are was were be what how why which who whom when where of to in on at for and or do does did can could should would please'
  ).split(' '),
);

/** Every term occurrence of `text`, in order (repeats kept: term frequency counts them). */
export function termsOf(text: string, skipWord?: (word: string) => boolean): string[] {
  const out: string[] = [];
  const run: string[] = [];
  const normalized = searchForm(text);
  for (const { segment, isWordLike } of segmenter.segment(normalized)) {
    if (!isWordLike || skipWord?.(segment)) {
      flushRun(run, out);
      continue;
    }
    if (ALL_CJK.test(segment)) {
      let length = 0;
      for (const c of segment) {
        run.push(c);
        length++;
      }
      if (length >= 3 && length <= MAX_TERM_LENGTH) out.push(segment);
      continue;
    }
    if (ALL_ASCII_WORD.test(segment)) {
      flushRun(run, out);
      out.push(segment.slice(0, MAX_TERM_LENGTH));
      continue;
    }
    for (const piece of segment.match(WORD_CHARS) ?? []) {
      const chars = Array.from(piece);
      if (chars.every((c) => CJK_CHAR.test(c))) {
        run.push(...chars);
        if (chars.length >= 3 && chars.length <= MAX_TERM_LENGTH) out.push(piece);
        continue;
      }
      flushRun(run, out);
      // Mixed pieces (e.g. "g代码") split into their CJK and other parts.
      let other = '';
      for (const c of chars) {
        if (CJK_CHAR.test(c)) {
          if (other) out.push(other.slice(0, MAX_TERM_LENGTH));
          other = '';
          run.push(c);
        } else {
          if (run.length) flushRun(run, out);
          other += c;
        }
      }
      if (other) out.push(other.slice(0, MAX_TERM_LENGTH));
    }
  }
  flushRun(run, out);
  return out;
}

/** The distinct terms of a question, in first-seen order, without its question words (unless that leaves nothing). */
export function queryTermsOf(text: string): string[] {
  const terms = termsOf(text, (word) => QUESTION_WORDS.has(word));
  return [...new Set(terms.length ? terms : termsOf(text))];
}

/** How often each term occurs in a list of terms. */
export function termFrequencies(terms: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const t of terms) counts.set(t, (counts.get(t) ?? 0) + 1);
  return counts;
}
