// Plain text and Markdown, decoded as any uploaded text file is (UTF-8, else
// GB18030 for Notepad's GBK: server/files/text-decoding.ts).
import { decodeText } from '../../../files/text-decoding.js';
import { ParseError, type ParsedDocument } from './types.js';

export { decodeText, decodeTextHead } from '../../../files/text-decoding.js';

export async function parseText(content: Buffer): Promise<ParsedDocument> {
  const text = decodeText(content);
  if (!text.trim()) throw new ParseError('文件是空的，请上传有内容的文本文件');
  return { pages: [{ page: null, text }], pageCount: 1 };
}
