const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;

/**
 * A size as a person reads it, in the server's messages and on the page
 * alike: 1536 MB → "1.5 GB", 2 MB → "2 MB", 300 bytes → "300 B".
 */
export function formatBytes(bytes: number): string {
  if (bytes >= GB) return `${Number((bytes / GB).toFixed(1))} GB`;
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(1))} MB`;
  if (bytes >= KB) return `${Math.round(bytes / KB)} KB`;
  return `${bytes} B`;
}
