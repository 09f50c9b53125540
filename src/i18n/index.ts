import { createI18n, type Components, type ComponentsJSON } from '@nanostores/i18n'
import { computed } from 'nanostores'
import { $appSetting, type Language } from '../stores/settings'
import enUS from './locales/en-US'
import koKR from './locales/ko-KR'
import ruRU from './locales/ru-RU'
import zhTW from './locales/zh-TW'
import { zhCN } from './zh-CN'

/** The UI locale follows the app language setting (SPEC §3), default zh-CN. */
export const $locale = computed($appSetting, setting => setting.language)

// The catalogues are small, so they ship with the shell: switching language is
// then instant and never shows the base language while a file loads.
const catalogues: Record<Exclude<Language, 'zh-CN'>, Components> = {
  'en-US': enUS,
  'zh-TW': zhTW,
  'ko-KR': koKR,
  'ru-RU': ruRU,
}

export const i18n = createI18n($locale, {
  baseLocale: 'zh-CN',
  cache: catalogues as Record<Language, Components>,
  // Only reached for a locale missing from the cache: SPEC §9 falls back to en-US.
  get: async code => (catalogues[code as Exclude<Language, 'zh-CN'>] ?? catalogues['en-US']) as ComponentsJSON,
})

// One definition per component group (nanostores/i18n warns on redefinition).
export const $common = i18n('common', zhCN.common)
export const $menuMessages = i18n('menu', zhCN.menu)
export const $areaMessages = i18n('areas', zhCN.areas)
export const $shellMessages = i18n('shell', zhCN.shell)
export const $loginMessages = i18n('login', zhCN.login)
export const $profileMessages = i18n('profile', zhCN.profile)
export const $pageMessages = i18n('pages', zhCN.pages)
export const $dialogueMessages = i18n('dialogue', zhCN.dialogue)
export const $appsMessages = i18n('apps', zhCN.apps)
export const $courseMessages = i18n('courses', zhCN.courses)
export const $portalMessages = i18n('portal', zhCN.portal)
export const $embedAdminMessages = i18n('embedAdmin', zhCN.embedAdmin)
export const $knowledgeMessages = i18n('knowledge', zhCN.knowledge)
export const $evaluationMessages = i18n('evaluation', zhCN.evaluation)
export const $resourcesMessages = i18n('resources', zhCN.resources)
export const $loadStateMessages = i18n('loadState', zhCN.loadState)
export const $phoneMessages = i18n('phone', zhCN.phone)
