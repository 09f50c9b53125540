/// <reference types="mocha" />
// The screens everyone sees: the wallet in the profile (skeleton,
// load error with retry, balance, history, redeem, buying with the WeChat QR
// code polled until paid), the 600 refusal in chat with a redeem form, and
// phone sign-in with the 60 s countdown and the limit's message; at 1280 and
// 375 px nothing scrolls sideways.
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing'
import { setViewport } from '@web/test-runner-commands'
import { flushSync } from 'react-dom'
import { createRoot, type Root } from 'react-dom/client'
import '../../../src/elements/quota/define'
import { QuotaRefusalNotice } from '../../../src/elements/shared/redeem-form'
import { globalCss } from '../../../src/host-app/global.css'
import { LoginPage } from '../../../src/host-app/pages/login-page'
import { $quotaRefusal, noteQuotaRefusal } from '../../../src/stores/quota'
import { ApiError } from '../../../src/api/errors'
import { envelope, fakeFetch, type FakeFetch } from '../support/fake-fetch'
import { $smsSignIn, setLanguage } from '../../../src/stores/settings'
import { typeInto } from '../support/type-into'

// These tests read the zh-CN words; the app otherwise follows the browser's language (en-US here).
before(() => setLanguage('zh-CN'))

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector)
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)]
const until = (check: () => unknown, message?: string) => waitUntil(check, message, { timeout: 4000 })

interface WalletServer extends FakeFetch {
  failQuota: number
  extra: number
  orderStatus: 'pending' | 'paid' | 'closed'
  /** The statuses of the person's own orders (GET app/order/list). */
  ownOrders: Array<'pending' | 'paid' | 'closed'>
  sent: Array<{ method: string; route: string; body: any }>
}

function startWallet(): WalletServer {
  // The handler reads this object, so a test changes what the server answers by setting its fields.
  const state = { failQuota: 0, extra: 0, orderStatus: 'pending', ownOrders: [], sent: [] } as unknown as WalletServer
  const order = () => ({
    tradeNo: 'ZX20261124100000123456',
    packageId: 'p1',
    name: '教师加油包',
    credits: 100,
    amount: 9.9,
    channel: 'wechat',
    status: state.orderStatus,
    codeUrl: 'weixin://wxpay/bizpayurl?pr=stub1',
    payUrl: null,
    createdAt: 1,
    paidAt: null,
    refundedAt: null,
  })
  const fake = fakeFetch(request => {
    const url = new URL(request.url, location.href)
    const route = url.pathname.replace('/new-chat/', '')
    const body = typeof request.body === 'string' ? JSON.parse(request.body) : undefined
    if (request.method !== 'GET') state.sent.push({ method: request.method, route, body })
    if (route === 'app/user/quota') {
      if (state.failQuota > 0) {
        state.failQuota -= 1
        return envelope(500, null, '数据库忙')
      }
      return envelope(200, { balance: 3 + state.extra, used: 12.5, limited: true, allowance: 20, allowanceLeft: 3, extra: state.extra })
    }
    if (route === 'app/user/quota/history') {
      return envelope(200, {
        list: [
          {
            id: 'l1',
            kind: 'chat',
            delta: -1.25,
            cost: 1.25,
            model: 'stub-a',
            promptTokens: 11,
            completionTokens: 4,
            note: '',
            createdAt: Date.UTC(2026, 10, 24),
          },
        ],
        total: 1,
      })
    }
    if (route === 'app/order/list')
      return envelope(
        200,
        state.ownOrders.map(status => ({ ...order(), channel: 'offline', status })),
      )
    if (route === 'app/order/close') {
      state.ownOrders = state.ownOrders.map(() => 'closed')
      return envelope(200, { ...order(), status: 'closed' })
    }
    if (route === 'app/order/redemption') {
      if (body.code === 'bad') return envelope(400, null, '额度码不存在，请检查后重新输入')
      state.extra += 50
      return envelope(200, { credits: 50, balance: 53 })
    }
    if (route === 'app/order/packages') return envelope(200, [{ id: 'p1', name: '教师加油包', credits: 100, price: 9.9, clientTypes: ['1'], active: true }])
    if (route === 'app/order/channels') return envelope(200, ['offline', 'wechat'])
    if (route === 'app/order/buy') return envelope(200, order())
    if (route === 'app/order/tradeNo') return envelope(200, order())
    return envelope(404, null, 'not here')
  })
  state.requests = fake.requests
  state.restore = fake.restore
  return state
}

