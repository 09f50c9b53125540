/** Sizes, durations and dates as a person reads them. */

export { formatBytes } from '../../../shared/byte-size'

export function formatDuration(seconds: number, words: { seconds: string; minutes: string; hours: string }): string {
  const fill = (template: string, n: number) => template.replace('{n}', String(n))
  if (seconds < 60) return fill(words.seconds, Math.max(1, Math.round(seconds)))
  if (seconds < 3600) return fill(words.minutes, Math.round(seconds / 60))
  return fill(words.hours, Math.round((seconds / 3600) * 10) / 10)
}

export function formatDate(ms: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).format(ms)
}

// `{name}`-style parameters filled in: one filler with the plural forms' (i18n/plural.ts).
export { fill } from '../../i18n/plural'

/** Names joined as the language lists them (数控 2301、机电 2302和汽修 2303; A, B, & C). */
export function formatList(items: string[], locale: string): string {
  return new Intl.ListFormat(locale, { type: 'conjunction', style: 'short' }).format(items)
}

/**
 * Chinese writes a label's colon and an aside's brackets full width
 * (正确答案：B，标签（用逗号分隔）); the other languages write ": " and
 * " (…)". UI code never glues either by hand, or an English reader gets
 * "Correct answer：B".
 */
const writesFullWidth = (locale: string) => locale.startsWith('zh')

/** "Label: value" as the language writes it (an empty value leaves the label and its colon, to put before something). */
export function labelled(label: string, value: string, locale: string): string {
  return writesFullWidth(locale) ? `${label}：${value}` : `${label}: ${value}`
}

/** "Text (aside)" as the language writes it. */
export function withAside(text: string, aside: string, locale: string): string {
  return writesFullWidth(locale) ? `${text}（${aside}）` : `${text} (${aside})`
}

/** Items that each read as a clause (several chosen options: "A. 车床；B. 铣床"; "A. Lathe; B. Mill"). */
export function joinClauses(items: string[], locale: string): string {
  return items.join(writesFullWidth(locale) ? '；' : '; ')
}

/** Items put in one text box to be edited (tags), separated as the language types them; the box reads either back. */
export function joinForEditing(items: string[], locale: string): string {
  return items.join(writesFullWidth(locale) ? '、' : ', ')
}
