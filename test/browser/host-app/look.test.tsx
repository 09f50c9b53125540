/// <reference types="mocha" />
import { expect, waitUntil } from '@open-wc/testing'
import { setViewport } from '@web/test-runner-commands'
import { flushSync } from 'react-dom'
import { createRoot, type Root } from 'react-dom/client'
import { globalCss } from '../../../src/host-app/global.css'
import { ShellLayout } from '../../../src/host-app/layouts/shell-layout'
import { LoginPage } from '../../../src/host-app/pages/login-page'
import { $session } from '../../../src/stores/auth'
import { $appSetting, setLanguage } from '../../../src/stores/settings'
import { envelope, fakeFetch, sessionFor, type FakeFetch } from '../support/fake-fetch'

// The host app's pages as a visitor sees them: its one global stylesheet on the document.
const style = document.createElement('style')
style.textContent = globalCss

/** A 3:1 picture, as a phone photo cropped badly or a banner uploaded as an avatar. */
const WIDE_IMAGE = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><rect width="300" height="100" fill="teal"/></svg>')}`

/** The rendered lines of an element's text, by their boxes. */
function lineWidths(element: Element): number[] {
  const range = document.createRange()
  range.selectNodeContents(element)
  const lines = new Map<number, number>()
  for (const rect of range.getClientRects()) lines.set(Math.round(rect.top), (lines.get(Math.round(rect.top)) ?? 0) + rect.width)
  return [...lines.values()]
}

describe('host app look', () => {
  let server: FakeFetch
  const mounted: Array<{ host: HTMLElement; root: Root }> = []
  const render = (node: React.ReactNode, width = 1280) => {
    const host = document.createElement('div')
    host.style.width = `${width}px`
    document.body.append(host)
    const root = createRoot(host)
    flushSync(() => root.render(node))
    mounted.push({ host, root })
    return host
  }
  before(() => document.head.append(style))
  after(() => style.remove())
  beforeEach(() => {
    server = fakeFetch(() => envelope(200, {}))
  })
  afterEach(async () => {
    await setViewport({ width: 1280, height: 800 })
    for (const { host, root } of mounted.splice(0)) {
      root.unmount()
      host.remove()
    }
    server.restore()
    $session.set(null)
  })

  it('the login title wraps into balanced lines at a sensible size on a phone', async () => {
    // The Chinese title (the one measured here): the app otherwise follows the browser's
    // language, which is en-US in headless Chromium, and another file may have switched it.
    setLanguage('zh-CN')
    await setViewport({ width: 375, height: 812 })
    const host = render(<LoginPage page={{ route: 'login', params: {}, search: {} } as never} />, 375)
    const title = host.querySelector('.zx-login-title')!
    const size = Number.parseFloat(getComputedStyle(title).fontSize)
    expect(size).to.be.within(18, 24)
    const widths = lineWidths(title)
    expect(widths.length, 'the product title takes two lines in the card').to.equal(2)
    expect(Math.min(...widths) / Math.max(...widths), 'no lone character on the last line').to.be.greaterThan(0.6)
  })

  for (const width of [1280, 375]) {
    it(`avatars are cropped to a circle, never squeezed (${width} px)`, async () => {
      await setViewport({ width, height: 800 })
      $session.set({ ...sessionFor('1', '13'), avatar: WIDE_IMAGE })
      const host = render(
        <ShellLayout variant="main" path="/course/dialogue" fullPage={false}>
          {null}
        </ShellLayout>,
        width,
      )
      const avatar = await waitUntil(() => host.querySelector<HTMLImageElement>('.zx-avatar'), 'the avatar shows').then(() =>
        host.querySelector<HTMLImageElement>('.zx-avatar')!,
      )
      await waitUntil(() => avatar.complete && avatar.naturalWidth > 0, 'the picture loads')
      const box = avatar.getBoundingClientRect()
      expect(box.width).to.be.greaterThan(0)
      expect(box.width).to.equal(box.height)
      expect(getComputedStyle(avatar).objectFit).to.equal('cover')
      expect(getComputedStyle(avatar).borderRadius).to.equal('50%')
    })
  }

  it('a student text logo shows at a legible size in the student layout', async () => {
    $session.set(sessionFor('3', '13'))
    const textLogo = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="240" height="60"><text x="0" y="45" font-size="44">智学</text></svg>')}`
    const before = $appSetting.get()
    $appSetting.set({ ...before, baseInfo: { ...before.baseInfo, textLogo } })
    try {
      const host = render(
        <ShellLayout variant="student" path="/course/dialogue" fullPage={false}>
          {null}
        </ShellLayout>,
      )
      const logo = [...host.querySelectorAll('img')].find(img => img.getAttribute('src') === textLogo)!
      expect(logo, 'the text logo shows').to.exist
      await waitUntil(() => logo.complete && logo.naturalWidth > 0, 'the logo loads')
      const box = logo.getBoundingClientRect()
      // The picture keeps its 4:1 shape and its letters at least 14 px high (a quarter of its height is margin).
      const drawnHeight = Math.min(box.height, box.width / 4)
      expect(drawnHeight * 0.75, 'letter height').to.be.at.least(14)
    } finally {
      $appSetting.set(before)
    }
  })
})
