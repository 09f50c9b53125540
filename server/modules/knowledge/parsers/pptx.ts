// PPTX text: the slides are XML files in a zip. fflate (small, fast, widely
// used) reads only the slide entries, under ZX_INDEX_MAX_UNZIPPED_MB
// (bounded-unzip.ts); xml-text.ts takes the text runs out.
import { unzipBounded } from './bounded-unzip.js';
import { ParseError, type ParsedDocument, type ParserLimits } from './types.js';
import { drawingMlText } from './xml-text.js';

const SLIDE = /^ppt\/slides\/slide(\d+)\.xml$/u;
const NOTES = /^ppt\/notesSlides\/notesSlide(\d+)\.xml$/u;

const corrupt = () => new ParseError('PPTX 文件已损坏或格式无法识别，请用 PowerPoint 另存为 .pptx 后再上传');

export async function parsePptx(content: Buffer, limits: ParserLimits): Promise<ParsedDocument> {
  const entries = Object.fromEntries(unzipBounded(content, (name) => SLIDE.test(name) || NOTES.test(name), limits.maxUnzippedBytes, corrupt));
  const decoder = new TextDecoder();
  const slides = Object.keys(entries)
    .map((name) => ({ name, number: Number(SLIDE.exec(name)?.[1] ?? NaN) }))
    .filter((s) => Number.isFinite(s.number))
    .sort((a, b) => a.number - b.number);
  if (slides.length === 0) throw new ParseError('这个文件里没有幻灯片，请确认它是 PowerPoint 演示文稿');
  const pages = slides.map((slide) => {
    const notes = entries[`ppt/notesSlides/notesSlide${slide.number}.xml`];
    const text = [drawingMlText(decoder.decode(entries[slide.name])), notes ? drawingMlText(decoder.decode(notes)) : ''].filter(Boolean).join('\n\n');
    return { page: slide.number, text };
  });
  if (!pages.some((p) => p.text.trim())) throw new ParseError('这份演示文稿里没有文字（可能只有图片），请上传含文字的幻灯片');
  return { pages, pageCount: slides.length };
}
