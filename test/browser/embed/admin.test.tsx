/// <reference types="mocha" />
// <zx-embed-admin> as a teacher uses it: the keys listed, a new key made (the
// server's refusal shown in the form), its code ready to copy, the signing
// secret shown once, a key switched off; the portal editor for managers only.
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing'
import '../../../src/elements/embed/define'
import { snippetsFor } from '../../../src/elements/embed/snippets'
import { embedEnUS } from '../../../src/i18n/embed/en-US'
import { embedZhCN } from '../../../src/i18n/embed/zh-CN'
import { $clientType } from '../../../src/stores/auth'
import { $embedKeys, $embedKeysLoad } from '../../../src/stores/embed'
import { envelope, fakeFetch, type FakeFetch } from '../support/fake-fetch'
import { nextTask, typeInto } from '../support/type-into'

const KEY = {
  key: 'zxk_existing_key_1',
  name: '学校官网',
  assistantId: 'sys-study-helper',
  assistant: { title: '专业课答疑助教', avatar: '' },
  origins: ['https://www.school.test'],
  hostedPages: true,
  visitors: 'anonymous',
  hasSecret: false,
  limits: { visitorDailyMessages: 50, visitorDailyTokens: 0, dailyMessages: 2000, dailyTokens: 0 },
  enabled: true,
  today: { messages: 7, tokens: 900, visitors: 3 },
  createTime: 1,
  updateTime: 1,
}

