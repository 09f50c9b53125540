// What the built-in engine can honestly write without a language model, from
// the source's own sentences: fill-in-the-blank questions blanking a key term
// (a word that recurs in the material, longer words first), and true/false
// questions that state the sentence as written (true) or with its key term
// swapped for another term of the material (false). Each carries its source
// sentence and says it was made this way, so a teacher checks it before saving.
import type { SourcePassage } from './question-sources.js';

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
const STOP = new Set([
  '我们',
  '你们',
  '他们',
  '这个',
  '那个',
  '这些',
  '那些',
  '可以',
  '进行',
  '通过',
  '以及',
  '如果',
  '因为',
  '所以',
  '但是',
  '一个',
  '没有',
  '需要',
  '应该',
  '就是',
  '还是',
  '然后',
  '其中',
  '主要',
  '包括',
  '使用',
]);

export const BUILTIN_BLANK_NOTE = '由内置离线引擎根据原文关键词生成的填空题，请核对后再保存。';
export const BUILTIN_JUDGE_NOTE = '由内置离线引擎根据原文句子生成的判断题，请核对后再保存。';
/** The types the built-in engine writes; every other type needs a language model. */
export const BUILTIN_TYPES = ['judge', 'blank'] as const;

function wordsOf(text: string): string[] {
  return [...segmenter.segment(text)]
    .filter((s) => s.isWordLike && [...s.segment].length >= 2 && !STOP.has(s.segment) && !/^\d+$/u.test(s.segment))
    .map((s) => s.segment);
}

/**
 * Whole sentences of a lesson: split at Chinese and Western sentence ends and
 * at line breaks (a lesson's Markdown lines and list items), without the
 * Markdown marks before a line.
 */
export function sentencesOf(text: string): string[] {
  return text
    .split(/\n+|(?<=[。！？；!?;])|(?<=[.])\s+/u)
    .map((s) =>
      s
        .replace(/^\s*(?:#{1,6}\s+|[-*+>]\s+|\d+[.)、]\s*)+/u, '')
        .replace(/[*_`]{1,3}/gu, '')
        .trim(),
    )
    .filter((s) => [...s].length >= 12 && [...s].length <= 120);
}

export interface BuiltinDraft {
  type: (typeof BUILTIN_TYPES)[number];
  stem: string;
  answer: string[] | boolean;
  /** The sentence the question was made from, as written. */
  sentence: string;
  source: SourcePassage;
}

/**
 * Up to `count` drafts of `types` (taken in turn), one a sentence, each
 * sentence's key term used once. A false statement needs a second term of the
 * material to swap in; without one the sentence is stated as written.
 */
export function builtinDrafts(passages: SourcePassage[], types: ReadonlyArray<BuiltinDraft['type']>, count: number): BuiltinDraft[] {
  const frequency = new Map<string, number>();
  for (const p of passages) for (const w of wordsOf(p.text)) frequency.set(w, (frequency.get(w) ?? 0) + 1);
  const weight = (w: string) => (frequency.get(w) ?? 0) * [...w].length;
  const terms = [...frequency.keys()].sort((a, b) => weight(b) - weight(a));
  const drafts: BuiltinDraft[] = [];
  const usedTerms = new Set<string>();
  let judges = 0;
  for (const passage of passages) {
    for (const sentence of sentencesOf(passage.text)) {
      if (drafts.length >= count || types.length === 0) return drafts;
      const candidates = wordsOf(sentence)
        .filter((w) => !usedTerms.has(w) && [...w].length < [...sentence].length / 2)
        .sort((a, b) => weight(b) - weight(a));
      const term = candidates[0];
      if (!term) continue;
      usedTerms.add(term);
      const type = types[drafts.length % types.length]!;
      if (type === 'blank') {
        drafts.push({ type, stem: sentence.replace(term, '____'), answer: [term], sentence, source: passage });
        continue;
      }
      // Every other true/false question is false, so the answers are not all the same.
      const swap = judges % 2 === 1 ? terms.find((t) => t !== term && !sentence.includes(t) && [...t].length >= 2) : undefined;
      judges += 1;
      drafts.push(
        swap
          ? { type, stem: sentence.replace(term, swap), answer: false, sentence, source: passage }
          : { type, stem: sentence, answer: true, sentence, source: passage },
      );
    }
  }
  return drafts;
}