describe('<zx-quota-wallet>', () => {
  let server: WalletServer
  afterEach(async () => {
    server?.restore()
    await setViewport({ width: 1280, height: 800 })
  })

  it('shows a skeleton, then a failure with a retry, then the balance and history', async () => {
    server = startWallet()
    server.failQuota = 1
    const el = fixtureSync(html`<zx-quota-wallet></zx-quota-wallet>`)
    await until(() => el.shadowRoot?.querySelector('zx-skeleton') || $(el, 'zx-load-error'), 'a skeleton or the failure first')
    await until(() => $(el, 'zx-load-error'), 'the failure shows')
    $(el, 'zx-load-error')!.dispatchEvent(new CustomEvent('zx:retry'))
    await until(() => $(el, '[data-testid="quota-balance"]'), 'the balance after a retry')
    expect($(el, '[data-testid="quota-balance"]')!.textContent).to.equal('3')
    expect($(el, '[data-testid="quota-used"]')!.textContent).to.equal('12.5')
    await until(() => $$(el, '[data-testid="quota-history"] li').length === 1)
    expect($(el, '[data-testid="quota-history"] li')!.textContent).to.contain('对话').and.contain('stub-a').and.contain('-1.25')
  })

  it('redeems a code: a wrong one is said under the field, a right one reloads the balance', async () => {
    server = startWallet()
    const el = fixtureSync(html`<zx-quota-wallet></zx-quota-wallet>`)
    await until(() => $(el, '[data-testid="quota-balance"]'))
    const input = $(el, '[data-testid="redeem-code"]') as HTMLInputElement
    $(el, '[data-testid="redeem-submit"]')!.click()
    await until(() => $(el, '[role="alert"]')?.textContent === '请输入额度码', 'an empty code is not sent')
    await typeInto(input, 'bad')
    $(el, '[data-testid="redeem-submit"]')!.click()
    await until(() => $(el, '[role="alert"]')?.textContent === '额度码不存在，请检查后重新输入')
    await typeInto(input, ' ZX-GOOD1-GOOD2-GOOD3-GOOD4 ')
    $(el, '[data-testid="redeem-submit"]')!.click()
    await until(() => $(el, '[data-testid="redeem-done"]'))
    expect(server.sent.at(-1)).to.deep.equal({ method: 'POST', route: 'app/order/redemption', body: { code: 'ZX-GOOD1-GOOD2-GOOD3-GOOD4' } })
    await until(() => $(el, '[data-testid="quota-extra"]')?.textContent === '50', 'the balance reloads')
  })

  it('cancels one’s own order awaiting payment after asking, and shows it closed (375 px)', async () => {
    await setViewport({ width: 375, height: 800 })
    server = startWallet()
    server.ownOrders = ['pending']
    const el = fixtureSync(html`<zx-quota-wallet></zx-quota-wallet>`)
    await until(() => $(el, '[data-testid="own-orders"] [data-testid="order-cancel"]'), 'an order awaiting payment can be cancelled')
    expect(document.documentElement.scrollWidth).to.be.at.most(375)
    $(el, '[data-testid="order-cancel"]')!.click()
    await until(() => $(el, '[data-testid="confirm-dialog"]'), 'asks first')
    expect(server.sent.some(s => s.route === 'app/order/close')).to.equal(false)
    $(el, '[data-testid="confirm"]')!.click()
    await until(() => $(el, '[data-testid="own-orders"] li')?.dataset.status === 'closed', 'the list reloads')
    expect(server.sent.find(s => s.route === 'app/order/close')!.body).to.deep.equal({ tradeNo: 'ZX20261124100000123456' })
    expect($(el, '[data-testid="own-orders"] li')!.textContent).to.contain('已关闭')
    expect($(el, '[data-testid="order-cancel"]'), 'nothing more to cancel').to.equal(null)
  })

  it('names the state of an order closed while its QR code was shown, in the reader’s words', async function () {
    this.timeout(10_000)
    server = startWallet()
    const el = fixtureSync(html`<zx-quota-wallet></zx-quota-wallet>`)
    await until(() => $(el, '[data-testid="quota-balance"]'))
    $(el, '[data-testid="open-buy"]')!.click()
    await until(() => $$(el, '[data-testid="package-choice"]').length === 1)
    $(el, '[data-testid="pay-now"]')!.click()
    await until(() => $(el, '[data-testid="pay-qr"] svg'), 'the QR code')
    server.orderStatus = 'closed'
    await waitUntil(() => $(el, '[data-testid="pay-status"]'), 'closed after a poll', { timeout: 8000 })
    expect($(el, '[data-testid="pay-status"]')!.textContent).to.equal('已关闭')
  })

  for (const width of [1280, 375]) {
    it(`buys with WeChat Pay: the QR code, polling until paid (${width} px)`, async function () {
      this.timeout(15_000)
      await setViewport({ width, height: 800 })
      server = startWallet()
      const el = fixtureSync(html`<zx-quota-wallet></zx-quota-wallet>`)
      await until(() => $(el, '[data-testid="quota-balance"]'))
      expect(document.documentElement.scrollWidth).to.be.at.most(width)
      $(el, '[data-testid="open-buy"]')!.click()
      await until(() => $$(el, '[data-testid="package-choice"]').length === 1)
      expect(($(el, '[data-testid="channel-wechat"] input') as HTMLInputElement).checked, 'WeChat Pay picked before the transfer').to.equal(true)
      $(el, '[data-testid="pay-now"]')!.click()
      await until(() => $(el, '[data-testid="pay-qr"] svg'), 'the QR code')
      expect($(el, '[data-testid="pay-qr"]')!.dataset.codeUrl).to.equal('weixin://wxpay/bizpayurl?pr=stub1')
      expect(server.sent.find(s => s.route === 'app/order/buy')!.body).to.deep.equal({ packageId: 'p1', channel: 'wechat' })
      const box = $(el, '[data-testid="pay-qr"]')!.getBoundingClientRect()
      expect(box.width).to.be.within(120, Math.min(width, 240))
      expect(document.documentElement.scrollWidth).to.be.at.most(width)
      server.orderStatus = 'paid'
      server.extra = 100
      await waitUntil(() => $(el, '[data-testid="pay-done"]'), 'paid after a poll', { timeout: 8000 })
      expect($(el, '[data-testid="pay-done"]')!.textContent).to.contain('100')
      await until(() => $(el, '[data-testid="quota-extra"]')?.textContent === '100', 'the balance follows the purchase')
    })
  }
})