describe('<zx-embed-admin>', () => {
  let fetch: FakeFetch
  let bodies: Array<{ method: string; url: string; body: any }>
  let refuseCreate: string | null
  /** When set, the key list waits for it (a slow first load). */
  let keysHeld: Promise<void> | null = null

  beforeEach(() => {
    $embedKeys.set([])
    $embedKeysLoad.reset()
    $clientType.set('1')
    bodies = []
    refuseCreate = null
    fetch = fakeFetch(async request => {
      const body = request.body ? JSON.parse(String(request.body)) : undefined
      bodies.push({ method: request.method, url: request.url, body })
      const url = new URL(request.url, location.href)
      if (url.pathname.endsWith('/app/user/embed/key') && request.method === 'GET') {
        await keysHeld
        return envelope(200, [KEY])
      }
      if (url.pathname.endsWith('/course/app/api/allAssistant')) {
        const sys = [
          { id: 'sys-safety-tutor', kind: 'chat', typeMode: 'sys', own: false, title: '安全生产导师' },
          { id: 'form-quiz', kind: 'form', typeMode: 'sys', own: false, title: '测验' },
        ]
        const schoolWide = { id: 'a-school', kind: 'chat', typeMode: 'user', own: false, title: '全校数控助手' }
        return envelope(200, url.searchParams.get('scope') === 'school' ? [...sys, schoolWide] : sys)
      }
      if (url.pathname.endsWith('/app/user/embed/key') && request.method === 'POST') {
        if (refuseCreate) return envelope(400, null, refuseCreate)
        return envelope(200, {
          ...KEY,
          ...body,
          key: 'zxk_new_key_2',
          hasSecret: true,
          secret: 'zxs_shown_once_secret',
          assistant: { title: '安全生产导师', avatar: '' },
        })
      }
      if (url.pathname.includes('/app/user/embed/key/') && request.method === 'PUT') return envelope(200, { ...KEY, ...body })
      if (url.pathname.includes('/app/user/portal/'))
        return envelope(200, { slug: 'portal', title: '', subtitle: '', banner: '', assistantIds: [], courseIds: [], links: [], embedKeyId: null })
      if (url.pathname.endsWith('/course/courses')) return envelope(200, { items: [], total: 0, facets: { categories: [], terms: [] } })
      return envelope(404, null, 'no such call')
    })
  })
  afterEach(() => {
    fetch.restore()
    keysHeld = null
  })

  const mount = () => fixtureSync(html`<zx-embed-admin></zx-embed-admin>`) as HTMLElement
  const $ = (el: HTMLElement, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector)

  it('lists the teacher’s keys with their sites and today’s use', async () => {
    const el = mount()
    await waitUntil(() => $(el, '[data-testid="embed-key"]'))
    const card = $(el, '[data-testid="embed-key"]')!
    expect(card.textContent).to.contain('学校官网')
    expect(card.textContent).to.contain('https://www.school.test')
    expect(card.textContent).to.contain('今日 7 次提问 · 3 位访客')
    expect($(el, '[data-testid="portal-editor"]')).to.equal(null, 'teachers do not edit portals')
  })

  it('keeps a key being written when the list arrives meanwhile (the list switches from skeleton to keys)', async () => {
    let release = () => {}
    keysHeld = new Promise<void>(resolve => (release = resolve))
    const el = mount()
    await waitUntil(() => $(el, 'zx-skeleton'), 'the list is not loading')
    $(el, '[data-testid="embed-key-new"]')!.click()
    await waitUntil(() => $(el, '[data-testid="embed-key-editor"] input[name="name"]'), 'the editor did not open')
    const name = $(el, '[data-testid="embed-key-editor"] input[name="name"]') as HTMLInputElement
    await typeInto(name, '教务系统')
    release()
    await waitUntil(() => $(el, '[data-testid="embed-key"]'), 'the keys were not listed')
    await nextTask()
    expect($(el, '[data-testid="embed-key-editor"] input[name="name"]')).to.equal(name, 'the editor was mounted afresh')
    expect(name.value).to.equal('教务系统')
  })

  it('makes a key: sites one per line, the server’s refusal shown in place, then the code and the secret once', async () => {
    const el = mount()
    await waitUntil(() => $(el, '[data-testid="embed-key"]'))
    $(el, '[data-testid="embed-key-new"]')!.click()
    const form = await waitUntil(() => $(el, '[data-testid="embed-key-editor"]')).then(() => $(el, '[data-testid="embed-key-editor"]')!)
    await waitUntil(() => form.querySelectorAll('option').length === 2, 'form apps are not offered')
    await typeInto(form.querySelector('input[name="name"]')!, '教务系统')
    const select = form.querySelector<HTMLSelectElement>('select[name="assistantId"]')!
    select.value = 'sys-safety-tutor'
    select.dispatchEvent(new Event('change', { bubbles: true }))
    await typeInto(form.querySelector('textarea[name="origins"]')!, 'https://jw.school.test\n  http://localhost:3000  \n')
    form.querySelector<HTMLInputElement>('input[name="visitors"][value="signed"]')!.click()
    await nextTask()

    refuseCreate = '“ftp://x”不是有效的网站地址'
    $(el, '[data-testid="embed-key-save"]')!.click()
    await waitUntil(() => form.querySelector('[role="alert"]')?.textContent === '“ftp://x”不是有效的网站地址')
    refuseCreate = null
    $(el, '[data-testid="embed-key-save"]')!.click()

    await waitUntil(() => $(el, '[data-testid="embed-key-code"]'), 'the code dialog did not open')
    const sent = bodies.find(b => b.method === 'POST')!.body
    expect(sent).to.include({ name: '教务系统', assistantId: 'sys-safety-tutor', visitors: 'signed', hostedPages: true })
    expect(sent.origins).to.deep.equal(['https://jw.school.test', 'http://localhost:3000'])
    const dialog = $(el, '[data-testid="embed-key-code"]')!
    expect(dialog.querySelector('[data-testid="embed-code"]')!.textContent).to.contain('data-key="zxk_new_key_2"')
    expect(dialog.querySelector('[data-testid="embed-secret"]')!.textContent).to.equal('zxs_shown_once_secret')
    // The secret is not kept: the list never holds it, and the code shown again has none.
    expect(JSON.stringify($embedKeys.get())).not.to.contain('zxs_shown_once_secret')
    dialog.dispatchEvent(new CustomEvent('zx:close'))
    await waitUntil(() => !$(el, '[data-testid="embed-key-code"]'))
    const cards = el.shadowRoot!.querySelectorAll<HTMLElement>('[data-testid="embed-key"]')
    expect(cards).to.have.length(2)
    cards[0]!.querySelector<HTMLButtonElement>('.button.primary')!.click()
    await waitUntil(() => $(el, '[data-testid="embed-key-code"]'))
    expect($(el, '[data-testid="embed-secret"]')).to.equal(null)
  })

  it('the switch turns a key off on the server', async () => {
    const el = mount()
    await waitUntil(() => $(el, '[role="switch"]'))
    const toggle = $(el, '[role="switch"]')!
    expect(toggle.getAttribute('aria-checked')).to.equal('true')
    toggle.click()
    await waitUntil(() => $(el, '[role="switch"]')!.getAttribute('aria-checked') === 'false')
    const put = bodies.find(b => b.method === 'PUT')!
    expect(put.url).to.contain('/app/user/embed/key/zxk_existing_key_1')
    expect(put.body).to.deep.equal({ enabled: false })
  })

  it('managers also get the portal editor', async () => {
    $clientType.set('2')
    const el = mount()
    await waitUntil(() => $(el, '[data-testid="portal-editor"]'))
  })

  it('the portal editor offers assistants published to the whole school by teachers, not unpublished ones', async () => {
    $clientType.set('2')
    const el = mount()
    const editor = await waitUntil(() => $(el, '[data-testid="portal-editor"] .check-option')).then(() => $(el, '[data-testid="portal-editor"]')!)
    await waitUntil(() => editor.textContent!.includes('全校数控助手'), 'the school-published assistant is not offered')
    expect(editor.textContent).to.contain('安全生产导师')
    expect(editor.textContent).to.not.contain('测验')
  })

  it('the code uses this server’s address; the iframe listens to it only', () => {
    const code = snippetsFor({ key: 'zxk_k', visitors: 'any' }, 'https://ai.school.test', '助手 "A"', embedZhCN)
    expect(code.script).to.contain('src="https://ai.school.test/new-chat/embed.js"')
    expect(code.script).to.contain('data-signature=')
    expect(code.iframe).to.contain('src="https://ai.school.test/iframe?key=zxk_k&height=auto"')
    expect(code.iframe).to.contain("e.origin !== 'https://ai.school.test'")
    expect(code.iframe).to.contain('title="助手 &quot;A&quot;"')
    expect(code.link).to.equal('https://ai.school.test/externalChat?key=zxk_k')
    expect(snippetsFor({ key: 'zxk_k', visitors: 'anonymous' }, 'https://ai.school.test', 'x', embedZhCN).script).not.to.contain('data-signature')
  })

  it('an English-speaking teacher copies code with English placeholders and comments', () => {
    const code = snippetsFor({ key: 'zxk_k', visitors: 'any' }, 'https://ai.school.test', 'Assistant', embedEnUS)
    expect(code.script).to.contain('data-user="<user name>"')
    expect(code.script + code.iframe).not.to.match(/[\u4e00-\u9fff（）]/u)
  })
})
