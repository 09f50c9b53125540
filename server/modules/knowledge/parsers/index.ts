// Which parser reads which document, by the type the upload check established.
import { parseDocx } from './docx.js';
import { parseHtml } from './html.js';
import { parsePdf } from './pdf.js';
import { parsePptx } from './pptx.js';
import { parseText } from './text.js';
import type { Parser } from './types.js';

export { ParseError, type ParsedDocument, type ParsedPage, type ParserLimits, type ParserOptions } from './types.js';

const PARSERS: Array<[RegExp, Parser]> = [
  [/^application\/pdf/u, parsePdf],
  [/wordprocessingml/u, parseDocx],
  [/presentationml/u, parsePptx],
  [/^text\/html/u, parseHtml],
  [/^text\/(plain|markdown)/u, parseText],
];

/** The parser for a stored file's type, or undefined for types the knowledge library does not read. */
export function parserFor(mime: string): Parser | undefined {
  return PARSERS.find(([pattern]) => pattern.test(mime))?.[1];
}

export const KNOWLEDGE_FORMATS = 'PDF、DOCX、PPTX、TXT、Markdown、HTML';
