// Splits a parsed document into passages of about TARGET characters: whole
// paragraphs where they fit, sentences where a paragraph is too long, and a
// hard cut only for a sentence longer than MAX. Each passage remembers the
// page (PDF) or slide (PPTX) it is on (passages never span pages), so a
// source can say where it is. Radicals become ideographs here (readableText):
// CJK fonts in PDFs printed from browsers, Word or WPS map glyphs to radicals
// (⽤ U+2F64 for 用, ⻔ U+2ED4 for 门), which look right but match nothing.
import { readableText } from '../../text/normalize.js';
import type { ParsedPage } from './parsers/types.js';

export const TARGET_CHARS = 500;
export const MAX_CHARS = 800;

export interface TextChunk {
  content: string;
  page: number | null;
}

const SENTENCE_END = /(?<=[。！？；!?;…]|[.](?=\s))/u;

function pieces(paragraph: string): string[] {
  if (paragraph.length <= MAX_CHARS) return [paragraph];
  const out: string[] = [];
  for (const sentence of paragraph.split(SENTENCE_END)) {
    for (let i = 0; i < sentence.length; i += MAX_CHARS) out.push(sentence.slice(i, i + MAX_CHARS));
  }
  return out;
}

export function chunkPages(pages: readonly ParsedPage[]): TextChunk[] {
  const chunks: TextChunk[] = [];
  let current = '';
  let currentPage: number | null = null;
  const flush = () => {
    const content = current.trim();
    if (content) chunks.push({ content, page: currentPage });
    current = '';
    currentPage = null;
  };
  for (const page of pages) {
    // A passage never spans two pages, so a source can say exactly where it is.
    flush();
    const paragraphs = readableText(page.text)
      .replace(/\r\n?/gu, '\n')
      .split(/\n\s*\n|\n(?=\s*[#>*\-\d一二三四五六七八九十（(])/u)
      .map((p) =>
        p
          .replace(/[ \t\f\v]+/gu, ' ')
          .replace(/\s*\n\s*/gu, '\n')
          .trim(),
      )
      .filter(Boolean);
    for (const paragraph of paragraphs) {
      for (const piece of pieces(paragraph)) {
        if (current && current.length + piece.length + 1 > TARGET_CHARS) flush();
        if (!current) currentPage = page.page;
        current = current ? `${current}\n${piece}` : piece;
        if (current.length >= MAX_CHARS) flush();
      }
    }
  }
  flush();
  return chunks;
}
