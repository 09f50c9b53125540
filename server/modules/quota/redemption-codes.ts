// Redemption codes: 20 characters of Crockford base32 (100 bits, no I/L/O/U
// to misread), shown as ZX-XXXXX-XXXXX-XXXXX-XXXXX. Only the SHA-256 of the
// normalised code is stored; what a person types is normalised the same way
// (case, dashes, spaces and look-alikes forgiven).
import { createHash, randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 20;

export function newRedemptionCode(): string {
  const bytes = randomBytes(LENGTH);
  // 256 is a multiple of 32: each byte gives an unbiased character.
  const body = [...bytes].map((b) => ALPHABET[b % 32]).join('');
  return `ZX-${body.match(/.{5}/gu)!.join('-')}`;
}

/** What a typed code is compared as; null when it cannot be a code at all. */
export function normaliseCode(typed: string): string | null {
  const cleaned = typed
    .toUpperCase()
    .replace(/[\s\-_]/gu, '')
    .replace(/^ZX/u, '')
    .replace(/[IL]/gu, '1')
    .replace(/O/gu, '0');
  return cleaned.length === LENGTH && [...cleaned].every((c) => ALPHABET.includes(c)) ? cleaned : null;
}

export function hashCode(normalised: string): string {
  return createHash('sha256').update(`zx-redemption:${normalised}`).digest('hex');
}

/** The last four characters, for telling codes apart in lists. */
export function hintOf(normalised: string): string {
  return normalised.slice(-4);
}
