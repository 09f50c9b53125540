import type { BaseInfo } from '../../stores/settings'

/** Served from src/host-app/public when the site sets no logo. */
export const DEFAULT_LOGO = '/logo.svg'

export interface ShellLogos {
  /** The logo of the phone top bar, or of the desktop rail. */
  bar: string
  /** The text logo heading the content on desktop (students only), else undefined. */
  brand?: string
}

/**
 * Which logos the shell shows (one rule for the layout and the early fetch).
 * Students see the school's text logo; a text logo is unreadable squeezed into
 * the 80px rail, so on desktop the rail keeps the square logo and the text
 * logo heads the content at a size its letters can be read.
 */
export function shellLogos(baseInfo: Pick<BaseInfo, 'siteLogo' | 'textLogo'>, place: { student: boolean; mobile: boolean; fullPage: boolean }): ShellLogos {
  const { siteLogo, textLogo } = baseInfo
  const square = siteLogo || DEFAULT_LOGO
  if (!place.student || !textLogo) return { bar: square }
  if (place.mobile) return { bar: textLogo }
  return place.fullPage ? { bar: textLogo } : { bar: square, brand: textLogo }
}
