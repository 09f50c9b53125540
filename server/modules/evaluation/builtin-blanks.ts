// What the built-in engine can honestly write without a language model:
// fill-in-the-blank questions from the source's own sentences, blanking a
// key term (a word that recurs in the material, longer words first). Each
// says it was made this way, so a teacher checks it before saving.
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

function wordsOf(text: string): string[] {
  return [...segmenter.segment(text)]
    .filter((s) => s.isWordLike && [...s.segment].length >= 2 && !STOP.has(s.segment) && !/^\d+$/u.test(s.segment))
    .map((s) => s.segment);
}

function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[。！？；!?;])/u)
    .map((s) => s.trim())
    .filter((s) => [...s].length >= 12 && [...s].length <= 120);
}

export interface BlankDraft {
  stem: string;
  answer: string[];
  source: SourcePassage;
}

export function builtinBlanks(passages: SourcePassage[], count: number): BlankDraft[] {
  const frequency = new Map<string, number>();
  for (const p of passages) for (const w of wordsOf(p.text)) frequency.set(w, (frequency.get(w) ?? 0) + 1);
  const drafts: BlankDraft[] = [];
  const usedTerms = new Set<string>();
  for (const passage of passages) {
    for (const sentence of sentencesOf(passage.text)) {
      if (drafts.length >= count) return drafts;
      const candidates = wordsOf(sentence)
        .filter((w) => !usedTerms.has(w) && [...w].length < [...sentence].length / 2)
        .sort((a, b) => (frequency.get(b) ?? 0) * [...b].length - (frequency.get(a) ?? 0) * [...a].length);
      const term = candidates[0];
      if (!term) continue;
      usedTerms.add(term);
      drafts.push({ stem: sentence.replace(term, '____'), answer: [term], source: passage });
    }
  }
  return drafts;
}
