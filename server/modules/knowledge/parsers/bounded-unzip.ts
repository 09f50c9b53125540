// Reading entries out of a zip (DOCX, PPTX) without trusting it: a 100 KB
// file can unpack to gigabytes (a "zip bomb"). Each wanted entry's declared
// size is checked before it is read, and the bytes actually inflated are
// counted while inflating, fed in small slices (deflate expands at most
// ~1032×, so one slice can overshoot the limit by at most ~16 MB); past the
// limit reading stops with a ParseError that says so.
import type { UnzipFile } from 'fflate';
import { requirePackage } from '../../../require-package.js';
import { ParseError } from './types.js';

const SLICE = 16 * 1024;
const MB = 1024 * 1024;

export const unzippedTooLarge = (limit: number) =>
  new ParseError(`文件解压后过大（其中的文字内容超过 ${Math.round(limit / MB)} MB），可能是异常文件；请拆分成几个较小的文件后再上传`);

/**
 * The wanted entries' bytes, at most `maxBytes` in all. Throws `unzippedTooLarge`
 * past the limit and `corrupt` when the zip cannot be read.
 */
export function unzipBounded(content: Uint8Array, wanted: (name: string) => boolean, maxBytes: number, corrupt: () => ParseError): Map<string, Uint8Array> {
  // Loaded with the first document that needs it, not by every start of the server.
  const { Unzip, UnzipInflate, UnzipPassThrough } = requirePackage<typeof import('fflate')>('fflate');
  const parts = new Map<string, Uint8Array[]>();
  let total = 0;
  let over = false;
  let broken = false;
  const unzip = new Unzip((file: UnzipFile) => {
    if (over || broken || !wanted(file.name)) return;
    if (file.originalSize !== undefined && total + file.originalSize > maxBytes) {
      over = true;
      return;
    }
    const pieces: Uint8Array[] = [];
    parts.set(file.name, pieces);
    file.ondata = (error, data) => {
      if (error) broken = true;
      if (error || over) return;
      total += data.length;
      if (total > maxBytes) {
        over = true;
        file.terminate();
        return;
      }
      pieces.push(data);
    };
    try {
      file.start();
    } catch {
      broken = true; // a compression method neither Office nor we use
    }
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  try {
    for (let at = 0; at < content.length && !over && !broken; at += SLICE) unzip.push(content.subarray(at, at + SLICE), at + SLICE >= content.length);
  } catch {
    broken = true;
  }
  if (over) throw unzippedTooLarge(maxBytes);
  if (broken) throw corrupt();
  const out = new Map<string, Uint8Array>();
  for (const [name, pieces] of parts) out.set(name, pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces));
  return out;
}
