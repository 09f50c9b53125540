/// <reference types="mocha" />
// The embed's chat pages (/externalChat, /iframe, /fullDialogue) open without
// a session when the URL carries an embed key, as on a school's own page;
// without a key they are signed-in pages like any other.
import { expect, waitUntil } from '@open-wc/testing'
import { $view, startGuard } from '../../../src/host-app/guard'
import { navigate } from '../../../src/host-app/router'
import { clearToasts } from '../../../src/stores/toasts'
import { forgetToken } from '../../../src/stores/token'
import { envelope, fakeFetch, type FakeFetch } from '../support/fake-fetch'

async function visit(path: string): Promise<string> {
  $view.set(null)
  navigate(path)
  await waitUntil(() => $view.get() !== null, `no view for ${path}`, { timeout: 3000 })
  return location.pathname + location.search
}

describe('embed chat pages and the navigation guard', () => {
  const startUrl = location.pathname + location.search
  let server: FakeFetch
  let stop: () => void

  beforeEach(() => {
    forgetToken()
    server = fakeFetch(() => envelope(401, null, 'token不能为空'))
    stop = startGuard()
  })
  afterEach(() => {
    stop()
    server.restore()
    clearToasts()
    history.replaceState(null, '', startUrl)
  })

  it('open with a key and no session, asking the server for none', async () => {
    for (const path of ['/externalChat?key=zxk_demo_safety', '/iframe?key=zxk_demo_safety&height=auto', '/fullDialogue?key=zxk_demo_study']) {
      expect(await visit(path)).to.equal(path)
      expect($view.get()!.record.view).to.equal(path.slice(1, path.indexOf('?')))
    }
    expect(server.requests.filter(r => r.url.includes('app/user'))).to.have.length(0)
  })

  it('without a key, a signed-out visitor is sent to sign in', async () => {
    expect(await visit('/externalChat')).to.equal(`/login?redirect=${encodeURIComponent('/externalChat')}`)
  })
})
