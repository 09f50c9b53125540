import { $clientType } from '../stores/auth'
import { $appSetting } from '../stores/settings'
import { $token } from '../stores/token'
import { MOBILE_QUERY } from './hooks'
import { shellLogos } from './layouts/shell-logos'

/**
 * Fetches the logos the signed-in shell will show as soon as the site's
 * settings are known (stored from the last visit, or the home config), at
 * high priority. Asked for only when the shell renders, a logo waited behind
 * the page's element bundle (about thirty chunks on a browser's six HTTP/1.1
 * connections), and the logo is the page's largest paint on a phone. The
 * image the shell shows later is then taken from the memory cache.
 */
export function fetchShellLogosEarly(): () => void {
  const asked = new Set<string>()
  const fetchOnce = (src: string | undefined) => {
    if (!src || asked.has(src)) return
    asked.add(src)
    const image = new Image()
    image.fetchPriority = 'high'
    image.src = src
  }
  return $appSetting.subscribe(({ baseInfo }) => {
    // Only the signed-in pages show the shell; /login shows its own logo.
    if (!$token.get()) return
    const logos = shellLogos(baseInfo, { student: $clientType.get() === '3', mobile: matchMedia(MOBILE_QUERY).matches, fullPage: false })
    fetchOnce(logos.bar)
    fetchOnce(logos.brand)
  })
}
