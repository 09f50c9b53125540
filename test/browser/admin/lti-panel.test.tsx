/// <reference types="mocha" />
// LMS platforms as a manager sees them in school administration: the tab
// shows the addresses to type into the LMS and the platforms registered; a
// platform filled in is registered (deployment ids split at commas) and
// listed; a refused registration says why; the tab reads in English.
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing'
import '../../../src/elements/admin/define'
import { setLanguage } from '../../../src/stores/settings'
import { loadLocale } from '../../../src/i18n'
import { envelope, fakeFetch, type FakeFetch } from '../support/fake-fetch'

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector)
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)]
const until = (check: () => unknown, message?: string) => waitUntil(check, message, { timeout: 4000 })

const tool = {
  loginUrl: 'https://ai.school.edu.cn/new-chat/app/api/lti/login',
  launchUrl: 'https://ai.school.edu.cn/new-chat/app/api/lti/launch',
  jwksUrl: 'https://ai.school.edu.cn/new-chat/app/api/lti/jwks',
  deepLinkingUrl: 'https://ai.school.edu.cn/new-chat/app/api/lti/launch',
}

let fake: FakeFetch
let platforms: Array<Record<string, unknown>>

beforeEach(() => {
  platforms = []
  fake = fakeFetch(async request => {
    const route = new URL(request.url, location.href).pathname.replace('/new-chat/', '')
    const body = typeof request.body === 'string' ? JSON.parse(request.body) : undefined
    if (route === 'course/admin/lti/platforms' && request.method === 'POST') {
      if (String(body.issuer).startsWith('http://')) return envelope(400, null, '平台地址须为 https://（仅本机地址可用 http://）')
      platforms = [...platforms, { id: 'p1', frameOrigin: body.issuer, ...body }]
      return envelope(200, { tool, platforms })
    }
    if (route === 'course/admin/lti/platforms') return envelope(200, { tool, platforms })
    if (route === 'course/admin/users') return envelope(200, { list: [], total: 0 })
    if (route === 'course/admin/classes') return envelope(200, [])
    return envelope(404, null, 'not found')
  })
})
afterEach(() => fake.restore())

async function openLtiTab() {
  const el = fixtureSync(html`<zx-school-admin></zx-school-admin>`)
  await until(() => $(el, '[data-testid="admin-tab-lti"]'), 'the LMS tab')
  $(el, '[data-testid="admin-tab-lti"]')!.click()
  await until(() => $(el, '[data-testid="admin-lti"]'), 'the LMS panel')
  return el
}

function fill(el: Element, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    const input = $(el, `[data-testid="lti-form"] input[name="${name}"]`) as HTMLInputElement
    input.value = value
    input.dispatchEvent(new Event('input', { bubbles: true }))
  }
}

const MOODLE = {
  name: '学校 Moodle',
  issuer: 'https://moodle.school.edu.cn',
  clientId: 'abc123',
  deploymentIds: '1, 2',
  authLoginUrl: 'https://moodle.school.edu.cn/mod/lti/auth.php',
  tokenUrl: 'https://moodle.school.edu.cn/mod/lti/token.php',
  jwksUrl: 'https://moodle.school.edu.cn/mod/lti/certs.php',
}

describe('<zx-school-admin> LMS platforms', () => {
  before(() => setLanguage('zh-CN'))

  it('shows the addresses to type into the LMS, and lists a platform once registered', async () => {
    const el = await openLtiTab()
    expect($(el, '[data-testid="lti-login-url"]')!.textContent).to.equal(tool.loginUrl)
    fill(el, MOODLE)
    const submit = $(el, '[data-testid="lti-form"] button[type="submit"]') as HTMLButtonElement
    await until(() => !submit.disabled, 'the form ready')
    submit.click()
    await until(() => $$(el, '[data-testid="lti-platform"]').length === 1, 'the platform listed')
    const sent = JSON.parse(fake.requests.find(r => r.method === 'POST')!.body as string)
    expect(sent.deploymentIds).to.deep.equal(['1', '2'])
    expect(sent).not.to.have.property('frameOrigin')
    expect(sent.enabled).to.equal(true)
    expect($(el, '[data-testid="lti-platform"]')!.textContent).to.contain('学校 Moodle')
  })

  it('says why a registration was refused and keeps what was typed', async () => {
    const el = await openLtiTab()
    fill(el, { ...MOODLE, issuer: 'http://moodle.school.edu.cn' })
    const submit = $(el, '[data-testid="lti-form"] button[type="submit"]') as HTMLButtonElement
    await until(() => !submit.disabled, 'the form ready')
    submit.click()
    await until(() => $(el, '[data-testid="lti-error"]'), 'the refusal shown')
    expect($(el, '[data-testid="lti-error"]')!.textContent).to.contain('https://')
    expect(($(el, '[data-testid="lti-form"] input[name="name"]') as HTMLInputElement).value).to.equal('学校 Moodle')
    expect($$(el, '[data-testid="lti-platform"]').length).to.equal(0)
  })

  it('reads in English', async () => {
    setLanguage('en-US')
    await loadLocale('en-US')
    try {
      const el = await openLtiTab()
      expect($(el, '[data-testid="admin-tab-lti"]')!.textContent).to.equal('LMS platforms')
      expect($(el, '[data-testid="admin-lti"]')!.textContent).to.contain('No LMS platform is registered yet.')
    } finally {
      setLanguage('zh-CN')
    }
  })
})
