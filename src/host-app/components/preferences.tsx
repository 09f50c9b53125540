import { useStore } from '@nanostores/react'
import { $shellMessages } from '../../i18n'
import { $appSetting, LANGUAGES, setLanguage, setTheme, type Language, type Theme } from '../../stores/settings'
import { Icon, type IconName } from '../icons'
import { Select } from '../../elements/shared/select'

/** Language names are shown in their own language, so anyone can find theirs. */
/* eslint-disable zhixue/ui-text -- each name is written in its own language on purpose */
const LANGUAGE_NAMES: Record<Language, string> = {
  'zh-CN': '简体中文',
  'en-US': 'English',
  'zh-TW': '繁體中文',
  'ko-KR': '한국어',
  'ru-RU': 'Русский',
}
/* eslint-enable zhixue/ui-text */

const THEME_ICONS: Record<Theme, IconName> = { light: 'sun', dark: 'moon', auto: 'auto' }
const THEME_ORDER: readonly Theme[] = ['light', 'dark', 'auto']

function useThemeLabels(): Record<Theme, string> {
  const t = useStore($shellMessages)
  return { light: t.themeLight, dark: t.themeDark, auto: t.themeAuto }
}

/** Three-way theme choice (auto / dark / light). */
export function ThemeSwitch() {
  const { theme } = useStore($appSetting)
  const t = useStore($shellMessages)
  const labels = useThemeLabels()
  return (
    <div className="zx-segmented" role="group" aria-label={t.theme} data-testid="theme-switch">
      {THEME_ORDER.map(option => (
        <button key={option} type="button" aria-pressed={theme === option} data-theme-option={option} onClick={() => setTheme(option)}>
          <Icon name={THEME_ICONS[option]} />
          <span>{labels[option]}</span>
        </button>
      ))}
    </div>
  )
}

/** One button that cycles the theme; for tight places like the sidebar rail. */
export function ThemeCycleButton({ className = 'zx-icon-button' }: { className?: string }) {
  const { theme } = useStore($appSetting)
  const t = useStore($shellMessages)
  const labels = useThemeLabels()
  const next = THEME_ORDER[(THEME_ORDER.indexOf(theme) + 1) % THEME_ORDER.length] ?? theme
  const label = `${t.theme}: ${labels[theme]}`
  return (
    <button type="button" className={className} aria-label={label} title={label} data-testid="theme-toggle" onClick={() => setTheme(next)}>
      <Icon name={THEME_ICONS[theme]} />
    </button>
  )
}

export function LanguagePicker({ compact = false }: { compact?: boolean }) {
  const { language } = useStore($appSetting)
  const t = useStore($shellMessages)
  return (
    <label className={`zx-language${compact ? ' zx-language-compact' : ''}`}>
      <Icon name="globe" />
      <span className={compact ? 'zx-visually-hidden' : ''}>{t.language}</span>
      <Select name="language" value={language} onChange={event => setLanguage(event.target.value as Language)} data-testid="language-picker">
        {LANGUAGES.map(code => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </Select>
    </label>
  )
}
