// Plain text and Markdown. Chinese text files are often saved as GBK: bytes
// that are not valid UTF-8 are read as GB18030 (a superset of GBK and GB2312).
import { isUtf8 } from 'node:buffer';
import { ParseError, type ParsedDocument } from './types.js';

export function decodeText(content: Buffer): string {
  const body = content[0] === 0xef && content[1] === 0xbb && content[2] === 0xbf ? content.subarray(3) : content;
  return isUtf8(body) ? body.toString('utf8') : new TextDecoder('gb18030').decode(body);
}

export async function parseText(content: Buffer): Promise<ParsedDocument> {
  const text = decodeText(content);
  if (!text.trim()) throw new ParseError('文件是空的，请上传有内容的文本文件');
  return { pages: [{ page: null, text }], pageCount: 1 };
}
