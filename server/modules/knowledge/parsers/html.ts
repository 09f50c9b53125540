// A web page's visible text (server/files/html-text.ts: block elements as
// line breaks, scripts and styles dropped).
import { ParseError, type ParsedDocument } from './types.js';
import { decodeText } from './text.js';

export async function parseHtml(content: Buffer): Promise<ParsedDocument> {
  // Loaded on the first web page parsed, in the parse worker.
  const { htmlToText } = await import('../../../files/html-text.js');
  const { text } = htmlToText(decodeText(content));
  if (!text.trim()) throw new ParseError('这个网页文件里没有文字内容');
  return { pages: [{ page: null, text }], pageCount: 1 };
}
