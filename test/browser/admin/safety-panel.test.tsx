/// <reference types="mocha" />
// Content safety as a manager sees it in school administration: a word typed
// is added with its category and shown; an event marked "not a violation"
// allowlists its phrase; the records filter by class and person; the
// settings save the alert phones; the page reads in the chosen language.
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing'
import '../../../src/elements/admin/define'
import { setLanguage } from '../../../src/stores/settings'
import { loadLocale } from '../../../src/i18n'
import { envelope, fakeFetch, type FakeFetch } from '../support/fake-fetch'

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector)
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)]
const until = (check: () => unknown, message?: string) => waitUntil(check, message, { timeout: 4000 })

let fake: FakeFetch
let words: Array<Record<string, unknown>>
let allowed: Array<Record<string, unknown>>
const event = {
  id: 'e1',
  category: 'custom',
  source: 'chat',
  direction: 'input',
  userId: 's1',
  userName: '王小明',
  excerpt: '车间如何预防粉尘爆炸',
  matched: '粉尘爆炸',
  action: 'block',
  modelText: null,
  dismissed: false,
  createTime: 1,
}

beforeEach(() => {
  words = [{ id: 'w1', word: '自制炸药', category: 'violence', action: 'block', builtin: true, createTime: 1 }]
  allowed = []
  fake = fakeFetch(async request => {
    const route = new URL(request.url, location.href).pathname.replace('/new-chat/', '')
    const body = typeof request.body === 'string' ? JSON.parse(request.body) : undefined
    if (route === 'course/admin/safety/words' && request.method === 'POST') {
      words = [...body.words.map((w: Record<string, unknown>, i: number) => ({ id: `n${i}`, builtin: false, createTime: 2, ...w })), ...words]
      return envelope(200, { added: body.words.length })
    }
    if (route === 'course/admin/safety/words') return envelope(200, words)
    if (route === 'course/admin/safety/allow') return envelope(200, allowed)
    if (route === 'course/admin/safety/settings')
      return envelope(200, {
        counsellingText: '',
        outputCheck: true,
        alertTeachers: true,
        alertManagers: true,
        alertPhone: '',
        guardModel: '',
        guardFailClosed: false,
        cloudModeration: false,
        cloudFailClosed: false,
        cloudAvailable: false,
        ...(request.method === 'PUT' ? body : {}),
      })
    if (route === 'course/admin/safety/classes') return envelope(200, [{ id: 'c1', name: '数控一班' }])
    if (route === 'course/admin/models') return envelope(200, { providers: [], models: [], defaultModel: '', access: {}, keysEncrypted: true })
    if (route === 'course/admin/safety/events') return envelope(200, { list: [event], total: 1 })
    if (route === 'course/admin/safety/events/e1/dismiss') {
      allowed = [{ id: 'a1', phrase: event.excerpt, createTime: 3 }]
      return envelope(200, null)
    }
    return envelope(404, null, 'not found')
  })
})
afterEach(() => fake.restore())

async function openSafetyTab() {
  const el = fixtureSync(html`<zx-school-admin></zx-school-admin>`)
  await until(() => $(el, '[data-testid="admin-tab-safety"]'), 'the safety tab')
  $(el, '[data-testid="admin-tab-safety"]')!.click()
  await until(() => $$(el, '[data-testid="safety-words"] tbody tr').length === 1, 'the words listed')
  return el
}

describe('<zx-school-admin> content safety', () => {
  before(() => setLanguage('zh-CN'))

  it('adds a typed word with the chosen category and lists it', async () => {
    const el = await openSafetyTab()
    const input = $(el, '[data-testid="safety-word"]') as HTMLInputElement
    input.value = '主轴'
    input.dispatchEvent(new Event('input', { bubbles: true }))
    await until(() => !($(el, '[data-testid="safety-add-word"]') as HTMLButtonElement).disabled)
    $(el, '[data-testid="safety-add-word"]')!.click()
    await until(() => $$(el, '[data-testid="safety-words"] tbody tr').length === 2, 'the new word listed')
    const sent = fake.requests.find(r => r.method === 'POST' && r.url.endsWith('/safety/words'))!
    expect(JSON.parse(sent.body as string)).to.deep.equal({ words: [{ word: '主轴', category: 'custom', action: 'block' }] })
    expect($(el, '[data-testid="safety-words"] tbody tr')!.textContent).to.contain('主轴')
  })

  it('allowlists the phrase of an event marked not a violation', async () => {
    const el = await openSafetyTab()
    await until(() => $(el, '[data-testid="safety-dismiss"]'), 'the event listed')
    $(el, '[data-testid="safety-dismiss"]')!.click()
    await until(() => $$(el, '[data-testid="safety-allowed"] tbody tr').length === 1, 'the phrase allowlisted')
    expect($(el, '[data-testid="safety-allowed"] tbody tr')!.textContent).to.contain('车间如何预防粉尘爆炸')
  })

  it('filters the records by class and by the person named in a row', async () => {
    const el = await openSafetyTab()
    await until(() => $(el, '[data-testid="safety-event"] button.link'), 'the person in the row')
    await until(() => $$(el, 'select[aria-label="班级"] option').length === 2, 'the classes listed')
    const select = $(el, 'select[aria-label="班级"]') as HTMLSelectElement
    select.value = 'c1'
    select.dispatchEvent(new Event('change', { bubbles: true }))
    $(el, '[data-testid="safety-event"] button.link')!.click()
    const asked = () => fake.requests.filter(r => r.url.includes('/safety/events?')).map(r => new URL(r.url, location.href).searchParams)
    await until(() => asked().some(q => q.get('classId') === 'c1' && q.get('userId') === 's1'), 'the list asked for the class and the person')
    expect($(el, '[data-testid="safety-person-filter"]')!.textContent).to.contain('王小明')
    $(el, '[data-testid="safety-person-filter"]')!.click()
    await until(() => !$(el, '[data-testid="safety-person-filter"]'), 'the person filter cleared')
    expect(asked().at(-1)!.get('userId')).to.equal(null)
  })

  it('saves the alert phones; the cloud service cannot be switched on when the server has none', async () => {
    const el = await openSafetyTab()
    await until(() => $(el, '[data-testid="safety-save"]'), 'the settings')
    const phone = $(el, '[data-testid="safety-settings"] input[inputmode="tel"]') as HTMLInputElement
    phone.value = '13800000001'
    phone.dispatchEvent(new Event('input', { bubbles: true }))
    // The draft takes the typed phones on the next render.
    await new Promise(resolve => setTimeout(resolve, 50))
    const cloud = $$(el, '[data-testid="safety-settings"] input[type="checkbox"]').at(-2) as HTMLInputElement
    expect(cloud.disabled).to.equal(true)
    $(el, '[data-testid="safety-save"]')!.click()
    await until(() => fake.requests.some(r => r.method === 'PUT'), 'the settings saved')
    const sent = JSON.parse(fake.requests.find(r => r.method === 'PUT')!.body as string)
    expect(sent.alertPhone).to.equal('13800000001')
    expect(sent).not.to.have.property('cloudAvailable')
  })

  it('reads in English', async () => {
    setLanguage('en-US')
    await loadLocale('en-US')
    try {
      const el = await openSafetyTab()
      expect($(el, '[data-testid="admin-tab-safety"]')!.textContent).to.equal('Content safety')
      expect($(el, '#safety-words')!.textContent).to.equal('Listed words')
      expect($(el, '[data-testid="safety-words"] tbody tr')!.textContent).to.contain('Violence')
    } finally {
      setLanguage('zh-CN')
    }
  })
})
