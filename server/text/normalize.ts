// One normalisation for every place that compares words: the knowledge
// indexer, the query side and the built-in engine. Text printed to PDF by
// browsers, Word or WPS often holds CJK radicals (⻔, ⼊) where the
// ideographs (门, 入) belong; a question typed on a keyboard never does, so
// both sides are brought to the ideographs before they meet.
import { RADICAL_SUPPLEMENT_IDEOGRAPHS } from './cjk-radicals.js';

// Radicals Supplement U+2E80–U+2EFF and Kangxi Radicals U+2F00–U+2FD5.
const RADICAL = /[\u2E80-\u2EFF\u2F00-\u2FD5]/gu;

function ideographOf(radical: string): string {
  // Kangxi radicals: NFKC maps each to its ideograph. Supplement: the table.
  return RADICAL_SUPPLEMENT_IDEOGRAPHS.get(radical.codePointAt(0)!) ?? radical.normalize('NFKC');
}

/**
 * The text as a person should read it: radicals replaced by their
 * ideographs, nothing else changed (full-width punctuation stays, which
 * NFKC would turn into ASCII). Used for stored passages.
 */
export function readableText(text: string): string {
  return text.replace(RADICAL, ideographOf);
}

/**
 * The form in which words are compared: readable text, then NFKC
 * (full-width and half-width, ligatures, compatibility characters), then
 * lower case. Index terms and query terms are both made from this form.
 */
export function searchForm(text: string): string {
  return readableText(text).normalize('NFKC').toLowerCase();
}
