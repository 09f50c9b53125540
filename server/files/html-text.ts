// The visible text of an HTML fragment or page, read with htmlparser2 (fast,
// forgiving, widely used, never regexes over markup): block elements become
// line breaks, scripts and styles are dropped, entities decoded. Used by the
// knowledge library's web pages and by question banks whose text is HTML
// (Moodle XML, GIFT's [html] format), so both read markup the same way.
import { Parser } from 'htmlparser2';

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

export interface HtmlText {
  text: string;
  /** How many images the markup held (their pictures are not part of the text). */
  images: number;
}

/**
 * `compact`: read as a browser shows a short fragment (a question's text):
 * runs of spaces and source line breaks inside a paragraph are one space,
 * and each block is one line with no blank lines between.
 */
export function htmlToText(html: string, options: { compact?: boolean } = {}): HtmlText {
  let text = '';
  let images = 0;
  let skipping = 0;
  const parser = new Parser(
    {
      onopentagname(name) {
        if (name === 'img') images += 1;
        if (SKIP.has(name)) skipping += 1;
        else if (BLOCK.has(name)) text += '\n';
      },
      onclosetag(name) {
        if (SKIP.has(name)) skipping = Math.max(0, skipping - 1);
        else if (BLOCK.has(name)) text += '\n\n';
      },
      ontext(data) {
        if (!skipping) text += options.compact ? data.replace(/[ \t\r\n]+/gu, ' ') : data;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  if (!options.compact) return { text: text.replace(/\n{3,}/gu, '\n\n'), images };
  const lines = text
    .split('\n')
    .map((line) => line.replace(/\u00a0/gu, ' ').trim())
    .filter(Boolean);
  return { text: lines.join('\n'), images };
}
