// Plural forms alone, without the i18n library: the embed panel counts words with it too.
/**
 * Counts read as the language counts (1 point, 2 points; 1 балл, 2 балла,
 * 5 баллов): a translation writes the forms of a counted word the way ICU
 * MessageFormat does, and the language's own rules (Intl.PluralRules) pick
 * one. Languages without plural forms (zh-CN, zh-TW, ko-KR) just write the
 * number.
 *
 *   '{count, plural, one {# lesson} other {# lessons}}'
 *   'Всего {count, plural, one {# урок} few {# урока} other {# уроков}}'
 *
 * `#` is the number; `=0 {…}` matches one number exactly; a form may hold
 * other `{names}`; a form the language does not have falls back to `other`.
 */

const FORM = String.raw`(?:[^{}]|\{\w+\})*`
const CHOICE = new RegExp(String.raw`\{(\w+),\s*plural,((?:\s*(?:=\d+|\w+)\s*\{${FORM}\})+)\s*\}`, 'g')
const OPTION = new RegExp(String.raw`(=\d+|\w+)\s*\{(${FORM})\}`, 'g')

const rules = new Map<string, Intl.PluralRules>()
function ruleFor(locale: string): Intl.PluralRules {
  let rule = rules.get(locale)
  if (!rule) rules.set(locale, (rule = new Intl.PluralRules(locale)))
  return rule
}

/** `text` with each `{name, plural, …}` replaced by the form `values[name]` takes in `locale`. */
export function pluralForms(text: string, values: Record<string, unknown>, locale: string): string {
  if (!text.includes('plural,')) return text
  return text.replace(CHOICE, (whole, name: string, options: string) => {
    if (values[name] === undefined) return whole
    const n = Number(values[name])
    const forms = new Map([...options.matchAll(OPTION)].map(([, key, form]) => [key!, form!]))
    // A value that is no plain number (already formatted, "1,000") reads best in the general form.
    const picked = Number.isNaN(n) ? undefined : (forms.get(`=${n}`) ?? forms.get(ruleFor(locale).select(n)))
    const form = picked ?? forms.get('other') ?? ''
    return form.replace(/#/g, String(values[name]))
  })
}
