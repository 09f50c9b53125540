/// <reference types="mocha" />
// The company mentor's page, with no account: the week's logs, a sign button
// with an optional comment; the same link then refuses, and a used or
// expired link shows the refusal at once.
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing'
import { setViewport } from '@web/test-runner-commands'
import '../../../src/elements/placements/define'
import { loadLocale } from '../../../src/i18n'
import { AREAS } from '../../../src/host-app/areas'
import { $router } from '../../../src/host-app/router'
import { passesWithoutSession, PUBLIC_ROUTES } from '../../../src/host-app/routes'
import { setLanguage } from '../../../src/stores/settings'
import { envelope, fakeFetch, type FakeFetch } from '../support/fake-fetch'
import { typeInto } from '../support/type-into'

const until = (check: () => unknown, message?: string) => waitUntil(check, message, { timeout: 6000 })
const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector)
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)]

before(() => setLanguage('zh-CN'))

function startSignServer() {
  const used = new Set<string>()
  const signed: unknown[] = []
  const fake = fakeFetch(request => {
    const url = new URL(request.url, location.href)
    const route = `${request.method} ${url.pathname.replace('/new-chat/', '')}`
    const token = request.method === 'GET' ? url.searchParams.get('token')! : JSON.parse(String(request.body)).token
    if (used.has(token) || token === 'tok-expired') return envelope(410, null, '签字链接已使用或已过期')
    if (route === 'GET app/api/placement/sign')
      return envelope(200, {
        student: '李明',
        company: '宏达机械',
        post: '数控车工',
        week: 2,
        from: '2026-09-08',
        to: '2026-09-14',
        expiresAt: Date.UTC(2026, 8, 20),
        logs: [{ id: 'l1', date: '2026-09-08', week: 2, text: '学习对刀', hours: 8, night: false, location: '', fileIds: ['f1'], createTime: 1 }],
      })
    if (route === 'POST app/api/placement/sign') {
      used.add(token)
      signed.push(JSON.parse(String(request.body)))
      return envelope(200, null, '已签字，谢谢')
    }
    return envelope(404, null, `no route ${route}`)
  })
  return { ...fake, signed }
}

describe('<zx-placement-sign>', () => {
  let server: FakeFetch | undefined
  afterEach(() => server?.restore())

  it('at 375 px the mentor reads the week, signs with a comment once, and the same link then refuses', async () => {
    await setViewport({ width: 375, height: 800 })
    const sign = startSignServer()
    server = sign
    const el = fixtureSync(html`<zx-placement-sign token="tok-week-2"></zx-placement-sign>`)
    await until(() => $(el, '[data-testid="sign-submit"]'), 'the week is not shown')
    expect($(el, 'h2')!.textContent).to.equal('李明 · 第 2 周')
    expect($$(el, '[data-testid="sent-log"]').map(l => l.textContent)).to.deep.equal(['2026-09-088 小时照片 1学习对刀'])
    expect(
      sign.requests.every(r => !r.headers.get('authorization')?.includes('Bearer ey')),
      'no account is needed',
    ).to.equal(true)
    await typeInto($(el, '[data-testid="sign-comment"]') as HTMLTextAreaElement, '表现认真')
    $(el, '[data-testid="sign-submit"]')!.click()
    await until(() => $(el, '[data-testid="sign-done"]'), 'signing is not confirmed')
    expect(sign.signed).to.deep.equal([{ token: 'tok-week-2', comment: '表现认真' }])
    expect(document.documentElement.scrollWidth).to.be.at.most(375)

    el.remove()
    const again = fixtureSync(html`<zx-placement-sign token="tok-week-2"></zx-placement-sign>`)
    await until(() => $(again, '[data-testid="sign-refused"]'), 'a used link is not refused')
    expect($(again, '[data-testid="sign-refused"]')!.textContent).to.contain('已经用过或已过期')
    expect($(again, '[data-testid="sign-submit"]')).to.equal(null)
  })

  for (const [language, refusal] of [
    ['en-US', 'already used or has expired'],
    ['zh-TW', '已經用過或已過期'],
    ['ko-KR', '만료된 링크'],
    ['ru-RU', 'истекла'],
  ] as const) {
    it(`an expired link is refused in ${language}`, async () => {
      server = startSignServer()
      setLanguage(language)
      await loadLocale(language)
      try {
        const el = fixtureSync(html`<zx-placement-sign token="tok-expired"></zx-placement-sign>`)
        await until(() => $(el, '[data-testid="sign-refused"]'))
        expect($(el, '[data-testid="sign-refused"]')!.textContent).to.contain(refusal)
      } finally {
        setLanguage('zh-CN')
        await loadLocale('zh-CN')
      }
    })
  }

  it('the host app opens /placement/sign?token= without a session, on this element', () => {
    const route = $router.routes.find(r => r[0] === 'placementSign')
    expect(route![1].test('/placement/sign'), 'no /placement/sign route').to.equal(true)
    expect(passesWithoutSession('placementSign', { token: 't' })).to.equal(true)
    expect(AREAS[PUBLIC_ROUTES.placementSign!.view as 'placementSign'].element.tag).to.equal('zx-placement-sign')
  })
})
