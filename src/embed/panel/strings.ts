/**
 * The panel's words: zh-CN ships with the panel, each other locale is its own
 * small chunk loaded when asked for (a CMS page shows one language).
 */
import type { WidgetCatalogue } from '../../i18n/embed/catalogue'
import { widgetZhCN } from '../../i18n/embed/widget-zh-CN'

export type Words = WidgetCatalogue

const others: Record<string, () => Promise<Words>> = {
  'en-US': () => import('../../i18n/embed/widget-en-US').then(m => m.widgetEnUS),
  'zh-TW': () => import('../../i18n/embed/widget-zh-TW').then(m => m.widgetZhTW),
  'ko-KR': () => import('../../i18n/embed/widget-ko-KR').then(m => m.widgetKoKR),
  'ru-RU': () => import('../../i18n/embed/widget-ru-RU').then(m => m.widgetRuRU),
}

export const baseWords: Words = widgetZhCN

export function loadWords(locale: string): Promise<Words> {
  return others[locale]?.().catch(() => widgetZhCN) ?? Promise.resolve(widgetZhCN)
}

/** `'今日还可提问 {n} 次'` with `{n: 3}` → `'今日还可提问 3 次'`. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole))
}
