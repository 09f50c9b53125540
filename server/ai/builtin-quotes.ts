// What the built-in engine quotes from the material open with a question
// (the lesson beside the course AI, attached files): the paragraphs that
// share the most terms with the question, in the order they appear. Terms
// come from the same normalisation and segmentation as the knowledge
// library, so a lesson pasted from a printed PDF (入⻔) matches 入门 too.
import { queryTermsOf, termsOf } from '../text/terms.js';
import type { OpenMaterial } from './types.js';

/** Paragraphs quoted from one piece of material at most. */
const PASSAGES_PER_MATERIAL = 2;

/** Paragraphs of the text; a heading standing alone is kept with the paragraph under it. */
export function paragraphsOf(text: string): string[] {
  const out: string[] = [];
  let heading = '';
  for (const raw of text.replace(/\r\n?/gu, '\n').split(/\n\s*\n/u)) {
    const paragraph = raw.trim();
    if (!paragraph) continue;
    if (/^#{1,6}\s/u.test(paragraph) && !paragraph.includes('\n')) {
      heading = heading ? `${heading}\n${paragraph}` : paragraph;
      continue;
    }
    out.push(heading ? `${heading}\n${paragraph}` : paragraph);
    heading = '';
  }
  if (heading) out.push(heading);
  return out;
}

/** The paragraphs of `material` that match `question` best (none when nothing matches), in reading order. */
export function matchingPassages(question: string, material: OpenMaterial, limit = PASSAGES_PER_MATERIAL): string[] {
  const wanted = queryTermsOf(question);
  if (wanted.length === 0) return [];
  return paragraphsOf(material.text)
    .map((paragraph, position) => {
      const has = new Set(termsOf(paragraph));
      return { paragraph, position, score: wanted.filter((t) => has.has(t)).length };
    })
    .filter((p) => p.score > 0)
    .sort((a, b) => b.score - a.score || a.position - b.position)
    .slice(0, limit)
    .sort((a, b) => a.position - b.position)
    .map((p) => p.paragraph);
}

export interface QuotedMaterial {
  material: OpenMaterial;
  passages: string[];
}

/** Every piece of material with the passages it has for the question; material with none is left out. */
export function quotedMaterials(question: string, materials: readonly OpenMaterial[]): QuotedMaterial[] {
  return materials.map((material) => ({ material, passages: matchingPassages(question, material) })).filter((q) => q.passages.length > 0);
}

export type AnswerLocale = 'zh-CN' | 'zh-TW' | 'en-US' | 'ko-KR' | 'ru-RU';

/** The line above the passages quoted from one piece of material, in each locale. */
const MATERIAL_HEADINGS: Record<AnswerLocale, Record<OpenMaterial['kind'], (name: string) => string>> = {
  'zh-CN': { lesson: (n) => `正在学习的课时《${n}》中与问题相关的内容：`, attachment: (n) => `附件《${n}》中与问题相关的内容：` },
  'zh-TW': { lesson: (n) => `正在學習的課時《${n}》中與問題相關的內容：`, attachment: (n) => `附件《${n}》中與問題相關的內容：` },
  'en-US': { lesson: (n) => `From the lesson you have open, "${n}":`, attachment: (n) => `From the attached file "${n}":` },
  'ko-KR': { lesson: (n) => `지금 보고 있는 수업 «${n}»에서 질문과 관련된 내용:`, attachment: (n) => `첨부 파일 «${n}»에서 질문과 관련된 내용:` },
  'ru-RU': { lesson: (n) => `Из открытого урока «${n}», по вопросу:`, attachment: (n) => `Из прикреплённого файла «${n}», по вопросу:` },
};

/** Markdown blocks quoting the material's matching passages (each passage through `quote`); none when nothing matches. */
export function materialBlocks(locale: AnswerLocale, question: string, materials: readonly OpenMaterial[], quote: (passage: string) => string): string[] {
  return quotedMaterials(question, materials).map(({ material, passages }) =>
    [`**${MATERIAL_HEADINGS[locale][material.kind](material.name)}**`, ...passages.map(quote)].join('\n\n'),
  );
}
