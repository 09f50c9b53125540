// Burns the visible "AI生成" mark into a generated image and writes the hidden
// label, so a downloaded copy keeps both. The glyphs are drawn as strokes
// (no font needed: servers often have no CJK font). sharp decodes, composites
// and encodes on libvips' own native threads, off the request thread; the
// request thread only awaits it (a worker thread per image would cost more
// than the work).
import type Sharp from 'sharp';
import { aigcLabel, labelPng } from './aigc-label.js';

let loaded: Promise<typeof Sharp> | undefined;

/** sharp and libvips load on the first image marked (0.3 s of CPU no other start needs). */
function loadSharp(): Promise<typeof Sharp> {
  return (loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  }));
}

const MARK_SVG = (height: number) => {
  const width = Math.round(height * 3);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="-20 -10 360 120">` +
      '<rect x="-20" y="-10" width="360" height="120" rx="24" fill="rgba(0,0,0,0.45)"/>' +
      '<g fill="none" stroke="#fff" stroke-width="11" stroke-linecap="round" stroke-linejoin="round">' +
      '<path d="M8 92 L38 8 L68 92 M20 62 L56 62"/><path d="M88 8 L88 92"/>' +
      '<g transform="translate(110 0)"><path d="M34 6 L16 42 M22 30 L88 30 M26 60 L82 60 M52 8 L52 90 M10 92 L94 92"/></g>' +
      '<g transform="translate(220 0)"><path d="M12 30 L92 30 M22 30 L22 62 Q20 80 8 94 M22 56 L46 56 L44 80 L36 76 M54 6 Q58 60 92 92 L94 72 M82 44 L50 88 M70 8 L80 18"/></g>' +
      '</g></svg>',
  );
};

export const MAX_IMAGE_PIXELS = 40_000_000;

/** The image as PNG with the mark in its lower right corner and the AIGC label chunk. */
export async function markImage(content: Buffer, jobId: string): Promise<Buffer> {
  const sharp = await loadSharp();
  const image = sharp(content, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
  const { width = 512, height = 512 } = await image.metadata();
  const markHeight = Math.max(16, Math.min(96, Math.round(Math.min(width, height) * 0.06)));
  const margin = Math.round(markHeight / 2);
  const mark = await sharp(MARK_SVG(markHeight)).png().toBuffer();
  const png = await image
    .composite([{ input: mark, left: Math.max(0, width - markHeight * 3 - margin), top: Math.max(0, height - markHeight - margin) }])
    .png({ compressionLevel: 6 })
    .toBuffer();
  return labelPng(png, aigcLabel(jobId));
}
