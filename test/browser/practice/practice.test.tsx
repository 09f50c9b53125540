/// <reference types="mocha" />
// <zx-practice>: an external app opens full-screen in a sandboxed frame that
// sends no referrer and comes back; our own origin never gets same-origin;
// the page says plainly when only the offline engine could lead an inquiry.
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing'
import '../../../src/elements/practice/define'
import { loadLocale } from '../../../src/i18n'
import { $clientType } from '../../../src/stores/auth'
import { $builtinOnly, $practice, sandboxFor } from '../../../src/stores/practice'
import { setLanguage } from '../../../src/stores/settings'
import { card, startFakeAppsServer, type FakeAppsServer } from '../assistants/fake-apps-server'

const circuitLab = {
  id: 'p1',
  title: '虚拟电工实验室',
  description: '搭建电路',
  url: 'https://lab.example.com/circuit',
  icon: '',
  author: '王老师',
  own: false,
  createTime: 1,
  updateTime: 1,
}

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector)

describe('<zx-practice>', () => {
  let server: FakeAppsServer
  beforeEach(() => {
    server = startFakeAppsServer()
    $clientType.set('3')
    $builtinOnly.set(false)
    $practice.reset()
  })
  afterEach(() => server.restore())

  it('opens an external app in a sandboxed full-screen frame and comes back', async () => {
    server.apps.push(circuitLab)
    const el = fixtureSync(html`<zx-practice></zx-practice>`) as HTMLElement
    await waitUntil(() => $(el, '[data-testid="practice-app"] .card-main'), 'apps did not load')
    expect($(el, '[data-testid="add-practice-app"]'), 'students do not register apps').to.equal(null)
    $(el, '[data-testid="practice-app"] .card-main')!.click()
    await waitUntil(() => $(el, '[data-testid="app-iframe"]'), 'the frame did not open')
    const frame = $(el, '[data-testid="app-iframe"]') as HTMLIFrameElement
    expect(frame.getAttribute('src')).to.equal('https://lab.example.com/circuit')
    expect(frame.getAttribute('sandbox')).to.equal('allow-scripts allow-same-origin allow-forms')
    expect(frame.getAttribute('referrerpolicy')).to.equal('no-referrer')
    const box = $(el, '[data-testid="app-frame"]')!.getBoundingClientRect()
    expect(box.width).to.equal(window.innerWidth)
    expect(box.height).to.equal(window.innerHeight)
    $(el, '[data-testid="frame-back"]')!.click()
    await waitUntil(() => !$(el, '[data-testid="app-frame"]') && $(el, '[data-testid="practice-apps"]'), 'back did not return to the list')
  })

  it('reports the open app as its place (?appId) and reopens it from the app-id attribute', async () => {
    server.apps.push(circuitLab)
    const places: unknown[] = []
    const record = (event: Event) => places.push((event as CustomEvent).detail)
    document.addEventListener('zx:place-change', record)
    try {
      const el = fixtureSync(html`<zx-practice></zx-practice>`) as HTMLElement
      await waitUntil(() => $(el, '[data-testid="practice-app"] .card-main'), 'apps did not load')
      $(el, '[data-testid="practice-app"] .card-main')!.click()
      await waitUntil(() => places.length === 1, 'the open app was not reported')
      expect(places[0]).to.deep.equal({ params: { appId: 'p1' }, replace: undefined })
      $(el, '[data-testid="frame-back"]')!.click()
      await waitUntil(() => places.length === 2)
      expect(places[1]).to.deep.equal({ params: { appId: '' }, replace: undefined })

      // a reload: the host passes the place back as an attribute
      const reloaded = fixtureSync(html`<zx-practice app-id="p1"></zx-practice>`) as HTMLElement
      await waitUntil(() => $(reloaded, '[data-testid="app-iframe"]'), 'the app did not reopen')
      reloaded.removeAttribute('app-id') // Back
      await waitUntil(() => !$(reloaded, '[data-testid="app-frame"]') && $(reloaded, '[data-testid="practice-apps"]'), 'Back did not close the app')

      // an app that is gone: the list, and the URL entry replaced
      const gone = fixtureSync(html`<zx-practice app-id="nope"></zx-practice>`) as HTMLElement
      await waitUntil(() => places.length === 3, 'a missing app was not dropped from the URL')
      expect(places[2]).to.deep.equal({ params: { appId: '' }, replace: true })
      expect($(gone, '[data-testid="app-frame"]')).to.equal(null)
    } finally {
      document.removeEventListener('zx:place-change', record)
    }
  })

  it('never gives a page of our own origin scripts and same-origin together', () => {
    expect(sandboxFor(`${location.origin}/course/dialogue`, location.origin)).to.equal('allow-scripts allow-forms')
    expect(sandboxFor('https://lab.example.com/', location.origin)).to.contain('allow-same-origin')
    expect(sandboxFor('not a url', location.origin)).to.equal('allow-scripts allow-forms')
  })

  it('says plainly that the offline engine cannot lead an inquiry', async () => {
    server.models = [{ name: 'builtin', label: '内置离线引擎', versions: [], vision: false, builtin: true }]
    server.cards.push(card({ id: 'sys-inquiry-fault', title: '设备故障排查探究', kind: 'inquiry' }))
    const el = fixtureSync(html`<zx-practice></zx-practice>`) as HTMLElement
    await waitUntil(() => $(el, '[data-testid="builtin-warning"]'), 'no warning with only the offline engine')
    expect($(el, '[data-testid="builtin-warning"]')!.textContent).to.contain('不是大语言模型')
    expect($(el, '[data-testid="inquiry-list"] a')!.getAttribute('href')).to.equal('/course/chat?assistantId=sys-inquiry-fault')
  })

  // Its own words (the practice group) and those of the assistant cards it shows
  // (the assistants group) both follow the language.
  it('speaks the chosen language in its own words and on its assistant cards', async () => {
    server.cards.push(card({ id: 'sys-inquiry-fault', title: '设备故障排查探究', kind: 'inquiry' }))
    setLanguage('en-US')
    try {
      await loadLocale('en-US')
      const el = fixtureSync(html`<zx-practice></zx-practice>`) as HTMLElement
      await waitUntil(() => $(el, '[data-testid="inquiry-list"] a'), 'the inquiry assistants did not load')
      expect($(el, 'h1')!.textContent).to.equal('Inquiry Practice')
      expect($(el, '[data-testid="practice"]')!.textContent).to.contain('Guided inquiry')
      expect($(el, '[data-testid="inquiry-list"]')!.textContent, 'the card names its kind').to.contain('Inquiry')
    } finally {
      setLanguage('zh-CN')
    }
  })
})
