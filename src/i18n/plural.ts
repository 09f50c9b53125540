import { params as plainParams, strings, transform } from '@nanostores/i18n'
import { pluralForms } from './plural-forms'

export { pluralForms }

/** `{name}`-style parameters filled in, a missing one as nothing (the i18n catalogues keep them as plain strings). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''))
}

/** `{name}` filled in, counted words in their plural form (for catalogue words kept as plain strings). */
export function fillCounted(template: string, values: Record<string, string | number>, locale: string): string {
  return fill(pluralForms(template, values, locale), values)
}

/**
 * nanostores/i18n's `params` that also picks plural forms: the catalogues'
 * base words use it for every message with values, so any translation may
 * count a word.
 */
export const params = transform((locale: string, translation: unknown, values: Record<string, unknown>) =>
  strings(translation as string, text =>
    pluralForms(text, values, locale).replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole)),
  ),
) as unknown as typeof plainParams
