// The join code the projector shows: six characters derived from the
// session's secret and the current 30-second window (HMAC-SHA256), so every
// instance computes the same code without storing or broadcasting it, and a
// code read out to a friend at home stops working within a minute. The code
// of the window before is still accepted (a student typing as it changes).
import { createHmac } from 'node:crypto';

export const CODE_WINDOW_MS = 30_000;
/** No look-alike characters (0/O, 1/I/L), as course join codes. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const LENGTH = 6;

function codeOfWindow(secret: string, window: number): string {
  const digest = createHmac('sha256', secret).update(String(window)).digest();
  return Array.from({ length: LENGTH }, (_, i) => ALPHABET[digest.readUInt32BE(i * 4) % ALPHABET.length]).join('');
}

/** The code shown now and when it changes. */
export function currentCode(secret: string, now: number): { code: string; expiresAt: number } {
  const window = Math.floor(now / CODE_WINDOW_MS);
  return { code: codeOfWindow(secret, window), expiresAt: (window + 1) * CODE_WINDOW_MS };
}

/** Whether `code` (normalised) is this window's or the one before. */
export function codeMatches(secret: string, code: string, now: number): boolean {
  const window = Math.floor(now / CODE_WINDOW_MS);
  return code === codeOfWindow(secret, window) || code === codeOfWindow(secret, window - 1);
}
