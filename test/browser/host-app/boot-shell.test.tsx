/// <reference types="mocha" />
// index.html paints a spinner while the scripts arrive. It must stay
// while the app has nothing to show (a signed-in page waits for the session)
// and leave in the frame the first page appears, never both nor neither.
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing'
import { createRoot, type Root } from 'react-dom/client'
import '../../../src/elements/shared/define'
import { App } from '../../../src/host-app/app'
import { $view, startGuard } from '../../../src/host-app/guard'
import { navigate } from '../../../src/host-app/router'
import { clearToasts } from '../../../src/stores/toasts'
import { forgetToken } from '../../../src/stores/token'

describe('the boot spinner of index.html', () => {
  const startUrl = location.pathname + location.search
  let stop: () => void
  let root: Root
  let host: HTMLElement
  let boot: HTMLElement

  beforeEach(() => {
    boot = document.body.appendChild(document.createElement('div'))
    boot.id = 'zx-boot'
    $view.set(null)
    host = fixtureSync(html`<div></div>`)
    root = createRoot(host)
  })
  afterEach(() => {
    root.unmount()
    stop?.()
    boot.remove()
    forgetToken()
    clearToasts()
    history.replaceState(null, '', startUrl)
  })

  it('stays while there is no page to show, and leaves with the first page in the same frame', async () => {
    root.render(<App />)
    await new Promise(resolve => requestAnimationFrame(resolve))
    expect(document.getElementById('zx-boot'), 'no page yet: the spinner stays').to.exist

    // Watch each frame: the spinner may leave only when the login form is there.
    const framesWithNeither: number[] = []
    let watching = true
    const watch = (time: number) => {
      if (!watching) return
      if (!document.getElementById('zx-boot') && !host.querySelector('form')) framesWithNeither.push(time)
      requestAnimationFrame(watch)
    }
    requestAnimationFrame(watch)
    stop = startGuard()
    navigate('/login')
    await waitUntil(() => host.querySelector('form'), 'the login form appears')
    await new Promise(resolve => requestAnimationFrame(resolve))
    watching = false
    expect(document.getElementById('zx-boot'), 'gone once the login page shows').to.equal(null)
    expect(framesWithNeither, 'no blank frame between spinner and page').to.deep.equal([])
  })
})
