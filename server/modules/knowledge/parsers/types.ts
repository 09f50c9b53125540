/** Text of one page (PDF), slide (PPTX) or the whole document (page null). */
export interface ParsedPage {
  page: number | null;
  text: string;
}

export interface ParsedDocument {
  pages: ParsedPage[];
  /** Pages or slides in the file; 1 for flowing text. */
  pageCount: number;
}

/** A document we cannot read; `message` tells the teacher what to do. */
export class ParseError extends Error {
  override name = 'ParseError';
}

/** What a parser may unpack; the other limits are enforced around it (parse-worker.ts). */
export interface ParserLimits {
  maxUnzippedBytes: number;
}

export interface ParserOptions extends ParserLimits {
  /**
   * A parser that reads page by page (PDF) hands each page here as soon as it
   * is read, and keeps none: its result's `pages` is then empty. It reads the
   * next page once the promise settles. The others ignore it and return their
   * pages.
   */
  onPage?: (page: ParsedPage) => Promise<void>;
}

export type Parser = (content: Buffer, options: ParserOptions) => Promise<ParsedDocument>;
