// Which uploads we accept, decided by the bytes and not only the name: a
// file called photo.png must really be a PNG. SVG and HTML are refused on
// purpose (they can carry scripts that would run on our origin).
import path from 'node:path';
import { stripControlChars } from '../../shared/control-chars.js';

export interface FileKind {
  extensions: readonly string[];
  mime: string;
  image: boolean;
  matches(head: Buffer): boolean;
}

export const startsWith = (head: Buffer, bytes: readonly number[] | string, at = 0) => {
  const expected = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
  return head.subarray(at, at + expected.length).equals(expected);
};

/**
 * Plain text: no NUL bytes (which only binary files carry). Not strict UTF-8:
 * a .txt saved in GBK by older Windows Notepad is a text file too, read as
 * text-decoding.ts reads it; and the libraries' uploads see only the head of
 * a file, which may cut a character in two.
 */
export const isTextContent = (content: Buffer) => !content.includes(0);

export const FILE_KINDS: readonly FileKind[] = [
  { extensions: ['png'], mime: 'image/png', image: true, matches: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { extensions: ['jpg', 'jpeg'], mime: 'image/jpeg', image: true, matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  { extensions: ['gif'], mime: 'image/gif', image: true, matches: (b) => startsWith(b, 'GIF87a') || startsWith(b, 'GIF89a') },
  { extensions: ['webp'], mime: 'image/webp', image: true, matches: (b) => startsWith(b, 'RIFF') && startsWith(b, 'WEBP', 8) },
  { extensions: ['pdf'], mime: 'application/pdf', image: false, matches: (b) => startsWith(b, '%PDF-') },
  {
    extensions: ['docx'],
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    image: false,
    // A docx is a zip whose entries live under word/.
    matches: (b) => startsWith(b, [0x50, 0x4b, 0x03, 0x04]) && b.includes('word/'),
  },
  {
    extensions: ['xlsx'],
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    image: false,
    // An xlsx is a zip whose entries live under xl/ (question and roster imports).
    matches: (b) => startsWith(b, [0x50, 0x4b, 0x03, 0x04]) && b.includes('xl/'),
  },
  { extensions: ['csv'], mime: 'text/csv; charset=utf-8', image: false, matches: isTextContent },
  { extensions: ['txt'], mime: 'text/plain; charset=utf-8', image: false, matches: isTextContent },
  { extensions: ['md', 'markdown'], mime: 'text/markdown; charset=utf-8', image: false, matches: isTextContent },
  // Question banks from Moodle (Moodle XML, GIFT). Served back as plain text, so a browser never runs an XML file as a page.
  { extensions: ['xml'], mime: 'text/plain; charset=utf-8', image: false, matches: isTextContent },
  { extensions: ['gift'], mime: 'text/plain; charset=utf-8', image: false, matches: isTextContent },
];

export const ACCEPTED_EXTENSIONS = FILE_KINDS.flatMap((k) => k.extensions);

export type FileCheck = { ok: true; kind: FileKind } | { ok: false; reason: string };

/** The kind a file name announces, from a list of accepted kinds. */
export function kindForName(fileName: string, kinds: readonly FileKind[] = FILE_KINDS): FileKind | undefined {
  const ext = path.extname(fileName).slice(1).toLowerCase();
  return kinds.find((k) => k.extensions.includes(ext));
}

export function unsupportedTypeMessage(fileName: string, kinds: readonly FileKind[] = FILE_KINDS): string {
  const ext = path.extname(fileName).slice(1).toLowerCase();
  const shown = ext ? `.${ext}` : '无扩展名';
  // Extensions are Latin in every language, so they are listed with a Latin comma (the message is translated whole).
  return `不支持的文件类型（${shown}），支持：${kinds.flatMap((k) => k.extensions).join(', ')}`;
}

/** Checks the name and the bytes (`content` may be only the head of a large file when the kinds allow it). */
export function checkFileType(fileName: string, content: Buffer, kinds: readonly FileKind[] = FILE_KINDS): FileCheck {
  const ext = path.extname(fileName).slice(1).toLowerCase();
  const kind = kindForName(fileName, kinds);
  if (!kind) return { ok: false, reason: unsupportedTypeMessage(fileName, kinds) };
  if (!kind.matches(content)) return { ok: false, reason: `文件内容与扩展名 .${ext} 不符，请上传真实的 ${ext} 文件` };
  return { ok: true, kind };
}

/** The uploaded name, reduced to something safe to show and to put in a header. */
export function cleanFileName(raw: string): string {
  const base = path.basename(raw.replace(/\\/g, '/'));
  const cleaned = stripControlChars(base).replace(/"/g, '').trim();
  return (cleaned || 'file').slice(0, 200);
}
