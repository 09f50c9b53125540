// The five languages the product speaks (SPEC §9) and which one a request asks for.

export const SERVER_LOCALES = ['zh-CN', 'en-US', 'zh-TW', 'ko-KR', 'ru-RU'] as const;
export type ServerLocale = (typeof SERVER_LOCALES)[number];

/** Messages are written in zh-CN; a request without a language reads them as they are. */
export const DEFAULT_LOCALE: ServerLocale = 'zh-CN';
/**
 * A locale kept with something made earlier (a job's input, a key's row):
 * one the product speaks, else zh-CN, as what was stored before the
 * language was kept was made in zh-CN.
 */
export function storedLocale(value: unknown): ServerLocale {
  return SERVER_LOCALES.find((locale) => locale === value) ?? DEFAULT_LOCALE;
}

/** SPEC §9: a language the product does not speak falls back to en-US. */
const UNSUPPORTED_FALLBACK: ServerLocale = 'en-US';

/** One language tag (`zh-Hant-HK`, `en`, `ru-RU`) to a supported locale, or undefined. */
function supported(tag: string): ServerLocale | undefined {
  const [language = '', ...rest] = tag.toLowerCase().split('-');
  switch (language) {
    case 'zh':
      return rest.some((part) => ['tw', 'hk', 'mo', 'hant'].includes(part)) ? 'zh-TW' : 'zh-CN';
    case 'en':
      return 'en-US';
    case 'ko':
      return 'ko-KR';
    case 'ru':
      return 'ru-RU';
    default:
      return undefined;
  }
}

/**
 * The locale an `Accept-Language` header asks for: its most preferred
 * supported language (q-values respected). The app sends its UI language.
 */
export function pickLocale(header: string | string[] | undefined): ServerLocale {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value || !value.trim()) return DEFAULT_LOCALE;
  const ranked = value
    .split(',')
    .slice(0, 20) // a header is short; ignore anything beyond a sane list
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.q > 0 && Number.isFinite(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  if (ranked.length === 0 || ranked.every((entry) => entry.tag === '*')) return DEFAULT_LOCALE;
  for (const entry of ranked) {
    const locale = supported(entry.tag);
    if (locale) return locale;
  }
  return UNSUPPORTED_FALLBACK;
}
