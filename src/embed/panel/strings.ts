/**
 * The panel's words: zh-CN ships with the panel, each other locale is its own
 * small chunk loaded when asked for (a CMS page shows one language). So are
 * the answer renderer's words (tip titles, the copy button): the renderer's
 * tables for the other languages come in the same lazy load.
 */
import type { WidgetCatalogue } from '../../i18n/embed/widget-catalogue'
import { widgetZhCN } from '../../i18n/embed/widget-zh-CN'
import { pluralForms } from '../../i18n/plural-forms'
import { zhCNLabels, type MarkdownLabels } from '../../elements/shared/markdown/labels-base'

/** `locale`: the language the words are in (counted words take its plural forms). */
export type Words = WidgetCatalogue & { markdown: MarkdownLabels; locale: string }

/** A language's panel words with the renderer's words for the same locale. */
function withMarkdownLabels(locale: string, words: Promise<WidgetCatalogue>): Promise<Words> {
  return Promise.all([words, import('../../elements/shared/markdown/labels')]).then(([panel, labels]) => ({
    ...panel,
    markdown: labels.labelsFor(locale),
    locale,
  }))
}

const others: Record<string, () => Promise<Words>> = {
  'en-US': () =>
    withMarkdownLabels(
      'en-US',
      import('../../i18n/embed/widget-en-US').then(m => m.widgetEnUS),
    ),
  'zh-TW': () =>
    withMarkdownLabels(
      'zh-TW',
      import('../../i18n/embed/widget-zh-TW').then(m => m.widgetZhTW),
    ),
  'ko-KR': () =>
    withMarkdownLabels(
      'ko-KR',
      import('../../i18n/embed/widget-ko-KR').then(m => m.widgetKoKR),
    ),
  'ru-RU': () =>
    withMarkdownLabels(
      'ru-RU',
      import('../../i18n/embed/widget-ru-RU').then(m => m.widgetRuRU),
    ),
}

export const baseWords: Words = { ...widgetZhCN, markdown: zhCNLabels, locale: 'zh-CN' }

export function loadWords(locale: string): Promise<Words> {
  return others[locale]?.().catch(() => baseWords) ?? Promise.resolve(baseWords)
}

/** `'今日还可提问 {n} 次'` with `{n: 3}` → `'今日还可提问 3 次'`; `{n, plural, …}` forms as `locale` counts. */
export function fill(template: string, values: Record<string, string | number>, locale = 'zh-CN'): string {
  return pluralForms(template, values, locale).replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole))
}
