/// <reference types="mocha" />
// A password manager fills the fields and submits in the same task. React
// renders each field's update at once; Preact (what the suite ships) a tick
// later, so a form that sent its state sent the empty fields. The forms send
// what they hold.
import { expect, waitUntil } from '@open-wc/testing'
import { flushSync } from 'react-dom'
import { createRoot, type Root } from 'react-dom/client'
import { PasswordForm } from '../../../src/host-app/components/password-form'
import { PhoneSection } from '../../../src/host-app/components/quota-sections'
import { LoginPage } from '../../../src/host-app/pages/login-page'
import { $smsSignIn, setLanguage } from '../../../src/stores/settings'
import { envelope, fakeFetch, type FakeFetch } from '../support/fake-fetch'

before(() => setLanguage('zh-CN'))

const until = (check: () => unknown, message?: string) => waitUntil(check, message, { timeout: 4000 })

/** What a password manager does to a field: the value, then an input event, no task boundary. */
function fill(field: Element | null, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, value)
  field!.dispatchEvent(new Event('input', { bubbles: true }))
}

const sent = (server: FakeFetch, route: string) => {
  const request = server.requests.find(r => r.url.includes(route))
  return request ? JSON.parse(String(request.body)) : undefined
}

describe('forms filled and submitted in one task send what they hold', () => {
  let host: HTMLElement
  let root: Root
  let server: FakeFetch

  beforeEach(() => {
    $smsSignIn.set(true)
    server = fakeFetch(request => {
      if (request.url.includes('app/user/phone')) return envelope(200, { phone: null })
      // Refused, so the page stays where it is.
      return envelope(400, null, '不对')
    })
    host = document.body.appendChild(document.createElement('div'))
    root = createRoot(host)
  })
  afterEach(() => {
    $smsSignIn.set(false)
    root.unmount()
    host.remove()
    server.restore()
  })

  const login = () => flushSync(() => root.render(<LoginPage page={{ route: 'login', params: {}, search: {} } as never} />))

  it('the sign-in form sends the username and password a password manager filled', async () => {
    login()
    const form = host.querySelector('form')!
    fill(form.querySelector('[name="username"]'), 'wangxm')
    fill(form.querySelector('[name="password"]'), 'secret-123')
    form.requestSubmit()
    await until(() => sent(server, 'oauth/token'), 'no sign-in request was sent')
    expect(sent(server, 'oauth/token')).to.deep.equal({ username: 'wangxm', password: 'secret-123' })
  })

  it('still says what is missing when a field is empty', async () => {
    login()
    const form = host.querySelector('form')!
    fill(form.querySelector('[name="username"]'), 'wangxm')
    form.requestSubmit()
    await until(() => host.querySelector('[data-testid="login-error"]'), 'no message')
    expect(server.requests.filter(r => r.url.includes('oauth/token'))).to.have.length(0)
  })

  it('the phone sign-in form sends the phone and code filled with it', async () => {
    login()
    host.querySelector<HTMLElement>('[data-testid="login-tab-phone"]')!.click()
    await until(() => host.querySelector('[data-testid="phone-login-form"]'))
    const form = host.querySelector<HTMLFormElement>('[data-testid="phone-login-form"]')!
    fill(form.querySelector('[name="phone"]'), '13800138000')
    fill(form.querySelector('[name="code"]'), '123456')
    form.requestSubmit()
    await until(() => sent(server, 'oauth/token'), 'no sign-in request was sent')
    expect(sent(server, 'oauth/token')).to.deep.equal({ phone: '13800138000', code: '123456' })
  })

  it('the password change sends the passwords filled with it', async () => {
    flushSync(() => root.render(<PasswordForm />))
    const form = host.querySelector('form')!
    fill(form.querySelector('[name="oldPassword"]'), 'old-secret-1')
    fill(form.querySelector('[name="newPassword"]'), 'new-secret-2')
    fill(form.querySelector('[name="confirmPassword"]'), 'new-secret-2')
    form.requestSubmit()
    await until(() => sent(server, 'password/update'), 'no change request was sent')
    expect(sent(server, 'password/update')).to.deep.equal({ oldPassword: 'old-secret-1', newPassword: 'new-secret-2' })
  })

  it('binding a phone sends the phone and code filled with it', async () => {
    flushSync(() => root.render(<PhoneSection />))
    await until(() => host.querySelector('[data-testid="phone-bind-form"]'))
    const form = host.querySelector<HTMLFormElement>('[data-testid="phone-bind-form"]')!
    fill(form.querySelector('[name="phone"]'), '13800138000')
    fill(form.querySelector('[name="code"]'), '654321')
    form.requestSubmit()
    await until(() => server.requests.some(r => r.method === 'POST' && r.url.includes('app/user/phone')), 'no bind request was sent')
    const bind = server.requests.find(r => r.method === 'POST' && r.url.includes('app/user/phone'))!
    expect(JSON.parse(String(bind.body))).to.deep.equal({ phone: '13800138000', code: '654321' })
  })
})
