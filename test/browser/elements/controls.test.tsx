/// <reference types="mocha" />
// The controls a person meets on every screen look the same everywhere: one
// select, one focus ring, sliders in the theme colour. Each check takes the
// control from a real screen of a different area (courses, apps, resources,
// the shared toaster and dialog, the host page).
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing'
import { flushSync } from 'react-dom'
import { createRoot, type Root } from 'react-dom/client'
import '../../../src/elements/assistants/define'
import '../../../src/elements/courses/define'
import '../../../src/elements/resources/define'
import '../../../src/elements/shared/define'
import { LanguagePicker } from '../../../src/host-app/components/preferences'
import { globalCss } from '../../../src/host-app/global.css'
import { $assistantCards, $formApps, $gallery } from '../../../src/stores/assistants'
import { $clientType } from '../../../src/stores/auth'
import { clearToasts, showToast } from '../../../src/stores/toasts'
import { startFakeAppsServer, type FakeAppsServer } from '../assistants/fake-apps-server'
import { envelope, fakeFetch, type FakeFetch } from '../support/fake-fetch'

const inShadow = <T extends Element>(el: Element, selector: string) => el.shadowRoot!.querySelector<T>(selector)
async function shown<T extends Element>(el: Element, selector: string, what: string): Promise<T> {
  await waitUntil(() => inShadow(el, selector), what, { timeout: 5000 })
  return inShadow<T>(el, selector)!
}

const SELECT_LOOK = ['height', 'borderTopWidth', 'borderTopColor', 'borderRadius', 'backgroundImage', 'paddingRight', 'appearance', 'fontSize'] as const
const look = (el: Element, keys: readonly string[]) =>
  Object.fromEntries(keys.map(key => [key, getComputedStyle(el).getPropertyValue(key.replace(/[A-Z]/g, c => `-${c.toLowerCase()}`))]))
const RING = ['outlineStyle', 'outlineWidth', 'outlineColor', 'outlineOffset'] as const

/** The everyday screens, served by one fake: the course list, the resource library, and the apps with their editor. */
function everydayServer(): { fake: FakeFetch; apps: FakeAppsServer } {
  const apps = startFakeAppsServer()
  const appsFetch = window.fetch
  const fake = fakeFetch(async request => {
    const path = new URL(request.url, location.href).pathname
    if (path.endsWith('/course/courses')) return envelope(200, { items: [], total: 0, facets: { categories: ['数控技术'], terms: ['2026 春'] } })
    if (path.endsWith('/course/resource/list')) return envelope(200, { path: [], folders: [], items: [], tags: ['实训'] })
    return appsFetch(request.url, { method: request.method, headers: request.headers, body: request.body ?? null })
  })
  return { fake, apps }
}

describe('one look for the controls', () => {
  let server: ReturnType<typeof everydayServer>
  const style = document.createElement('style')
  style.textContent = globalCss
  let page: { host: HTMLElement; root: Root } | undefined
  before(() => document.head.append(style))
  after(() => style.remove())
  beforeEach(() => {
    server = everydayServer()
    $assistantCards.set([])
    $formApps.set([])
    $gallery.reset()
    $clientType.set('1')
    clearToasts()
  })
  afterEach(() => {
    server.fake.restore()
    server.apps.restore()
    clearToasts()
    if (page) {
      page.root.unmount()
      page.host.remove()
      page = undefined
    }
  })

  const hostPage = () => {
    const host = document.createElement('div')
    document.body.append(host)
    const root = createRoot(host)
    flushSync(() => root.render(<LanguagePicker />))
    page = { host, root }
    return host
  }

  const assistantEditor = async () => {
    const apps = fixtureSync(html`<zx-apps></zx-apps>`) as HTMLElement
    ;(await shown<HTMLElement>(apps, '[data-testid="create-assistant"]', 'the create button shows')).click()
    await shown(apps, '[data-testid="assistant-editor"] input[type="range"]', 'the editor opens')
    return apps
  }

  it('every select is the same select: courses, resources, apps and the host page', async () => {
    const courses = fixtureSync(html`<zx-course-list client-type="1"></zx-course-list>`) as HTMLElement
    const resources = fixtureSync(html`<zx-resource-library></zx-resource-library>`) as HTMLElement
    const apps = await assistantEditor()
    const selects = [
      await shown(courses, 'select', 'the course filters show'),
      await shown(resources, 'select', 'the resource filters show'),
      inShadow(apps, '[data-testid="assistant-editor"] select')!,
      hostPage().querySelector('select')!,
    ]
    const looks = selects.map(select => look(select, SELECT_LOOK))
    for (const other of looks.slice(1)) expect(other).to.deep.equal(looks[0])
    expect(looks[0]!.appearance).to.equal('none', 'our own chevron, not the platform arrow')
    expect(looks[0]!.backgroundImage).to.match(/^url\("data:image\/svg\+xml/)
  })

  it('a slider track fills with the theme colour up to its value', async () => {
    const apps = await assistantEditor()
    const slider = inShadow<HTMLInputElement>(apps, '[data-testid="assistant-editor"] input[type="range"]')!
    const css = getComputedStyle(slider)
    expect(css.appearance).to.equal('none', 'our own track, not the platform grey')
    expect(css.backgroundImage).to.contain('rgb(50, 197, 255)')
    const share = ((Number(slider.value) - Number(slider.min)) / (Number(slider.max) - Number(slider.min))) * 100
    expect(Number.parseFloat(css.getPropertyValue('--zx-fill'))).to.be.closeTo(share, 0.01)
  })

  it('keyboard focus shows one ring everywhere: toaster, dialog, course page, host page', async () => {
    const toaster = fixtureSync(html`<zx-toaster></zx-toaster>`) as HTMLElement
    showToast('info', '已保存')
    const dialog = fixtureSync(html`<zx-dialog open heading="确认"><p>内容</p></zx-dialog>`) as HTMLElement
    const courses = fixtureSync(html`<zx-course-list client-type="1"></zx-course-list>`) as HTMLElement
    const targets = [
      await shown<HTMLElement>(toaster, '.close', 'the toast shows'),
      await shown<HTMLElement>(dialog, '.close', 'the dialog shows'),
      await shown<HTMLElement>(courses, '.button.primary', 'the new-course button shows'),
      hostPage().querySelector('select')!,
    ]
    const rings = targets.map(target => {
      target.focus()
      expect(target.matches(':focus-visible'), `${target.className} takes keyboard focus`).to.equal(true)
      return look(target, RING)
    })
    for (const ring of rings)
      expect(ring).to.deep.equal({ outlineStyle: 'solid', outlineWidth: '2px', outlineColor: 'rgb(10, 111, 148)', outlineOffset: '2px' })
  })
})
