// The form text is matched in (DESIGN §4): full and half width folded (NFKC),
// case folded, traditional read as simplified, zero-width marks dropped, and
// spaces and punctuation after a Chinese character ignored, so 自 制-炸.药
// reads 自制炸药. Latin text keeps its spaces ("as ex" must not read "asex").
// Each normalised character remembers where it came from in the original, so
// a hit can be excused by an allowlisted phrase and a stream can be held back
// exactly before a word. Works on a stream: only the left context is needed.
import { toSimplified } from './simplified.js';

const enum Kind {
  Plain,
  Han,
  Separator,
  Invisible,
}

interface Folded {
  text: string;
  kind: Kind;
}

const HAN = /\p{Script=Han}/u;
const SEPARATOR = /[\s\p{P}\p{S}]/u;
const INVISIBLE = /\p{Cf}/u;
const CACHE_LIMIT = 50_000;
const folds = new Map<string, Folded>();

function fold(char: string): Folded {
  let folded = folds.get(char);
  if (folded) return folded;
  if (INVISIBLE.test(char)) folded = { text: '', kind: Kind.Invisible };
  else {
    const text = char.normalize('NFKC').toLowerCase();
    if (HAN.test(text)) folded = { text: toSimplified(text), kind: Kind.Han };
    else folded = { text, kind: SEPARATOR.test(text) ? Kind.Separator : Kind.Plain };
  }
  if (folds.size >= CACHE_LIMIT) folds.clear();
  folds.set(char, folded);
  return folded;
}

/** Normalised text growing as the original arrives. */
export class Normaliser {
  /** The normalised text so far ('' when made with keepText false: a stream keeps only its own window). */
  text = '';
  /** Its length (kept also when the text is not). */
  length = 0;
  /** For each UTF-16 unit of `text`: where its character starts in the original. */
  readonly origin: number[] = [];
  /** UTF-16 units of the original read so far. */
  consumed = 0;
  private afterHan = false;

  constructor(private readonly keepText = true) {}

  /** Reads more of the original; returns the normalised characters it added. */
  push(chunk: string): string {
    let out = '';
    let at = this.consumed;
    for (const char of chunk) {
      const folded = fold(char);
      if (folded.kind === Kind.Invisible || (folded.kind === Kind.Separator && this.afterHan)) {
        at += char.length;
        continue;
      }
      out += folded.text;
      for (let i = 0; i < folded.text.length; i++) this.origin.push(at);
      this.afterHan = folded.kind === Kind.Han;
      at += char.length;
    }
    if (this.keepText) this.text += out;
    this.length += out.length;
    this.consumed = at;
    return out;
  }

  /** Where normalised position `index` starts in the original (the end of what was read when past the end). */
  originOf(index: number): number {
    return index < this.origin.length ? this.origin[index]! : this.consumed;
  }
}

/** The normalised form of a whole text. */
export function normalise(text: string): Normaliser {
  const n = new Normaliser();
  n.push(text);
  return n;
}

/** The normalised form of a listed word or phrase. */
export function normalisedWord(word: string): string {
  return normalise(word.trim()).text;
}
