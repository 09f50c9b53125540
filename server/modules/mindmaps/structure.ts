// What the built-in engine can honestly make without a language model: a
// map of the material's own structure. Headings become branches, list items
// their leaves (nested as written), and a section's paragraphs give their
// first sentence as a key passage. Every node keeps a link to the passage it
// came from. Nothing is invented: a bare topic has no structure to read, so
// the writer says a model is needed (writer.ts).
import { cleanNodeText, outlineLine, sourceLinkMarkdown } from './outline.js';

/** Key passages kept per section, and node text length for a passage. */
const PASSAGES_PER_SECTION = 4;
const PASSAGE_NODE_CHARS = 40;
export const BUILTIN_MAX_NODES = 600;

export interface StructureSource {
  title: string;
  /** The root's name when the title is empty (default-names.ts, in the creator's language). */
  untitled: string;
  markdown: string;
  /** The link of a passage of this material; absent when it has no place to link to (a chat answer, a file). */
  link?: (excerpt: string) => string;
}

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/u;
const LIST_ITEM = /^(\s*)(?:[-*+]|\d{1,3}[.)])\s+(.*)$/u;

/** Inline markdown reduced to its words (links and images keep their text, emphasis marks go). */
function plainInline(text: string): string {
  return text
    .replace(/!\[([^\]]*)\]\([^)]*\)/gu, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/gu, '$1')
    .replace(/<[^>]*>/gu, '')
    .replace(/[*_`~]/gu, '')
    .replace(/[：:]\s*$/u, '')
    .trim();
}

function firstSentence(paragraph: string): string {
  const sentence = /^.+?[。！？!?；;](?=\s|$|[^\d])/u.exec(paragraph)?.[0] ?? paragraph;
  const chars = [...sentence.replace(/[。；;]$/u, '')];
  return chars.length > PASSAGE_NODE_CHARS ? `${chars.slice(0, PASSAGE_NODE_CHARS - 1).join('')}…` : chars.join('');
}

/** The material's structure as outline lines, root first. */
export function structureOutline(source: StructureSource): string[] {
  const lines: string[] = [outlineLine(0, cleanNodeText(source.title) || cleanNodeText(source.untitled))];
  const node = (depth: number, text: string, excerpt: string) => {
    const clean = cleanNodeText(plainInline(text));
    if (!clean || lines.length >= BUILTIN_MAX_NODES) return;
    const link = source.link ? ` ${sourceLinkMarkdown({ href: source.link(excerpt), excerpt })}` : '';
    lines.push(outlineLine(depth, clean + link));
  };

  const body = source.markdown.replace(/```[\s\S]*?```/gu, '').split(/\r?\n/u);
  const headingLevels = body.map((l) => HEADING.exec(l)?.[1]!.length).filter((n): n is number => n !== undefined);
  // A single top heading that names the material is the root itself.
  const top = headingLevels.length ? Math.min(...headingLevels) : 1;
  const soleTop = headingLevels.filter((n) => n === top).length === 1 && HEADING.exec(body.find((l) => HEADING.test(l)) ?? '')?.[1]!.length === top;
  const base = soleTop ? top : top - 1;

  let sectionDepth = 0;
  let passagesInSection = 0;
  let paragraph: string[] = [];
  let lastListDepth = 0;
  const flushParagraph = () => {
    const text = paragraph.join(' ').replace(/\s+/gu, ' ').trim();
    paragraph = [];
    if ([...text].length < 8 || /^\|/u.test(text) || passagesInSection >= PASSAGES_PER_SECTION) return;
    passagesInSection += 1;
    node(sectionDepth + 1, firstSentence(plainInline(text)), text);
  };

  for (const raw of body) {
    const line = raw.replace(/\t/gu, '  ');
    const heading = HEADING.exec(line);
    if (heading) {
      flushParagraph();
      const level = heading[1]!.length;
      if (soleTop && level === top) {
        // The material's one top heading names it better than its file or lesson name.
        const named = cleanNodeText(plainInline(heading[2]!));
        if (named) lines[0] = outlineLine(0, named);
        continue;
      }
      sectionDepth = Math.max(1, level - base);
      passagesInSection = 0;
      lastListDepth = sectionDepth;
      node(sectionDepth, heading[2]!, heading[2]!);
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      flushParagraph();
      const wanted = sectionDepth + 1 + Math.floor(item[1]!.length / 2);
      lastListDepth = Math.min(wanted, lastListDepth + 1, sectionDepth + 1 + 5);
      node(Math.max(sectionDepth + 1, lastListDepth), item[2]!, item[2]!);
      continue;
    }
    lastListDepth = sectionDepth;
    if (!line.trim() || /^\s*(?:>|\||---|\*\*\*|!\[)/u.test(line)) {
      flushParagraph();
      continue;
    }
    paragraph.push(line.trim());
  }
  flushParagraph();
  return lines;
}
