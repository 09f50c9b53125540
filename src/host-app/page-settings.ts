import { fetchHomeConfig } from '../api/content'
import { $common, $locale } from '../i18n'
import { $appSetting, $smsSignIn, setBaseInfo, type Theme } from '../stores/settings'

/**
 * Applies the stored settings to the document, at once and on every change
 * (SPEC §4): theme, language, page title and icon (SPEC §1, with fallbacks).
 * Stores never touch the DOM; this module is where the host app does.
 */

export const DEFAULT_FAVICON = '/favicon.svg'

export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme
}

function applyTitleAndIcon(siteTitle: string | undefined, siteLogo: string | undefined): void {
  document.title = siteTitle || $common.get().productTitle
  let icon = document.querySelector<HTMLLinkElement>('link[rel~="icon"]')
  if (!icon) {
    icon = document.createElement('link')
    icon.rel = 'icon'
    document.head.append(icon)
  }
  const href = siteLogo || DEFAULT_FAVICON
  if (icon.getAttribute('href') !== href) icon.href = href
}

/** Starts applying; returns a stop function. */
export function applyPageSettings(): () => void {
  const stopSetting = $appSetting.subscribe(({ theme, baseInfo }) => {
    applyTheme(theme)
    applyTitleAndIcon(baseInfo.siteTitle, baseInfo.siteLogo)
  })
  // The server gives the default site title in the UI language.
  const stopTitleLanguage = $locale.listen(() => void loadHomeConfig())
  const stopLocale = $locale.subscribe(locale => {
    document.documentElement.lang = locale
    // The fallback title is translated, so it follows the language.
    const { siteTitle, siteLogo } = $appSetting.get().baseInfo
    applyTitleAndIcon(siteTitle, siteLogo)
  })
  return () => {
    stopSetting()
    stopLocale()
    stopTitleLanguage()
  }
}

/** SPEC §4: the home config is applied only when its code is 200 and base info exists. */
export async function loadHomeConfig(): Promise<void> {
  try {
    const reply = await fetchHomeConfig()
    if (reply.code === 200 && reply.data?.baseInfo) setBaseInfo(reply.data.baseInfo)
    if (reply.code === 200) $smsSignIn.set(reply.data?.smsSignIn === true)
  } catch {
    // Keep the stored or default title and logo; the client has shown any toast.
  }
}
