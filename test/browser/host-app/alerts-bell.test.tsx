/// <reference types="mocha" />
// The safety bell in the layout: a teacher sees how many alerts wait, opens
// the list to read the student, class and words, and marks one handled;
// students have no bell.
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing'
import { createRoot, type Root } from 'react-dom/client'
import { AlertsBell } from '../../../src/host-app/components/alerts-bell'
import { $session } from '../../../src/stores/auth'
import { envelope, fakeFetch, sessionFor, type FakeFetch } from '../support/fake-fetch'

const until = (check: () => unknown, message?: string) => waitUntil(check, message, { timeout: 4000 })

describe('the safety alerts bell', () => {
  let fake: FakeFetch
  let root: Root
  let host: HTMLElement
  let handled = false

  beforeEach(() => {
    handled = false
    fake = fakeFetch(request => {
      const route = new URL(request.url, location.href).pathname.replace('/new-chat/', '')
      if (route === 'app/user/alerts')
        return envelope(200, [
          {
            id: 'a1',
            category: 'self-harm',
            student: '王小明',
            className: '数控 2301',
            excerpt: '我真的不想活了',
            createTime: 1,
            handled,
            handledBy: handled ? '李老师' : null,
          },
        ])
      if (route === 'app/user/alerts/a1/handled') {
        handled = true
        return envelope(200, null)
      }
      return envelope(404, null, 'not found')
    })
    host = fixtureSync(html`<div></div>`)
    root = createRoot(host)
  })
  afterEach(() => {
    root.unmount()
    fake.restore()
    $session.set(null)
  })

  it('rings for a teacher, shows the student, class and words, and marks the alert handled', async () => {
    $session.set(sessionFor('1'))
    root.render(<AlertsBell />)
    await until(() => host.querySelector('[data-testid="alerts-bell"][data-ringing]'), 'the bell rings')
    const bell = host.querySelector<HTMLButtonElement>('[data-testid="alerts-bell"]')!
    expect(bell.textContent).to.contain('1')
    bell.click()
    await until(() => host.querySelector('[data-testid="alert"]'), 'the alert listed')
    const alert = host.querySelector('[data-testid="alert"]')!
    expect(alert.textContent).to.contain('王小明').and.contain('数控 2301').and.contain('我真的不想活了')
    host.querySelector<HTMLButtonElement>('[data-testid="alert-handle"]')!.click()
    await until(() => host.querySelector('[data-testid="alert"][data-handled]'), 'marked handled')
    expect(fake.requests.some(r => r.method === 'POST' && r.url.endsWith('/alerts/a1/handled'))).to.equal(true)
    expect(host.querySelector('[data-testid="alerts-bell"][data-ringing]')).to.equal(null)
  })

  it('is not there for a student', async () => {
    $session.set(sessionFor('3'))
    root.render(<AlertsBell />)
    await new Promise(resolve => setTimeout(resolve, 50))
    expect(host.querySelector('[data-testid="alerts-bell"]')).to.equal(null)
    expect(fake.requests.some(r => r.url.includes('alerts'))).to.equal(false)
  })
})
