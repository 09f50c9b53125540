/// <reference types="mocha" />
// The manager's left rail (ten entries with school
// administration and AI credits) ran past the bottom of a 1280×800 screen,
// cutting the avatar and the last entry. At 800 px the rail now fits in
// zh-CN, and wherever it cannot (longer words), its menu scrolls: every entry
// and the footer can be reached whole.
import { expect, waitUntil } from '@open-wc/testing'
import { setViewport } from '@web/test-runner-commands'
import { createRoot, type Root } from 'react-dom/client'
import { loadLocale } from '../../../src/i18n'
import { globalCss } from '../../../src/host-app/global.css'
import { ShellLayout } from '../../../src/host-app/layouts/shell-layout'
import { $session } from '../../../src/stores/auth'
import { setLanguage, type Language } from '../../../src/stores/settings'
import { sessionFor } from '../support/fake-fetch'

describe("the manager's rail at 800 px high", () => {
  let host: HTMLDivElement
  let root: Root
  let style: HTMLStyleElement

  beforeEach(async () => {
    await setViewport({ width: 1280, height: 800 })
    style = document.createElement('style')
    style.textContent = globalCss
    document.head.append(style)
    host = document.createElement('div')
    document.body.append(host)
    // The demo manager's menus: the defaults, school administration (admin right) and AI credits.
    $session.set({ ...sessionFor('2'), menus: '13,9,3,4,5,6,8,7,14,15' })
    root = createRoot(host)
  })

  afterEach(async () => {
    root.unmount()
    host.remove()
    style.remove()
    $session.set(null)
    setLanguage('zh-CN')
    document.documentElement.lang = 'zh-CN'
    await setViewport({ width: 800, height: 600 })
  })

  async function renderIn(language: Language) {
    setLanguage(language)
    await loadLocale(language)
    document.documentElement.lang = language
    root.render(
      <ShellLayout variant="main" path="/course/dataBoard" fullPage={false}>
        <p>page</p>
      </ShellLayout>,
    )
    await waitUntil(() => host.querySelectorAll('.zx-menu-link').length === 10, 'ten entries')
    await new Promise(resolve => requestAnimationFrame(resolve))
    return host.querySelector<HTMLElement>('.zx-menu')!
  }

  function footerOnScreen() {
    for (const control of host.querySelectorAll<HTMLElement>('.zx-sidebar-footer > *')) {
      expect(control.getBoundingClientRect().bottom, control.getAttribute('aria-label') ?? '').to.be.at.most(window.innerHeight)
    }
  }

  it('fits every entry and the footer without scrolling in zh-CN', async () => {
    const menu = await renderIn('zh-CN')
    footerOnScreen()
    const box = menu.getBoundingClientRect()
    for (const link of host.querySelectorAll<HTMLElement>('.zx-menu-link')) {
      expect(link.getBoundingClientRect().bottom, link.textContent ?? '').to.be.at.most(box.bottom + 0.5)
    }
  })

  for (const language of ['en-US', 'ru-RU'] as const) {
    it(`reaches every entry whole, and keeps the footer on screen, in ${language}`, async () => {
      const menu = await renderIn(language)
      footerOnScreen()
      for (const link of host.querySelectorAll<HTMLElement>('.zx-menu-link')) {
        link.scrollIntoView({ block: 'nearest' })
        const box = menu.getBoundingClientRect()
        const entry = link.getBoundingClientRect()
        expect(entry.top, link.textContent ?? '').to.be.at.least(box.top - 0.5)
        expect(entry.bottom, link.textContent ?? '').to.be.at.most(Math.min(box.bottom, window.innerHeight) + 0.5)
      }
    })
  }
})
