// PDF text with Mozilla's PDF.js (pdfjs-dist, legacy build for Node): the
// reference implementation, kept up to date by Mozilla, and it reads Chinese
// PDFs whose fonts use the predefined Adobe CMaps (shipped in pdfjs-dist/cmaps).
import { createRequire } from 'node:module';
import path from 'node:path';
import { ParseError, type ParsedDocument, type ParsedPage, type ParserOptions } from './types.js';

const pdfjsDir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

export const SCANNED_PDF_MESSAGE = '这个 PDF 没有可提取的文字（可能是扫描件或图片），请上传带文字层的 PDF，或先用 OCR 识别后再上传';

interface TextItem {
  str?: string;
  hasEOL?: boolean;
}

export async function parsePdf(content: Buffer, options: Pick<ParserOptions, 'onPage'> = {}): Promise<ParsedDocument> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  let doc;
  try {
    doc = await getDocument({
      data: new Uint8Array(content),
      cMapUrl: `${path.join(pdfjsDir, 'cmaps')}/`,
      cMapPacked: true,
      standardFontDataUrl: `${path.join(pdfjsDir, 'standard_fonts')}/`,
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      verbosity: 0,
    }).promise;
  } catch (error) {
    if ((error as { name?: string }).name === 'PasswordException') throw new ParseError('这个 PDF 设有密码，请去除密码后再上传');
    throw new ParseError('PDF 文件已损坏或格式无法识别，请用 PDF 阅读器另存一份后再上传');
  }
  try {
    const pages: ParsedPage[] = [];
    const keep = options.onPage ?? (async (read: ParsedPage) => void pages.push(read));
    let anyText = false;
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const text = await page.getTextContent();
      const parts = (text.items as TextItem[]).map((item) => (item.str ?? '') + (item.hasEOL ? '\n' : ''));
      const read = { page: n, text: parts.join('') };
      anyText ||= read.text.trim() !== '';
      page.cleanup();
      await keep(read);
    }
    if (!anyText) throw new ParseError(SCANNED_PDF_MESSAGE);
    return { pages, pageCount: doc.numPages };
  } finally {
    await doc.destroy();
  }
}
