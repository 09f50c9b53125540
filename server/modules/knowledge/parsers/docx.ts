// DOCX text with mammoth: widely used, maintained, and it follows Word's
// document model (paragraphs, tables, lists) rather than scraping the XML.
import mammoth from 'mammoth';
import { ParseError, type ParsedDocument } from './types.js';

export async function parseDocx(content: Buffer): Promise<ParsedDocument> {
  let text: string;
  try {
    text = (await mammoth.extractRawText({ buffer: content })).value;
  } catch {
    throw new ParseError('DOCX 文件已损坏或格式无法识别，请用 Word 另存为 .docx 后再上传');
  }
  if (!text.trim()) throw new ParseError('这个 Word 文档里没有文字（可能只有图片），请上传含文字的文档');
  return { pages: [{ page: null, text }], pageCount: 1 };
}