describe('the 600 refusal in chat', () => {
  let server: FakeFetch
  let host: HTMLElement
  let root: Root
  afterEach(() => {
    root?.unmount()
    host?.remove()
    server?.restore()
    $quotaRefusal.set(null)
  })

  it('says what to do, redeems on the spot and leads to the wallet', async () => {
    server = fakeFetch(() => envelope(200, { credits: 50, balance: 50 }))
    expect(noteQuotaRefusal(new ApiError(400, 'no', 400))).to.equal(false)
    expect(noteQuotaRefusal(new ApiError(600, 'AI 额度已用完：请兑换额度码或购买套餐，或请老师为你增加额度', 402))).to.equal(true)
    host = document.createElement('div')
    document.body.append(host)
    root = createRoot(host)
    let opened = 0
    document.addEventListener('zx:open-wallet', () => (opened += 1), { once: true })
    flushSync(() => root.render(<QuotaRefusalNotice message={$quotaRefusal.get()!} host={host} />))
    expect(host.textContent).to.contain('AI 额度已用完：请兑换额度码').and.contain('输入额度码兑换后即可继续提问')
    host.querySelector<HTMLElement>('[data-testid="open-wallet"]')!.click()
    expect(opened).to.equal(1)
    await typeInto(host.querySelector('[data-testid="redeem-code"]')!, 'ZX-AAAAA-BBBBB-CCCCC-DDDDD')
    host.querySelector<HTMLElement>('[data-testid="redeem-submit"]')!.click()
    await until(() => $quotaRefusal.get() === null, 'a redemption clears the refusal')
  })
})

