// Translates a server message (written in zh-CN where it is raised) into the
// request's language. Route code keeps throwing its Chinese sentence; the one
// place that writes the envelope calls `translateMessage`. A message with
// values (`第 3 个分片丢失`) matches a template (`第 {0} 个分片丢失`), and the
// values are translated in turn (a field's title inside a validation message),
// except people's words: a quoted value (“{0}”, 「{0}」, 《{0}》: a name, a file,
// what someone typed) and the slots an entry lists as `verbatim` (a model
// service's own reply) are put in as they are, never looked up, so a class
// named 课程 stays 课程 rather than becoming "Course".
import { CATALOGUE, type Entry } from './catalogue/index.js';
import { DEFAULT_LOCALE, type ServerLocale } from './locales.js';

interface Template {
  pattern: RegExp;
  /**
   * The same with the first value taking as much as it can: a value may hold
   * the template's own marks (`限时（分钟）（limit）` against `{0}（{1}）`),
   * and the first split then cuts it in the wrong place.
   */
  widest: RegExp;
  entry: Entry;
  /** Placeholder numbers in the order they appear in the zh-CN text. */
  slots: number[];
  /** Placeholders holding people's words, put in as they are. */
  verbatim: Set<number>;
}

/** A placeholder between quote marks holds someone's words (a name, a file, a typed value). */
const QUOTED_SLOT = /[“「《‘"'](\{\d\})[”」》’"']/gu;

const exact = new Map<string, Entry>();
const templates: Template[] = [];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

for (const [source, entry] of Object.entries(CATALOGUE)) {
  if (!/\{\d\}/.test(source)) {
    exact.set(source, entry);
    continue;
  }
  const slots: number[] = [];
  const parts = source.split(/(\{\d\})/).map((part) => {
    const slot = /^\{(\d)\}$/.exec(part);
    if (!slot) return escapeRegExp(part);
    slots.push(Number(slot[1]));
    return '(.+?)';
  });
  const body = parts.join('');
  const widest = body.replace('(.+?)', '(.+)');
  const verbatim = new Set([...(entry.verbatim ?? []), ...[...source.matchAll(QUOTED_SLOT)].map((m) => Number(m[1]!.slice(1, -1)))]);
  templates.push({ pattern: new RegExp(`^${body}$`, 's'), widest: new RegExp(`^${widest}$`, 's'), entry, slots, verbatim });
}
// Longer templates say more: try them first, so a generic one only catches what is left.
templates.sort((a, b) => b.pattern.source.length - a.pattern.source.length);

/** How deep values inside values are translated (a label inside a message). */
const MAX_DEPTH = 3;

function lookup(message: string, locale: Exclude<ServerLocale, 'zh-CN'>, depth: number): string | undefined {
  const found = exact.get(message);
  if (found) return found[locale];
  if (depth >= MAX_DEPTH) return undefined;
  for (const template of templates) {
    if (template.entry.partOnly && depth === 0) continue;
    const match = template.pattern.exec(message);
    if (!match) continue;
    const filled = fill(template, match, locale, depth);
    if (filled.whole) return filled.text;
    // A value stayed Chinese: the other split may be the right one (a value with the template's marks in it).
    const wider = template.widest.exec(message);
    const second = wider ? fill(template, wider, locale, depth) : undefined;
    return second?.whole ? second.text : filled.text;
  }
  return undefined;
}

const HAN = /[\u4e00-\u9fff]/u;

/** The template in `locale` with the match's values put in (each translated in turn); `whole`: none stayed Chinese. */
function fill(template: Template, match: RegExpExecArray, locale: Exclude<ServerLocale, 'zh-CN'>, depth: number): { text: string; whole: boolean } {
  const values: Record<number, string> = {};
  let whole = true;
  template.slots.forEach((slot, i) => {
    const value = match[i + 1] ?? '';
    if (template.verbatim.has(slot)) {
      values[slot] = value;
      return;
    }
    const translated = lookup(value, locale, depth + 1);
    if (translated === undefined && HAN.test(value)) whole = false;
    values[slot] = translated ?? value;
  });
  return { text: template.entry[locale].replace(/\{(\d)\}/g, (_, n: string) => values[Number(n)] ?? ''), whole };
}

/** The message in `locale`; unknown messages stay as written (zh-CN). */
export function translateMessage(message: string, locale: ServerLocale): string {
  if (locale === DEFAULT_LOCALE || !message) return message;
  return lookup(message, locale as Exclude<ServerLocale, 'zh-CN'>, 0) ?? message;
}

/**
 * A catalogue template (`{0}（{1}%）`) in `locale` with the values put in as
 * they are: for people's words (a name a manager typed, a provider's reply),
 * which must never be looked up (one matching an entry would come out half
 * translated). The template itself must be in the catalogue.
 */
export function fillTemplate(template: string, values: string[], locale: ServerLocale): string {
  const entry = CATALOGUE[template];
  const text = locale === DEFAULT_LOCALE || !entry ? template : entry[locale as Exclude<ServerLocale, 'zh-CN'>];
  return text.replace(/\{(\d)\}/g, (_, n: string) => values[Number(n)] ?? '');
}
