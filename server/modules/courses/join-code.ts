// Join codes a teacher writes on the board: short, upper-case, without
// look-alike characters (0/O, 1/I/L), typed back case-insensitively.
import { randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const JOIN_CODE_LENGTH = 6;

export function generateJoinCode(): string {
  return Array.from({ length: JOIN_CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

/** What a student typed, as stored: spaces and dashes dropped, upper-case. */
export function normalizeJoinCode(input: string): string {
  return input.replace(/[\s-]/gu, '').toUpperCase();
}
