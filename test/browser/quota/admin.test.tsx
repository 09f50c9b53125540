/// <reference types="mocha" />
// The managers' screens: <zx-quota-admin> sets an allowance in the
// shape the server takes, makes a batch of codes shown once, asks before
// confirming a transfer or refunding, prices a model, shows use per grouping,
// and at 1280 and 375 px the page never scrolls sideways.
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing'
import { setViewport } from '@web/test-runner-commands'
import '../../../src/elements/quota/define'
import { envelope, fakeFetch, type FakeFetch } from '../support/fake-fetch'
import { setLanguage } from '../../../src/stores/settings'
import { typeInto } from '../support/type-into'

// These tests read the zh-CN words; the app otherwise follows the browser's language (en-US here).
before(() => setLanguage('zh-CN'))

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector)
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)]
const until = (check: () => unknown, message?: string) => waitUntil(check, message, { timeout: 4000 })

function choose(select: HTMLSelectElement, value: string) {
  select.value = value
  select.dispatchEvent(new Event('change', { bubbles: true }))
}

interface Sent {
  method: string
  route: string
  query: Record<string, string>
  body: any
}

function startServer(): FakeFetch & { sent: Sent[] } {
  const sent: Sent[] = []
  let allowances = [{ scope: 'client', targetId: '3', targetName: '3', credits: 100, updatedAt: 1 }]
  const order = {
    tradeNo: 'ZX20261124100000123456',
    packageId: 'p1',
    name: '学生加油包（含超长名称用来测试窄屏换行是否正常）',
    credits: 100,
    amount: 9.9,
    channel: 'offline',
    status: 'pending',
    codeUrl: null,
    payUrl: null,
    createdAt: 1,
    paidAt: null,
    refundedAt: null,
    buyer: 'student-with-a-long-username',
  }
  const fake = fakeFetch(request => {
    const url = new URL(request.url, location.href)
    const route = url.pathname.replace('/new-chat/', '')
    const query = Object.fromEntries(url.searchParams)
    const body = typeof request.body === 'string' ? JSON.parse(request.body) : undefined
    if (request.method !== 'GET') sent.push({ method: request.method, route, query, body })
    if (route === 'course/quota/allowances' && request.method === 'GET') return envelope(200, allowances)
    if (route === 'course/quota/allowances' && request.method === 'PUT') {
      allowances = [...allowances, { ...body, targetName: body.targetId, updatedAt: 2 }]
      return envelope(200, allowances)
    }
    if (route === 'course/quota/classes') return envelope(200, [{ id: 'k1', name: '数控 2301' }])
    if (route === 'course/quota/prices' && request.method === 'GET') {
      return envelope(200, {
        prices: [],
        fallback: { inputPer1k: 1, outputPer1k: 1, perImage: 10, perSecond: 5 },
        models: [
          { name: 'builtin', builtin: true },
          { name: 'deepseek-chat', builtin: false },
        ],
      })
    }
    if (route === 'course/quota/prices' && request.method === 'PUT') return envelope(200, [body])
    if (route === 'course/quota/usage')
      return envelope(200, [{ key: 'u1', name: `${query.by}-row`, cost: 12.5, uses: 3, promptTokens: 1200, completionTokens: 800 }])
    if (route === 'course/redemption-codes' && request.method === 'POST')
      return envelope(200, { batchId: 'b1', codes: ['ZX-AAAAA-BBBBB-CCCCC-DDDDD', 'ZX-EEEEE-FFFFF-GGGGG-HHHHH'] })
    if (route === 'course/redemption-codes')
      return envelope(200, [
        {
          id: 'b1',
          note: '期中奖励',
          credits: 50,
          count: 2,
          used: 1,
          expiresAt: null,
          disabled: false,
          createdAt: 1,
          createdBy: 'manager',
          downloadable: true,
        },
      ])
    if (route === 'course/order/orders' && request.method === 'GET') return envelope(200, [order])
    if (route.endsWith('/confirm')) return envelope(200, { ...order, status: 'paid' })
    if (route.endsWith('/close')) return envelope(200, { ...order, status: 'closed' })
    return envelope(404, null, 'not here')
  })
  return Object.assign(fake, { sent })
}

