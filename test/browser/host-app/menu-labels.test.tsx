/// <reference types="mocha" />
// English and Russian menu labels were cut off in the 80px sidebar
// ("Course Manage…"). Every label of every menu entry must show whole, in
// every locale, at the desktop width.
import { expect, waitUntil } from '@open-wc/testing'
import { createRoot, type Root } from 'react-dom/client'
import { globalCss } from '../../../src/host-app/global.css'
import { ShellLayout } from '../../../src/host-app/layouts/shell-layout'
import { MENU_ITEMS } from '../../../src/host-app/menu'
import { loadLocale } from '../../../src/i18n'
import { $session } from '../../../src/stores/auth'
import { LANGUAGES, setLanguage, type Language } from '../../../src/stores/settings'
import { sessionFor } from '../support/fake-fetch'

describe('sidebar menu labels', () => {
  let host: HTMLDivElement
  let root: Root
  let style: HTMLStyleElement

  beforeEach(() => {
    style = document.createElement('style')
    style.textContent = globalCss
    document.head.append(style)
    host = document.createElement('div')
    document.body.append(host)
    // Every entry at once, so each label is measured.
    $session.set({ ...sessionFor('1'), menus: MENU_ITEMS.map(item => item.id).join(',') })
    root = createRoot(host)
    root.render(
      <ShellLayout variant="main" path="/course/dialogue" fullPage={false}>
        <p>page</p>
      </ShellLayout>,
    )
  })

  afterEach(() => {
    root.unmount()
    host.remove()
    style.remove()
    $session.set(null)
    setLanguage('zh-CN')
    document.documentElement.lang = 'zh-CN'
  })

  /** Labels whose text does not fit their box (cut off sideways or below). */
  async function cutLabels(language: Language): Promise<string[]> {
    setLanguage(language)
    await loadLocale(language)
    document.documentElement.lang = language // as the host app's page settings do
    await waitUntil(() => host.querySelectorAll('.zx-menu-label').length === MENU_ITEMS.length, 'menu not rendered')
    await new Promise(resolve => requestAnimationFrame(resolve))
    return (
      [...host.querySelectorAll<HTMLElement>('.zx-menu-label')]
        // 2px down: glyphs may reach a pixel below the line box; a hidden line is a whole line (14px).
        .filter(label => label.scrollWidth > label.clientWidth + 0.5 || label.scrollHeight > label.clientHeight + 2)
        .map(label => `${label.textContent} (${label.scrollWidth}×${label.scrollHeight} in ${label.clientWidth}×${label.clientHeight})`)
    )
  }

  for (const language of LANGUAGES) {
    it(`shows every label whole in ${language}`, async () => {
      expect(await cutLabels(language)).to.deep.equal([])
    })
  }

  it('keeps the labels inside the sidebar rail', async () => {
    setLanguage('ru-RU')
    await loadLocale('ru-RU')
    document.documentElement.lang = 'ru-RU'
    await waitUntil(() => host.querySelector('.zx-sidebar'), 'no sidebar')
    const rail = host.querySelector<HTMLElement>('.zx-sidebar')!.getBoundingClientRect()
    for (const link of host.querySelectorAll<HTMLElement>('.zx-menu-link')) {
      const box = link.getBoundingClientRect()
      expect(box.left, link.textContent ?? '').to.be.at.least(rail.left)
      expect(box.right, link.textContent ?? '').to.be.at.most(rail.right)
    }
  })
})
