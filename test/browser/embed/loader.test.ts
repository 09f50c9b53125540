/// <reference types="mocha" />
// The script tag's loader: one global, no side effects on the page, widgets
// driven separately by instance id, events as DOM events and through on(),
// and a floating widget that survives a single-page app replacing the body.
import { expect, waitUntil } from '@open-wc/testing'
import { forgetWidgets, startFakeEmbedServer, type FakeEmbedServer } from './fake-embed-server'
import { hostOf, launcherOf, loadZhixue, openPanel, rootOf, widget, type ZhixueTestApi } from './widget'

function pageSnapshot() {
  const handlers: Record<string, unknown> = {}
  for (const name in window) if (name.startsWith('on')) handlers[name] = (window as unknown as Record<string, unknown>)[name]
  return {
    globals: new Set(Object.keys(window)),
    handlers,
    history: history.length,
    url: location.href,
    bodyAttributes: [...document.body.attributes].map(a => `${a.name}=${a.value}`),
    htmlAttributes: [...document.documentElement.attributes].map(a => `${a.name}=${a.value}`),
    sheets: document.styleSheets.length,
    adopted: document.adoptedStyleSheets.length,
    headChildren: document.head.children.length,
    viewport: document.querySelector('meta[name=viewport]')?.getAttribute('content') ?? null,
  }
}

describe('embed loader', () => {
  let server: FakeEmbedServer
  let Zhixue: ZhixueTestApi
  let before: ReturnType<typeof pageSnapshot>

  // The loader is imported here, after the snapshot, so its whole footprint is measured.
  beforeEach(async () => {
    forgetWidgets()
    server = startFakeEmbedServer()
    before ??= pageSnapshot()
    Zhixue = await loadZhixue()
  })
  afterEach(() => {
    for (const id of ['one', 'two', 'spa']) Zhixue.destroy(id)
    server.restore()
  })

  it('adds exactly one global and leaves body, history, the viewport, styles and window handlers alone', async () => {
    widget(Zhixue, 'one')
    await openPanel(Zhixue, 'one')
    Zhixue.close('one')
    const after = pageSnapshot()
    expect([...after.globals].filter(name => !before.globals.has(name))).to.deep.equal(['Zhixue'])
    expect(after.handlers).to.deep.equal(before.handlers)
    expect(after.history).to.equal(before.history)
    expect(after.url).to.equal(before.url)
    expect(after.bodyAttributes).to.deep.equal(before.bodyAttributes)
    expect(after.htmlAttributes).to.deep.equal(before.htmlAttributes)
    expect(after.sheets).to.equal(before.sheets)
    expect(after.adopted).to.equal(before.adopted)
    expect(after.headChildren).to.equal(before.headChildren)
    expect(after.viewport).to.equal(before.viewport)
    // Everything it draws is inside its own shadow root.
    expect(hostOf('one').shadowRoot!.adoptedStyleSheets.length).to.be.greaterThan(0)
  })

  it('draws a labelled launcher that opens and closes the panel, announcing its state', async () => {
    widget(Zhixue, 'one', { title: '安全导师' })
    const launcher = launcherOf('one')
    expect(launcher.getAttribute('aria-label')).to.equal('安全导师')
    expect(launcher.getAttribute('aria-expanded')).to.equal('false')
    launcher.click()
    await waitUntil(() => rootOf('one').querySelector('[role="dialog"]'))
    expect(launcher.getAttribute('aria-expanded')).to.equal('true')
    const box = rootOf('one').querySelector<HTMLElement>('.b')!
    expect(box.hidden).to.equal(false)
    launcher.click()
    expect(box.hidden).to.equal(true)
    expect(launcher.getAttribute('aria-expanded')).to.equal('false')
  })

  it('Escape in the panel closes it and gives focus back to the launcher', async () => {
    widget(Zhixue, 'one')
    const root = await openPanel(Zhixue, 'one')
    await waitUntil(() => root.activeElement?.tagName === 'TEXTAREA', 'the question box was not focused on open')
    root.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }))
    expect(root.querySelector<HTMLElement>('.b')!.hidden).to.equal(true)
    expect(root.activeElement).to.equal(launcherOf('one'))
  })

  it('drives two widgets separately by id, and each event names its widget', async () => {
    widget(Zhixue, 'one')
    widget(Zhixue, 'two', { key: 'zxk_beta', position: 'left' })
    const seen: string[] = []
    const onDom = (event: Event) => seen.push(`${(event as CustomEvent).detail.id}:${event.type}`)
    for (const type of ['zx:open', 'zx:close']) document.addEventListener(type, onDom)
    try {
      Zhixue.open('two')
      await waitUntil(() => rootOf('two').querySelector('[data-testid="embed-welcome"]'))
      expect(rootOf('two').textContent).to.contain('学习助手')
      expect(rootOf('one').querySelector<HTMLElement>('.b')!.hidden).to.equal(true)
      Zhixue.toggle('one')
      Zhixue.close('two')
      expect(rootOf('one').querySelector<HTMLElement>('.b')!.hidden).to.equal(false)
      expect(rootOf('two').querySelector<HTMLElement>('.b')!.hidden).to.equal(true)
      expect(seen).to.deep.equal(['two:zx:open', 'one:zx:open', 'two:zx:close'])
    } finally {
      for (const type of ['zx:open', 'zx:close']) document.removeEventListener(type, onDom)
    }
  })

  it('on() hears one widget or all of them, until unsubscribed', async () => {
    widget(Zhixue, 'one')
    widget(Zhixue, 'two', { key: 'zxk_beta' })
    const onlyTwo: unknown[] = []
    const all: unknown[] = []
    const offTwo = Zhixue.on('open', detail => onlyTwo.push(detail.id), 'two')
    const offAll = Zhixue.on('open', detail => all.push(detail.id))
    Zhixue.open('one')
    Zhixue.open('two')
    offAll()
    Zhixue.close('one')
    Zhixue.open('one')
    offTwo()
    expect(onlyTwo).to.deep.equal(['two'])
    expect(all).to.deep.equal(['one', 'two'])
  })

  it('send(text, id) opens that widget and asks there only', async () => {
    widget(Zhixue, 'one')
    widget(Zhixue, 'two', { key: 'zxk_beta' })
    Zhixue.send('什么是 PLC？', 'two')
    await waitUntil(() => rootOf('two').querySelector('[data-role="assistant"][data-status="done"]'), 'no answer in widget two', { timeout: 4000 })
    expect(server.calls('completions').map(r => r.url)).to.deep.equal([`${'https://zhixue.test/new-chat/'}app/api/embed/zxk_beta/completions`])
    expect(rootOf('one').querySelector('[data-role="user"]')).to.equal(null)
  })

  it('a floating widget comes back after a single-page app swaps the body', async () => {
    widget(Zhixue, 'spa')
    const oldBody = document.body
    const newBody = document.createElement('body')
    document.documentElement.replaceChild(newBody, oldBody)
    try {
      await waitUntil(() => document.querySelector('zhixue-chat[data-id="spa"]')?.parentElement === newBody, 'the widget was not re-attached')
      launcherOf('spa').click()
      expect(launcherOf('spa').getAttribute('aria-expanded')).to.equal('true')
    } finally {
      document.documentElement.replaceChild(oldBody, newBody)
    }
  })

  it('destroy removes the widget entirely', () => {
    widget(Zhixue, 'one')
    Zhixue.destroy('one')
    expect(document.querySelector('zhixue-chat[data-id="one"]')).to.equal(null)
    Zhixue.open('one') // no such widget any more: nothing happens
  })
})
