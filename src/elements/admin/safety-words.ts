import { SAFETY_CATEGORIES, type SafetyCategory } from '../../api/safety'
import type { SafetyCatalogue } from '../../i18n/safety/catalogue'

/** A category's name in the reader's language (the server sends its key). */
export function categoryLabel(t: SafetyCatalogue, category: string): string {
  const key = category === 'self-harm' ? 'selfHarm' : category
  return SAFETY_CATEGORIES.includes(category as SafetyCategory) ? t[key as keyof SafetyCatalogue] : category
}

/** The category picker's options. */
export const categoryOptions = (t: SafetyCatalogue) => SAFETY_CATEGORIES.map(c => ({ value: c, label: categoryLabel(t, c) }))
