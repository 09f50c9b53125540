// Mainland China mobile numbers: validated, looked up by hash, shown masked.
// The number itself is never stored or logged.
import { createHash } from 'node:crypto';

const MAINLAND_MOBILE = /^1[3-9]\d{9}$/u;

/** The 11 digits of a mainland mobile number (spaces, dashes and a +86 / 0086 prefix forgiven), or null. */
export function normalisePhone(typed: string): string | null {
  const digits = typed.replace(/[\s-]/gu, '').replace(/^(\+86|0086|86(?=1\d{10}$))/u, '');
  return MAINLAND_MOBILE.test(digits) ? digits : null;
}

export function hashPhone(phone: string): string {
  return createHash('sha256').update(`zx-phone:${phone}`).digest('hex');
}

/** 138****5678 */
export function maskPhone(phone: string): string {
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}
