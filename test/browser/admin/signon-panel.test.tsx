/// <reference types="mocha" />
// School sign-on as a manager sees it in school administration: providers
// set by the server are listed but not editable; editing one never shows
// its secret and saving without typing one keeps it (no secret sent); a
// directory's form asks for where to search and its service account; "try
// it" shows what a pasted sample maps to; the tab reads in the chosen language.
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing'
import '../../../src/elements/admin/define'
import { setLanguage } from '../../../src/stores/settings'
import { loadLocale } from '../../../src/i18n'
import { envelope, fakeFetch, type FakeFetch } from '../support/fake-fetch'
import { typeInto } from '../support/type-into'

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector)
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)]
const until = (check: () => unknown, message?: string) => waitUntil(check, message, { timeout: 4000 })

const rules = {
  roleClaim: 'groups',
  roleMap: { teachers: '1' },
  usernameClaim: 'preferred_username',
  nameClaim: 'name',
  emailClaim: 'email',
  numberClaim: '',
  classClaim: '',
  activeClaim: '',
  linkBy: 'none',
}
const providers = [
  {
    id: 'oidc',
    kind: 'oidc',
    name: 'Campus ID',
    enabled: true,
    fromEnv: true,
    settings: { issuer: 'https://sso.school.example', clientId: 'zx', scopes: 'profile' },
    rules,
    passwordSignIn: true,
    hasSecret: true,
  },
  {
    id: 'p1',
    kind: 'oidc',
    name: 'Teaching Portal',
    enabled: true,
    fromEnv: false,
    settings: { issuer: 'https://portal.school.example', clientId: 'zhixue', scopes: 'profile email' },
    rules,
    passwordSignIn: false,
    hasSecret: true,
  },
]

let fake: FakeFetch
let saved: Array<{ method: string; route: string; body: Record<string, unknown> }>

beforeEach(() => {
  saved = []
  fake = fakeFetch(async request => {
    const route = new URL(request.url, location.href).pathname.replace('/new-chat/', '')
    const body = typeof request.body === 'string' ? JSON.parse(request.body) : undefined
    if (route === 'course/admin/users') return envelope(200, { items: [], total: 0 })
    if (route.startsWith('course/admin/sign-on/providers') && request.method !== 'GET') saved.push({ method: request.method, route, body })
    if (route.startsWith('course/admin/sign-on/providers')) return envelope(200, { encrypts: true, providers })
    if (route === 'course/admin/sign-on/try')
      return envelope(200, {
        subject: String(body.claims.sub),
        username: 'liu',
        name: String(body.claims.name),
        email: '',
        number: '',
        clientTypes: body.claims.groups.includes('teachers') ? ['1'] : [],
        classes: [],
        active: true,
      })
    return envelope(404, null, 'not found')
  })
})
afterEach(() => fake.restore())

async function openTab() {
  const el = fixtureSync(html`<zx-school-admin></zx-school-admin>`)
  await until(() => $(el, '[data-testid="admin-tab-signon"]'), 'the sign-on tab')
  $(el, '[data-testid="admin-tab-signon"]')!.click()
  await until(() => $$(el, '[data-testid="signon-row"]').length === 2, 'the providers listed')
  return el
}

const row = (el: Element, name: string) => $(el, `[data-testid="signon-row"][data-name="${name}"]`)!
const buttonsOf = (element: HTMLElement) => [...element.querySelectorAll('button')].map(b => b.textContent)

describe('<zx-school-admin> school sign-on', () => {
  before(() => setLanguage('zh-CN'))

  it('lists a provider set by the server without edit actions, and one added here with them', async () => {
    const el = await openTab()
    expect(buttonsOf(row(el, 'Campus ID'))).to.deep.equal([])
    expect(row(el, 'Campus ID').textContent).to.contain('由服务器配置')
    expect(buttonsOf(row(el, 'Teaching Portal'))).to.deep.equal(['编辑', '停用', '删除'])
    expect(row(el, 'Teaching Portal').textContent).to.contain('不可用密码登录')
  })

  it('never shows a stored secret, and saving without typing one sends none (the stored one is kept)', async () => {
    const el = await openTab()
    row(el, 'Teaching Portal').querySelector('button')!.click()
    await until(() => $(el, '[data-testid="signon-editor"] input[name="secret"]'), 'the editor')
    const secret = $(el, '[data-testid="signon-editor"] input[name="secret"]') as HTMLInputElement
    expect(secret.value).to.equal('')
    expect(secret.type).to.equal('password')
    expect($(el, '[data-testid="signon-editor"]')!.textContent).to.contain('留空则保留原来的')
    $(el, '[data-testid="signon-save"]')!.click()
    await until(() => saved.length === 1, 'saved')
    expect(saved[0]!.method).to.equal('PUT')
    expect(saved[0]!.route).to.equal('course/admin/sign-on/providers/p1')
    expect(saved[0]!.body).to.not.have.property('secret')
    expect(saved[0]!.body.passwordSignIn).to.equal(false)
    expect((saved[0]!.body.rules as { roleMap: unknown }).roleMap).to.deep.equal({ teachers: '1' })
  })

  it('asks a new directory for where to search, its service account and its password', async () => {
    const el = await openTab()
    $(el, '[data-testid="signon-new"]')!.click()
    await until(() => $(el, '[data-testid="signon-editor"] select[name="kind"]'))
    const kind = $(el, '[data-testid="signon-editor"] select[name="kind"]') as HTMLSelectElement
    kind.value = 'ldap'
    kind.dispatchEvent(new Event('change', { bubbles: true }))
    await until(() => $(el, '[data-testid="signon-editor"] input[name="baseDn"]'), 'the directory fields')
    expect($(el, '[data-testid="signon-editor"] input[name="bindDn"]')).to.exist
    expect($(el, '[data-testid="signon-editor"] input[name="clientId"]')).to.equal(null)
    expect(($(el, '[data-testid="signon-editor"] input[name="usernameClaim"]') as HTMLInputElement).value).to.equal('uid')
  })

  it('shows what a pasted sample maps to, and says so when it is not JSON', async () => {
    const el = await openTab()
    $(el, '[data-testid="signon-new"]')!.click()
    await until(() => $(el, '[data-testid="signon-try"] textarea'))
    const sample = $(el, '[data-testid="signon-try"] textarea') as HTMLTextAreaElement
    await typeInto(sample, '{ not json')
    $(el, '[data-testid="signon-try-run"]')!.click()
    await until(() => $(el, '[data-testid="signon-try"] [role="alert"]'), 'the sample refused')
    expect($(el, '[data-testid="signon-try"] [role="alert"]')!.textContent).to.contain('JSON')
    await typeInto(sample, JSON.stringify({ sub: 'u1', name: 'Liu Min', groups: ['teachers'] }))
    $(el, '[data-testid="signon-try-run"]')!.click()
    await until(() => $(el, '[data-testid="signon-try-types"]'), 'the result')
    expect($(el, '[data-testid="signon-try-types"]')!.textContent).to.equal('教师端')
    expect($(el, '[data-testid="signon-try-result"]')!.textContent).to.contain('Liu Min')
  })

  it('reads in en-US', async () => {
    setLanguage('en-US')
    await loadLocale('en-US')
    try {
      const el = await openTab()
      expect(buttonsOf(row(el, 'Teaching Portal'))).to.deep.equal(['Edit', 'Turn off', 'Delete'])
      expect(row(el, 'Campus ID').textContent).to.contain('Set by the server')
    } finally {
      setLanguage('zh-CN')
    }
  })
})
