import NProgress from 'nprogress'
import { createRoot } from 'react-dom/client'
import '../elements/shared/define'
import { setKatexFontBase } from '../elements/shared/markdown/lazy/katex-font-base'
import { loadLocale, $locale } from '../i18n'
import { App } from './app'
import { fetchShellLogosEarly } from './early-logos'
import { globalCss } from './global.css'
import { startGuard } from './guard'
import { applyPageSettings, loadHomeConfig } from './page-settings'
import { interceptLinks } from './router'

/** Entry of the host app (/app/main.js). Order matters: theme before first paint, guard before render. */

const style = document.createElement('style')
style.id = 'zx-global-css'
style.textContent = globalCss
document.head.append(style)

applyPageSettings()
fetchShellLogosEarly()
// The build copies KaTeX's fonts here; they load only once an answer shows math.
setKatexFontBase('/katex/fonts/')
void loadHomeConfig()

// Its default template gives the bar role="bar", which is no ARIA role; the bar is decoration.
NProgress.configure({
  showSpinner: false,
  trickleSpeed: 120,
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
  barSelector: '.bar',
})
interceptLinks()
startGuard({ progress: { start: () => NProgress.start(), done: () => NProgress.done() } })

const root = document.getElementById('app') ?? document.body.appendChild(document.createElement('div'))
document.body.append(document.createElement('zx-toaster'))
// Words in a language other than zh-CN are fetched first (one file), so the
// first paint is already in the user's language; zh-CN renders at once.
const render = () => createRoot(root).render(<App />)
loadLocale($locale.get()).then(render, render)
