import { atom, map } from 'nanostores'
import { readStored, STORAGE_KEYS, writeStored } from './storage'

/** SPEC §3 app setting. Stored without expiry; the host app applies it to the page. */
export type Theme = 'auto' | 'dark' | 'light'

export const LANGUAGES = ['zh-CN', 'en-US', 'zh-TW', 'ko-KR', 'ru-RU'] as const
export type Language = (typeof LANGUAGES)[number]

export interface BaseInfo {
  siteTitle?: string
  siteLogo?: string
  textLogo?: string
  /** The school's notice under the sign-in form (school administration). */
  loginNotice?: string
}

export interface AppSetting {
  siderCollapsed: boolean
  theme: Theme
  language: Language
  baseInfo: BaseInfo
  appInfo: Record<string, unknown>
}

export function defaultAppSetting(): AppSetting {
  return { siderCollapsed: false, theme: 'light', language: 'zh-CN', baseInfo: {}, appInfo: {} }
}

const THEMES: readonly Theme[] = ['auto', 'dark', 'light']

/** SPEC §9: an unsupported language falls back to en-US. */
export function supportedLanguage(language: unknown): Language {
  return LANGUAGES.includes(language as Language) ? (language as Language) : 'en-US'
}

/** Stored values come from older versions or other hands: keep only what is valid. */
function sanitize(stored: Partial<AppSetting> | undefined): AppSetting {
  const base = defaultAppSetting()
  if (!stored || typeof stored !== 'object') return base
  return {
    siderCollapsed: typeof stored.siderCollapsed === 'boolean' ? stored.siderCollapsed : base.siderCollapsed,
    theme: THEMES.includes(stored.theme as Theme) ? (stored.theme as Theme) : base.theme,
    language: stored.language === undefined ? base.language : supportedLanguage(stored.language),
    baseInfo: stored.baseInfo && typeof stored.baseInfo === 'object' ? stored.baseInfo : base.baseInfo,
    appInfo: stored.appInfo && typeof stored.appInfo === 'object' ? stored.appInfo : base.appInfo,
  }
}

export const $appSetting = map<AppSetting>(sanitize(readStored<Partial<AppSetting>>(STORAGE_KEYS.appSetting)))

// Written on every change so a reload (or another tab opened later) sees it at once.
$appSetting.listen(value => writeStored(STORAGE_KEYS.appSetting, value, null))

/** Re-reads storage; used at start-up by tests and after another tab changed it. */
export function reloadAppSetting(): void {
  $appSetting.set(sanitize(readStored<Partial<AppSetting>>(STORAGE_KEYS.appSetting)))
}

export function setTheme(theme: Theme): void {
  if ($appSetting.get().theme !== theme) $appSetting.setKey('theme', theme)
}

/** SPEC §4: a language change equal to the current one is skipped. */
export function setLanguage(language: Language): void {
  if ($appSetting.get().language !== language) $appSetting.setKey('language', language)
}

export function setSiderCollapsed(collapsed: boolean): void {
  if ($appSetting.get().siderCollapsed !== collapsed) $appSetting.setKey('siderCollapsed', collapsed)
}

export function setBaseInfo(baseInfo: BaseInfo): void {
  $appSetting.setKey('baseInfo', { ...baseInfo })
}

export function setAppInfo(appInfo: Record<string, unknown>): void {
  $appSetting.setKey('appInfo', { ...appInfo })
}

/**
 * Whether the server can deliver SMS codes (its home config says so). Until it
 * has said, and when it cannot, the login page offers no phone sign-in or reset.
 */
export const $smsSignIn = atom(false)
