/**
 * The panel's words: zh-CN ships with the panel, each other locale is its own
 * small chunk loaded when asked for (a CMS page shows one language). So are
 * the answer renderer's words (tip titles, the copy button): the renderer's
 * tables for the other languages come in the same lazy load.
 */
import type { WidgetCatalogue } from '../../i18n/embed/widget-catalogue'
import { widgetZhCN } from '../../i18n/embed/widget-zh-CN'
import { zhCNLabels, type MarkdownLabels } from '../../elements/shared/markdown/labels-base'

/** `counted`: a template's `{n, plural, …}` forms as the words' language counts (zh-CN has none to pick). */
export type Words = WidgetCatalogue & { markdown: MarkdownLabels; counted: Counted }

type Counted = (template: string, values: Record<string, string | number>) => string

/** A language's panel words with the renderer's words for the same locale. */
function withMarkdownLabels(locale: string, words: Promise<WidgetCatalogue>): Promise<Words> {
  // The plural rules come with the other languages' words: the panel's first download carries none.
  return Promise.all([words, import('../../elements/shared/markdown/labels'), import('../../i18n/plural-forms')]).then(([panel, labels, plural]) => ({
    ...panel,
    markdown: labels.labelsFor(locale),
    counted: (template: string, values: Record<string, string | number>) => plural.pluralForms(template, values, locale),
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

export const baseWords: Words = { ...widgetZhCN, markdown: zhCNLabels, counted: template => template }

export function loadWords(locale: string): Promise<Words> {
  return others[locale]?.().catch(() => baseWords) ?? Promise.resolve(baseWords)
}

/** `'今日还可提问 {n} 次'` with `{n: 3}` → `'今日还可提问 3 次'`; `{n, plural, …}` forms picked by `counted` (Words.counted). */
export function fill(template: string, values: Record<string, string | number>, counted: Counted = template => template): string {
  return counted(template, values).replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole))
}