describe('phone sign-in on the login page', () => {
  const style = document.createElement('style')
  style.textContent = globalCss
  let server: FakeFetch
  let host: HTMLElement
  let root: Root
  let sends = 0
  before(() => {
    document.head.append(style)
    $smsSignIn.set(true)
  })
  after(() => {
    style.remove()
    $smsSignIn.set(false)
  })
  afterEach(async () => {
    root?.unmount()
    host?.remove()
    server?.restore()
    await setViewport({ width: 1280, height: 800 })
  })

  it('offers no phone sign-in or reset by SMS when the server cannot deliver codes, and says whom to ask', async () => {
    server = fakeFetch(() => envelope(400, null, '不对'))
    host = document.body.appendChild(document.createElement('div'))
    root = createRoot(host)
    $smsSignIn.set(false)
    try {
      flushSync(() => root.render(<LoginPage page={{ route: 'login', params: {}, search: {} } as never} />))
      expect(host.querySelector('[data-testid="login-tab-phone"]')).to.equal(null)
      expect(host.querySelector('[data-testid="forgot-password"]')).to.equal(null)
      expect(host.querySelector('[name="username"]')).to.exist
      expect(host.querySelector('[data-testid="forgot-ask-admin"]')?.textContent).to.equal('忘记密码请联系学校管理员重设')
      // Told by the server that codes are delivered, the page offers both.
      $smsSignIn.set(true)
      await until(() => host.querySelector('[data-testid="login-tab-phone"]') && host.querySelector('[data-testid="forgot-password"]'))
    } finally {
      $smsSignIn.set(true)
    }
  })

  for (const width of [1280, 375]) {
    it(`sends a code with a 60 s countdown, shows the limit's words and waits its Retry-After (${width} px)`, async () => {
      await setViewport({ width, height: 800 })
      sends = 0
      server = fakeFetch(request => {
        if (request.url.includes('app/api/sms/send')) {
          sends += 1
          if (sends === 1) return envelope(200, null)
          const refusal = envelope(429, null, '验证码发送过于频繁，请 42 秒后再试')
          refusal.headers.set('Retry-After', '42')
          return refusal
        }
        return envelope(400, null, '验证码不正确')
      })
      host = document.createElement('div')
      document.body.append(host)
      root = createRoot(host)
      flushSync(() => root.render(<LoginPage page={{ route: 'login', params: {}, search: {} } as never} />))
      host.querySelector<HTMLElement>('[data-testid="login-tab-phone"]')!.click()
      await until(() => host.querySelector('[data-testid="phone-input"]'))
      const send = () => host.querySelector<HTMLButtonElement>('[data-testid="send-code"]')!
      await typeInto(host.querySelector('[data-testid="phone-input"]')!, '12345')
      send().click()
      await until(() => host.querySelector('[data-testid="login-error"]')?.textContent === '请输入正确的手机号', 'checked before sending')
      expect(sends).to.equal(0)
      await typeInto(host.querySelector('[data-testid="phone-input"]')!, '138 0013 8000')
      send().click()
      await until(() => send().disabled && /^(60|59) 秒后重发$/u.test(send().textContent ?? ''), 'counting down from 60')
      expect(host.querySelector('[data-testid="code-sent"]')).to.exist
      expect(document.documentElement.scrollWidth).to.be.at.most(width)
      await typeInto(host.querySelector('[data-testid="sms-code-input"]')!, '12a3456')
      expect((host.querySelector('[data-testid="sms-code-input"]') as HTMLInputElement).value).to.equal('123456')
      host.querySelector<HTMLElement>('[data-testid="phone-submit"]')!.click()
      await until(() => host.querySelector('[data-testid="login-error"]')?.textContent === '验证码不正确')
      const signIn = server.requests.find(r => r.url.includes('oauth/token'))!
      expect(JSON.parse(String(signIn.body))).to.deep.equal({ phone: '138 0013 8000', code: '123456' })

      // Another page, another try within the minute: the server's words about the limit.
      root.unmount()
      root = createRoot(host)
      flushSync(() => root.render(<LoginPage page={{ route: 'login', params: {}, search: {} } as never} />))
      host.querySelector<HTMLElement>('[data-testid="login-tab-phone"]')!.click()
      await until(() => host.querySelector('[data-testid="phone-input"]'))
      await typeInto(host.querySelector('[data-testid="phone-input"]')!, '13800138000')
      send().click()
      await until(() => host.querySelector('[data-testid="login-error"]')?.textContent === '验证码发送过于频繁，请 42 秒后再试')
      // The button counts down the server's Retry-After, not a guess, and cannot be pressed meanwhile.
      await until(() => send().disabled && /^(42|41) 秒后重发$/u.test(send().textContent ?? ''), 'counting down from the Retry-After')
      expect(sends).to.equal(2)
    })
  }
})
