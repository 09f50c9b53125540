// Where a person may be sent after signing in: a path of this site only,
// never `//host`, `/\host`, a full URL or a path with control characters
// (an open redirect would let a phishing link borrow the school's sign-in).
import { hasControlChars } from './control-chars.js';

export function safeRedirect(value: string | undefined | null, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\') || hasControlChars(value)) return fallback;
  return value;
}
