// HTML text with htmlparser2 (fast, forgiving, widely used): the visible
// text, with block elements as line breaks and scripts and styles dropped.
import { ParseError, type ParsedDocument } from './types.js';
import { decodeText } from './text.js';

const SKIP = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head']);
const BLOCK = new Set([
  'p',
  'div',
  'br',
  'li',
  'tr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'section',
  'article',
  'blockquote',
  'pre',
  'table',
  'ul',
  'ol',
  'hr',
  'title',
]);

export async function parseHtml(content: Buffer): Promise<ParsedDocument> {
  // Loaded on the first web page parsed, in the parse worker.
  const { Parser } = await import('htmlparser2');
  let text = '';
  let skipping = 0;
  const parser = new Parser(
    {
      onopentagname(name) {
        if (SKIP.has(name)) skipping += 1;
        else if (BLOCK.has(name)) text += '\n';
      },
      onclosetag(name) {
        if (SKIP.has(name)) skipping = Math.max(0, skipping - 1);
        else if (BLOCK.has(name)) text += '\n\n';
      },
      ontext(data) {
        if (!skipping) text += data;
      },
    },
    { decodeEntities: true },
  );
  parser.write(decodeText(content));
  parser.end();
  if (!text.trim()) throw new ParseError('这个网页文件里没有文字内容');
  return { pages: [{ page: null, text: text.replace(/\n{3,}/gu, '\n\n') }], pageCount: 1 };
}