describe('<zx-quota-admin>', () => {
  let server: FakeFetch & { sent: Sent[] }
  afterEach(async () => {
    server?.restore()
    await setViewport({ width: 1280, height: 800 })
  })

  it('lays the allowance form out across its card, fields in one row from the left', async () => {
    server = startServer()
    const el = fixtureSync(html`<zx-quota-admin></zx-quota-admin>`)
    await until(() => $$(el, '[data-testid="allowance-row"]').length === 1)
    const form = $(el, '[data-testid="allowance-form"]')!.getBoundingClientRect()
    const panel = $(el, '[data-testid="quota-allowances"]')!.getBoundingClientRect()
    expect(form.width, 'the card spans the panel').to.be.greaterThan(panel.width * 0.9)
    const fields = $$(el, '[data-testid="allowance-form"] .field').map(f => f.getBoundingClientRect())
    expect(fields).to.have.length(3)
    expect(fields[0]!.left - form.left, 'the first field starts at the left').to.be.lessThan(40)
    for (const field of fields) expect(Math.abs(field.top - fields[0]!.top), 'one row').to.be.lessThan(2)
  })

  it('sets a class allowance in the shape the server takes', async () => {
    server = startServer()
    const el = fixtureSync(html`<zx-quota-admin></zx-quota-admin>`)
    await until(() => $$(el, '[data-testid="allowance-row"]').length === 1)
    expect($(el, '[data-testid="allowance-row"]')!.textContent).to.contain('学生').and.contain('100')
    choose($(el, '[data-testid="allowance-scope"]') as HTMLSelectElement, 'class')
    await until(() => $$(el, '[data-testid="allowance-target"] option').length === 2, 'the classes to pick from')
    choose($(el, '[data-testid="allowance-target"]') as HTMLSelectElement, 'k1')
    await typeInto($(el, '[data-testid="allowance-credits"]') as HTMLInputElement, '-5')
    $(el, '[data-testid="allowance-save"]')!.click()
    await until(() => $(el, '[data-testid="allowance-form"] [role="alert"]'), 'a negative allowance is not sent')
    expect(server.sent).to.have.length(0)
    await typeInto($(el, '[data-testid="allowance-credits"]') as HTMLInputElement, '30')
    $(el, '[data-testid="allowance-save"]')!.click()
    await until(() => $$(el, '[data-testid="allowance-row"]').length === 2)
    expect(server.sent[0]).to.deep.include({ method: 'PUT', route: 'course/quota/allowances', body: { scope: 'class', targetId: 'k1', credits: 30 } })
  })

  for (const width of [1280, 375]) {
    it(`makes codes shown once, prices a model, shows use, and asks before confirming a transfer (${width} px)`, async function () {
      this.timeout(15_000)
      await setViewport({ width, height: 800 })
      server = startServer()
      const el = fixtureSync(html`<zx-quota-admin></zx-quota-admin>`)
      await until(() => $(el, '[data-testid="quota-allowances"]'))
      expect(document.documentElement.scrollWidth, 'allowances').to.be.at.most(width)

      $(el, '[data-testid="quota-tab-codes"]')!.click()
      await until(() => $$(el, '[data-testid="batch-row"]').length === 1)
      expect($(el, '[data-testid="batch-used"]')!.textContent).to.equal('已用 1 / 2')
      await typeInto($(el, '[data-testid="batch-count"]') as HTMLInputElement, '2')
      await typeInto($(el, '[data-testid="batch-credits"]') as HTMLInputElement, '50')
      $(el, '[data-testid="batch-create"]')!.click()
      await until(() => $(el, '[data-testid="batch-codes"]'))
      expect($(el, '[data-testid="batch-codes"]')!.textContent!.split('\n')).to.deep.equal(['ZX-AAAAA-BBBBB-CCCCC-DDDDD', 'ZX-EEEEE-FFFFF-GGGGG-HHHHH'])
      expect(server.sent.at(-1)).to.deep.include({ route: 'course/redemption-codes', body: { count: 2, credits: 50, expiresAt: null } })
      expect(document.documentElement.scrollWidth, 'codes').to.be.at.most(width)

      $(el, '[data-testid="quota-tab-prices"]')!.click()
      await until(() => $$(el, '[data-testid="price-row"]').length === 3, 'built-in, the model and the fallback row')
      expect($(el, '[data-testid="price-row"][data-model="builtin"]')!.textContent).to.contain('免费')
      $(el, '[data-testid="price-row"][data-model="deepseek-chat"] [data-testid="price-edit"]')!.click()
      await until(() => $(el, '[data-testid="price-inputPer1k"]'))
      await typeInto($(el, '[data-testid="price-inputPer1k"]') as HTMLInputElement, '2.5')
      $(el, '[data-testid="price-save"]')!.click()
      await until(() => server.sent.some(s => s.route === 'course/quota/prices'))
      expect(server.sent.find(s => s.route === 'course/quota/prices')!.body).to.deep.equal({
        model: 'deepseek-chat',
        inputPer1k: 2.5,
        outputPer1k: 1,
        perImage: 10,
        perSecond: 5,
      })

      $(el, '[data-testid="quota-tab-usage"]')!.click()
      await until(() => $(el, '[data-testid="usage-row"]')?.dataset.name === 'person-row')
      $(el, '[data-testid="usage-by-model"]')!.click()
      await until(() => $(el, '[data-testid="usage-row"]')?.dataset.name === 'model-row')
      expect(document.documentElement.scrollWidth, 'usage').to.be.at.most(width)

      $(el, '[data-testid="quota-tab-orders"]')!.click()
      await until(() => $(el, '[data-testid="order-confirm"]'))
      expect(document.documentElement.scrollWidth, 'orders').to.be.at.most(width)
      $(el, '[data-testid="order-confirm"]')!.click()
      await until(() => $(el, '[data-testid="confirm-dialog"]'), 'asks first')
      expect(
        server.sent.some(s => s.route.endsWith('/confirm')),
        'nothing sent before the answer',
      ).to.equal(false)
      $(el, '[data-testid="confirm"]')!.click()
      await until(() => server.sent.some(s => s.route === 'course/order/orders/ZX20261124100000123456/confirm'))
    })
  }

  it('closes an order nobody is going to pay, after asking', async () => {
    await setViewport({ width: 375, height: 800 })
    server = startServer()
    const el = fixtureSync(html`<zx-quota-admin></zx-quota-admin>`)
    await until(() => $(el, '[data-testid="quota-tab-orders"]'))
    $(el, '[data-testid="quota-tab-orders"]')!.click()
    await until(() => $(el, '[data-testid="order-close"]'), 'an order awaiting payment can be closed')
    expect(document.documentElement.scrollWidth, 'orders with three actions').to.be.at.most(375)
    $(el, '[data-testid="order-close"]')!.click()
    await until(() => $(el, '[data-testid="confirm-dialog"]'), 'asks first')
    expect($(el, '[data-testid="confirm-dialog"]')!.textContent).to.contain('ZX20261124100000123456').and.contain('关闭后不能再付款')
    expect(server.sent.some(s => s.route.endsWith('/close'))).to.equal(false)
    $(el, '[data-testid="confirm"]')!.click()
    await until(() => server.sent.some(s => s.method === 'POST' && s.route === 'course/order/orders/ZX20261124100000123456/close'))
  })
})
