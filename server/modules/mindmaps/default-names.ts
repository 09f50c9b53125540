// The names the server gives a map when nothing names it: no title and no
// root in its outline, material without a name (a file called ".md"), or a
// chat answer whose chat has no title. Once stored a name is the map's own
// (its owner may rename it), so it is written in the creator's language at
// creation rather than translated for each reader.
import type { ServerLocale } from '../../i18n/locales.js';
import { translateMessage } from '../../i18n/translate.js';

/** A map with no name of its own. */
export const UNTITLED_MAP = '思维导图';
/** A map made from a chat answer whose chat has no title. */
export const CHAT_POINTS = '对话要点';

export function untitledMap(locale: ServerLocale): string {
  return translateMessage(UNTITLED_MAP, locale);
}

export function chatPoints(locale: ServerLocale): string {
  return translateMessage(CHAT_POINTS, locale);
}
