/// <reference types="mocha" />
// Pages that led nowhere: the data board had no way to its operation
// records, and the tool pages still to come (mind map, text to image, text
// to video) showed a bare title with no menu and no way back.
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing'
import { createRoot, type Root } from 'react-dom/client'
import '../../../src/elements/shared/define'
import { App } from '../../../src/host-app/app'
import { $view, startGuard } from '../../../src/host-app/guard'
import { navigate } from '../../../src/host-app/router'
import { clearToasts } from '../../../src/stores/toasts'
import { forgetToken, saveToken } from '../../../src/stores/token'
import { envelope, fakeFetch, sessionFor, type FakeFetch } from '../support/fake-fetch'

describe('no dead ends in the host app', () => {
  const startUrl = location.pathname + location.search
  let server: FakeFetch | undefined
  let stop: () => void
  let root: Root
  let host: HTMLElement

  async function visit(path: string): Promise<void> {
    $view.set(null)
    navigate(path)
    await waitUntil(() => $view.get() !== null, `no view for ${path}`, { timeout: 3000 })
    await waitUntil(() => host.querySelector(`[data-area], [data-layout="board"]`), `nothing rendered for ${path}`)
  }

  beforeEach(() => {
    stop = startGuard()
    host = fixtureSync(html`<div></div>`)
    root = createRoot(host)
    root.render(<App />)
  })
  afterEach(() => {
    root.unmount()
    stop()
    server?.restore()
    forgetToken()
    clearToasts()
    history.replaceState(null, '', startUrl)
  })

  it('the data board links to its operation records, which lead back to the board', async () => {
    server = fakeFetch(() => envelope(200, sessionFor('2', '13,6')))
    saveToken('manager')
    await visit('/course/dataBoard')
    const records = host.querySelector<HTMLAnchorElement>('[data-area="dataBoard"] a[href="/course/board/optionRecord"]')
    expect(records, 'a link to the operation records').to.exist
    expect(records!.textContent).to.equal('操作记录')
    await visit('/course/board/optionRecord')
    expect(host.querySelector('[data-layout="board"] a[href="/course/dataBoard"]')).to.exist
  })

  for (const [path, who] of [
    ['/mindMap', '1'],
    ['/image/generate', '2'],
    ['/video/generate', '3'],
  ] as const) {
    it(`${path} opens in the signed-in layout with the menu and a way back`, async () => {
      server = fakeFetch(() => envelope(200, sessionFor(who, '13,3')))
      saveToken('valid')
      await visit(path)
      const layout = host.querySelector('[data-layout]')
      expect(layout?.getAttribute('data-layout')).to.equal(who === '3' ? 'student' : 'main')
      expect(host.querySelector('a[data-menu-id="13"]'), 'the menu').to.exist
      const back = host.querySelector<HTMLAnchorElement>('[data-testid="area-link"]')
      expect(back?.getAttribute('href')).to.equal('/course/dialogue')
    })
  }
})
