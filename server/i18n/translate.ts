// Translates a server message (written in zh-CN where it is raised) into the
// request's language. Route code keeps throwing its Chinese sentence; the one
// place that writes the envelope calls `translateMessage`. A message with
// values (`第 3 个分片丢失`) matches a template (`第 {0} 个分片丢失`), and the
// values are translated in turn (a field's title inside a validation message).
import { CATALOGUE, type Entry } from './catalogue/index.js';
import { DEFAULT_LOCALE, type ServerLocale } from './locales.js';

interface Template {
  pattern: RegExp;
  entry: Entry;
  /** Placeholder numbers in the order they appear in the zh-CN text. */
  slots: number[];
}

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
  const body = source
    .split(/(\{\d\})/)
    .map((part) => {
      const slot = /^\{(\d)\}$/.exec(part);
      if (!slot) return escapeRegExp(part);
      slots.push(Number(slot[1]));
      return '(.+?)';
    })
    .join('');
  templates.push({ pattern: new RegExp(`^${body}$`, 's'), entry, slots });
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
    const values: Record<number, string> = {};
    template.slots.forEach((slot, i) => {
      const value = match[i + 1] ?? '';
      values[slot] = lookup(value, locale, depth + 1) ?? value;
    });
    return template.entry[locale].replace(/\{(\d)\}/g, (_, n: string) => values[Number(n)] ?? '');
  }
  return undefined;
}

/** The message in `locale`; unknown messages stay as written (zh-CN). */
export function translateMessage(message: string, locale: ServerLocale): string {
  if (locale === DEFAULT_LOCALE || !message) return message;
  return lookup(message, locale as Exclude<ServerLocale, 'zh-CN'>, 0) ?? message;
}
