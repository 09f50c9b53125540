// How the library groups files (for icons, filters and the preview to show).
import type { ResourceKind } from '../../db/tables/resources.js';

export const RESOURCE_KINDS: readonly ResourceKind[] = ['video', 'audio', 'image', 'pdf', 'document', 'text', 'other'];

export function kindOf(mime: string): ResourceKind {
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  if (mime.startsWith('image/')) return 'image';
  if (mime === 'application/pdf') return 'pdf';
  if (/^text\/(plain|markdown)/u.test(mime)) return 'text';
  if (/officedocument|msword|ms-excel|ms-powerpoint/u.test(mime)) return 'document';
  return 'other';
}
