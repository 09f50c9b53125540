// DOCX text with mammoth: widely used, maintained, and it follows Word's
// document model (paragraphs, tables, lists) rather than scraping the XML.
// Mammoth unpacks the XML without a limit, so the XML parts are first
// unpacked here under ZX_INDEX_MAX_UNZIPPED_MB (images are not counted).
import { unzipBounded } from './bounded-unzip.js';
import { ParseError, type ParsedDocument, type ParserLimits } from './types.js';

const corrupt = () => new ParseError('DOCX 文件已损坏或格式无法识别，请用 Word 另存为 .docx 后再上传');
const XML_PART = /\.(xml|rels)$/u;

export async function parseDocx(content: Buffer, limits: ParserLimits): Promise<ParsedDocument> {
  unzipBounded(content, (name) => XML_PART.test(name), limits.maxUnzippedBytes, corrupt);
  // Loaded here, in the parse worker, on the first Word file (not by every thread that lists the formats).
  const { default: mammoth } = await import('mammoth');
  let text: string;
  try {
    text = (await mammoth.extractRawText({ buffer: content })).value;
  } catch {
    throw corrupt();
  }
  if (!text.trim()) throw new ParseError('这个 Word 文档里没有文字（可能只有图片），请上传含文字的文档');
  return { pages: [{ page: null, text }], pageCount: 1 };
}
