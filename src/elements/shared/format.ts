/** Sizes, durations and dates as a person reads them. */

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`
  return `${bytes} B`
}

export function formatDuration(seconds: number, words: { seconds: string; minutes: string; hours: string }): string {
  const fill = (template: string, n: number) => template.replace('{n}', String(n))
  if (seconds < 60) return fill(words.seconds, Math.max(1, Math.round(seconds)))
  if (seconds < 3600) return fill(words.minutes, Math.round(seconds / 60))
  return fill(words.hours, Math.round((seconds / 3600) * 10) / 10)
}

export function formatDate(ms: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).format(ms)
}

/** `{name}`-style parameters filled in (the i18n catalogues keep them as plain strings). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''))
}

/** Names joined as the language lists them (数控 2301、机电 2302和汽修 2303; A, B, & C). */
export function formatList(items: string[], locale: string): string {
  return new Intl.ListFormat(locale, { type: 'conjunction', style: 'short' }).format(items)
}
