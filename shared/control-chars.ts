// Control characters (C0 and DEL): names, titles and file names must not carry
// them (a newline in a name breaks a roster, a CSV export, a header).
// Matching control characters is the point of these two patterns.
/* eslint-disable no-control-regex */
const ANY = /[\u0000-\u001f\u007f]/u;
const ALL = /[\u0000-\u001f\u007f]/gu;
/* eslint-enable no-control-regex */

/** Whether `text` holds a control character. */
export function hasControlChars(text: string): boolean {
  return ANY.test(text);
}

/** `text` without its control characters (each replaced by `by`, default nothing). */
export function stripControlChars(text: string, by = ''): string {
  return text.replace(ALL, by);
}
