import { createI18n, type Components, type ComponentsJSON } from '@nanostores/i18n'
import { computed } from 'nanostores'
import { $appSetting, type Language } from '../stores/settings'

/** The UI locale follows the app language setting (SPEC §3), default zh-CN. */
export const $locale = computed($appSetting, setting => setting.language)

type Translated = Exclude<Language, 'zh-CN'>

// The base language (zh-CN) is written into each group's definition; every
// other language is one file, fetched the first time it is needed, so a page
// never carries four languages nobody reads. On a switch the text
// stays in the language shown until the new file has arrived, never the base.
const loaders: Record<Translated, () => Promise<Components>> = {
  'en-US': () => import('./locales/en-US').then(module => module.default),
  'zh-TW': () => import('./locales/zh-TW').then(module => module.default),
  'ko-KR': () => import('./locales/ko-KR').then(module => module.default),
  'ru-RU': () => import('./locales/ru-RU').then(module => module.default),
}

// Only reached for a locale we do not ship: SPEC §9 falls back to en-US.
const loaderFor = (code: string) => loaders[code as Translated] ?? loaders['en-US']

export const i18n = createI18n($locale, {
  baseLocale: 'zh-CN',
  // Every group of the language at once: a file per language, not per group.
  // (A Catalogue's values are plain strings: the JSON nanostores/i18n expects from a loader.)
  get: code => loaderFor(code)() as Promise<ComponentsJSON>,
})

/**
 * Resolves once the language's words are at hand (at once for zh-CN), so the
 * host app can wait for them before its first paint instead of flashing the
 * base language, and a test can wait for a switch.
 */
export async function loadLocale(code: Language): Promise<void> {
  // The cache holds each locale's groups (nanostores/i18n's type says otherwise).
  const cache = i18n.cache as unknown as Record<string, Components | undefined>
  if (code === 'zh-CN') return
  if (!cache[code]?.common) {
    const catalogue = await loaderFor(code)()
    cache[code] = { ...catalogue, ...cache[code] }
  }
  // When the language is already switched, nanostores/i18n fetched the same file
  // and updates its stores a few ticks after ours resolves: wait for that too, so
  // the caller reads the new words, not the ones shown before the switch.
  if ($locale.get() !== code || !i18n.loading.get()) return
  await new Promise<void>(resolve => {
    const stop = i18n.loading.listen(busy => {
      if (busy) return
      stop()
      resolve()
    })
  })
}
