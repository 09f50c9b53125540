// What the resource and knowledge libraries accept through the chunked
// uploader: the small-upload kinds (spreadsheets among them) plus video, audio, slides,
// archives and HTML. The check sees only the head of the file (a 2 GB video
// is never read whole to know its type); text kinds are checked as every
// upload's are (file-types.ts isTextContent: no NUL bytes, GBK included).
// HTML is accepted as a knowledge source but is only ever served as a
// download, sandboxed (see uploads/routes.ts), never rendered on our origin.
import { FILE_KINDS, isTextContent, startsWith, type FileKind } from './file-types.js';

/** Bytes read from the start of an upload to decide its type. */
export const TYPE_HEAD_BYTES = 64 * 1024;

const isZip = (b: Buffer) => startsWith(b, [0x50, 0x4b, 0x03, 0x04]);
const isIsoMedia = (b: Buffer) => startsWith(b, 'ftyp', 4);
const isMp3 = (b: Buffer) => startsWith(b, 'ID3') || (b.length > 1 && b[0] === 0xff && (b[1]! & 0xe0) === 0xe0);

const MORE_KINDS: readonly FileKind[] = [
  { extensions: ['mp4', 'm4v'], mime: 'video/mp4', image: false, matches: isIsoMedia },
  {
    extensions: ['mov'],
    mime: 'video/quicktime',
    image: false,
    matches: (b) => isIsoMedia(b) || startsWith(b, 'moov', 4) || startsWith(b, 'wide', 4) || startsWith(b, 'mdat', 4),
  },
  { extensions: ['webm'], mime: 'video/webm', image: false, matches: (b) => startsWith(b, [0x1a, 0x45, 0xdf, 0xa3]) },
  { extensions: ['mp3'], mime: 'audio/mpeg', image: false, matches: isMp3 },
  { extensions: ['m4a'], mime: 'audio/mp4', image: false, matches: isIsoMedia },
  { extensions: ['wav'], mime: 'audio/wav', image: false, matches: (b) => startsWith(b, 'RIFF') && startsWith(b, 'WAVE', 8) },
  { extensions: ['ogg', 'oga'], mime: 'audio/ogg', image: false, matches: (b) => startsWith(b, 'OggS') },
  { extensions: ['flac'], mime: 'audio/flac', image: false, matches: (b) => startsWith(b, 'fLaC') },
  {
    extensions: ['pptx'],
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    image: false,
    matches: (b) => isZip(b) && b.includes('ppt/'),
  },
  { extensions: ['zip'], mime: 'application/zip', image: false, matches: isZip },
  { extensions: ['html', 'htm'], mime: 'text/html; charset=utf-8', image: false, matches: isTextContent },
];

export const LIBRARY_FILE_KINDS: readonly FileKind[] = [...FILE_KINDS, ...MORE_KINDS];

/** Types a browser may show inline from our origin without running anything. */
export function isInlineSafe(mime: string): boolean {
  return /^(image\/(png|jpeg|gif|webp)$|video\/|audio\/|application\/pdf$)/u.test(mime);
}
