// The mind map's one format: a markdown outline (docs/api/mindmaps.md).
//   # Root
//   ## Branch
//   - Leaf
//     - Sub-leaf [§](/course/detail/C?lessonId=L "the passage it came from")
// Headings give the first levels, list items (two spaces per level) the
// rest. A node made from a lesson or a document ends with a source link
// `[§](href "excerpt")`. Raw HTML is never kept: `<` is written as `&lt;`,
// so a node reads as the text it was typed as, and the browser renders
// nothing a model or a person slipped in (the viewer sanitizes again).

/** Most nodes a saved map keeps (a 2,000-node map is the bench's size). */
export const MAX_NODES = 5_000;
/** Longest node text kept, in characters. */
export const MAX_NODE_CHARS = 300;
/** Longest outline accepted, in characters. */
export const MAX_OUTLINE_CHARS = 400_000;

export const SOURCE_MARK = '§';

export interface SourceLink {
  href: string;
  /** The passage the node came from (shown on hover, kept in exports). */
  excerpt: string;
}

const HEADING = /^(#{1,6})\s+(.*)$/u;
const LIST_ITEM = /^(\s*)(?:[-*+]|\d{1,3}[.)])\s+(.*)$/u;

/** A source link in markdown, with the excerpt made safe for a link title. */
export function sourceLinkMarkdown(link: SourceLink): string {
  const excerpt = link.excerpt
    .replace(/\s+/gu, ' ')
    .replace(/["()\\[\]]/gu, ' ')
    .trim()
    .slice(0, 200);
  return `[${SOURCE_MARK}](${encodeURI(decodeURISafe(link.href))} "${excerpt}")`;
}

function decodeURISafe(href: string): string {
  try {
    return decodeURI(href);
  } catch {
    return href;
  }
}

const TRAILING_SOURCE = /\s*(\[§\]\([^()\s]*(?:\s+"[^"]*")?\))\s*$/u;

/** Node text as plain as it can be kept: one line, no raw HTML, at most MAX_NODE_CHARS (a trailing source link aside). */
export function cleanNodeText(text: string): string {
  const oneLine = text.replace(/\s+/gu, ' ').trim();
  const source = TRAILING_SOURCE.exec(oneLine);
  const words = source ? oneLine.slice(0, source.index) : oneLine;
  const chars = [...words];
  const cut = chars.length > MAX_NODE_CHARS ? `${chars.slice(0, MAX_NODE_CHARS - 1).join('')}…` : words;
  if (!cut.trim()) return '';
  return escapeHtml(cut) + (source ? ` ${escapeHtml(source[1]!.slice(0, 600))}` : '');
}

/** `<` becomes `&lt;` (already escaped entities are left as they are). */
export function escapeHtml(text: string): string {
  return text.replace(/</gu, '&lt;');
}

export interface OutlineLine {
  depth: number;
  text: string;
}

/** One outline line to its depth (0 = root) and text, or null for anything else. */
export function readOutlineLine(line: string, headingDepth: number): OutlineLine | null {
  const heading = HEADING.exec(line);
  if (heading) return { depth: heading[1]!.length - 1, text: heading[2]!.replace(/\s+#+\s*$/u, '') };
  const item = LIST_ITEM.exec(line.replace(/\t/gu, '  '));
  if (item) return { depth: headingDepth + 1 + Math.floor(item[1]!.length / 2), text: item[2]! };
  return null;
}

/** Writes one node as an outline line: headings for the first two levels, list items below. */
export function outlineLine(depth: number, text: string): string {
  if (depth <= 1) return `${'#'.repeat(depth + 1)} ${text}`;
  return `${'  '.repeat(depth - 2)}- ${text}`;
}

/**
 * Builds the canonical outline one line at a time (a model's lines as they
 * stream in, or a saved outline): one root, depths that never jump more
 * than one level, text cleaned, at most MAX_NODES nodes. Lines that are not
 * headings or list items are dropped.
 */
export class OutlineBuilder {
  private headingDepth = 0;
  private previousDepth = -1;
  private inFence = false;
  readonly lines: string[] = [];

  /**
   * `fallbackTitle` names the root when the lines bring none; `untitled`
   * (the default name in the creator's language, default-names.ts) when
   * that is empty too.
   */
  constructor(
    private readonly fallbackTitle: string,
    private readonly untitled: string,
  ) {}

  get full(): boolean {
    return this.lines.length >= MAX_NODES;
  }

  /** The canonical lines this raw line adds (none, one, or the root and it); `suffix` (a source link) is appended as is. */
  push(raw: string, suffix = ''): string[] {
    if (/^\s*```/u.test(raw)) {
      this.inFence = !this.inFence;
      return [];
    }
    if (this.inFence || this.full) return [];
    const read = readOutlineLine(raw, this.headingDepth);
    if (!read) return [];
    if (HEADING.test(raw)) this.headingDepth = read.depth;
    const text = cleanNodeText(read.text);
    if (!text) return [];
    const added: string[] = [];
    if (this.previousDepth < 0) {
      this.previousDepth = 0;
      if (read.depth === 0) return this.add([outlineLine(0, text + suffix)]);
      added.push(outlineLine(0, this.rootText()));
    }
    // A second root, or a jump of more than one level, hangs under the node before it.
    const depth = Math.max(1, Math.min(read.depth, this.previousDepth + 1));
    this.previousDepth = depth;
    added.push(outlineLine(depth, text + suffix));
    return this.add(added);
  }

  /** The outline so far, with a root even when nothing usable came. */
  outline(): string {
    if (!this.lines.length) this.lines.push(outlineLine(0, this.rootText()));
    return `${this.lines.join('\n')}\n`;
  }

  private rootText(): string {
    return cleanNodeText(this.fallbackTitle) || cleanNodeText(this.untitled);
  }

  private add(lines: string[]): string[] {
    this.lines.push(...lines);
    return lines;
  }
}

/** Any outline in the canonical form (see OutlineBuilder). */
export function normalizeOutline(markdown: string, fallbackTitle: string, untitled: string): { outline: string; nodes: number } {
  const builder = new OutlineBuilder(fallbackTitle, untitled);
  for (const raw of markdown.slice(0, MAX_OUTLINE_CHARS).split(/\r?\n/u)) {
    builder.push(raw);
    if (builder.full) break;
  }
  const outline = builder.outline();
  return { outline, nodes: builder.lines.length };
}

/** The root's text of an outline (its title). */
export function outlineTitle(outline: string): string {
  const first = outline.split('\n').find((l) => l.trim());
  const read = first ? readOutlineLine(first, 0) : null;
  return (read?.text ?? '')
    .replace(/\s*\[§\]\([^)]*\)\s*$/u, '')
    .replace(/&lt;/gu, '<')
    .trim();
}
