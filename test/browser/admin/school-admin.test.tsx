/// <reference types="mocha" />
// School administration as the manager sees it: on a 375 px phone
// the people table is one card per person with every action on screen and
// names on one line; the roster's problems read in the chosen language (no
// Chinese punctuation in en-US); a new site logo shows before it is saved.
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing'
import { sendKeys, setViewport } from '@web/test-runner-commands'
import '../../../src/elements/admin/define'
import { setLanguage } from '../../../src/stores/settings'
import { loadLocale } from '../../../src/i18n'
import { envelope, fakeFetch, type FakeFetch } from '../support/fake-fetch'

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector)
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)]
const until = (check: () => unknown, message?: string) => waitUntil(check, message, { timeout: 4000 })

const person = (i: number, name: string) => ({
  id: `p${i}`,
  username: `student-2301-${i}`,
  name,
  nickname: name,
  clientTypes: ['3'],
  admin: false,
  disabled: false,
  mustChangePassword: i === 1,
  menus: null,
  classes: [{ id: 'k1', name: '数控 2301' }],
  createdAt: 1,
})

const LOGO = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06,
  0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4, 0x89, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0xf8, 0xcf, 0xc0, 0xf0, 0x1f, 0x00, 0x05, 0x00,
  0x01, 0xff, 0x89, 0x99, 0x3d, 0x1d, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
])

let fake: FakeFetch
let uploadAnswered: () => void = () => {}
/** When set, the people list waits for it (a slow first load). */
let peopleHeld: Promise<void> | null = null

beforeEach(() => {
  fake = fakeFetch(async request => {
    const route = new URL(request.url, location.href).pathname.replace('/new-chat/', '')
    if (route === 'course/admin/users') await peopleHeld
    if (route === 'course/admin/users') return envelope(200, { items: [person(1, '王小明'), person(2, '李华'), person(3, '欧阳青青')], total: 3 })
    if (route === 'app/api/file/upload') {
      // The upload is slow (a phone network): the preview must not wait for it.
      await new Promise<void>(resolve => (uploadAnswered = resolve))
      return envelope(200, { id: 'f1', url: '/new-chat/app/api/file/f1', name: 'logo.png' })
    }
    if (route === 'course/admin/users/import') return envelope(400, { problems: [{ line: 3, reason: 'Username is missing' }] }, 'The roster has problems', 400)
    if (route === 'course/admin/site') return envelope(200, { siteTitle: 'Zhixue', siteLogo: '', textLogo: '', loginNotice: '', agreements: [] })
    return envelope(404, null, 'not found')
  })
})
afterEach(async () => {
  uploadAnswered()
  fake.restore()
  await setViewport({ width: 800, height: 600 })
})

describe('<zx-school-admin> people on a phone', () => {
  before(() => setLanguage('zh-CN'))

  it('shows each person as a card at 375 px: every action on screen, names on one line', async () => {
    await setViewport({ width: 375, height: 800 })
    const el = fixtureSync(html`<zx-school-admin></zx-school-admin>`)
    await until(() => $$(el, '[data-testid="people-row"]').length === 3, 'people listed')
    const viewport = document.documentElement.clientWidth
    for (const row of $$(el, '[data-testid="people-row"]')) {
      for (const button of row.querySelectorAll('button')) {
        const box = button.getBoundingClientRect()
        expect(box.width, `${button.textContent} has a size`).to.be.greaterThan(0)
        expect(box.right, `${button.textContent} is not cut off`).to.be.at.most(viewport)
        expect(box.left).to.be.at.least(0)
      }
      const name = [...row.querySelectorAll('td')].find(
        td => td.textContent?.includes('王小明') || td.textContent?.includes('李华') || td.textContent?.includes('欧阳青青'),
      )!
      const range = document.createRange()
      range.selectNodeContents(name.lastChild!)
      const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)))
      expect(lines.size, `${name.textContent} reads on one line`).to.equal(1)
      // Each value is labelled with its column, since the header row is gone on a phone.
      expect(row.querySelector('td[data-label]')).to.exist
    }
    const wrap = $(el, '.table-wrap')!
    expect(wrap.scrollWidth, 'nothing to scroll sideways').to.be.at.most(wrap.clientWidth + 1)
  })

  it('keeps the table with a header row at 1280 px', async () => {
    await setViewport({ width: 1280, height: 800 })
    const el = fixtureSync(html`<zx-school-admin></zx-school-admin>`)
    await until(() => $$(el, '[data-testid="people-row"]').length === 3, 'people listed')
    expect(getComputedStyle($(el, 'thead')!).display).to.equal('table-header-group')
    const wrap = $(el, '.table-wrap')!
    expect(wrap.scrollWidth).to.be.at.most(wrap.clientWidth + 1)
  })
})

describe('<zx-school-admin> words in the chosen language', () => {
  after(() => setLanguage('zh-CN'))

  it('names the bad roster line in en-US with no Chinese punctuation', async () => {
    setLanguage('en-US')
    await loadLocale('en-US')
    const el = fixtureSync(html`<zx-school-admin></zx-school-admin>`)
    await until(() => $(el, '[data-testid="roster-file"]'), 'roster import shown')
    const input = $(el, '[data-testid="roster-file"]') as HTMLInputElement
    const transfer = new DataTransfer()
    transfer.items.add(new File(['username,name\n,Li\n'], 'roster.csv', { type: 'text/csv' }))
    input.files = transfer.files
    input.dispatchEvent(new Event('change', { bubbles: true }))
    uploadAnswered()
    await until(() => $(el, '[data-testid="roster-problems"] li'), 'problems shown')
    const line = $(el, '[data-testid="roster-problems"] li')!.textContent!
    expect(line).to.equal('Line 3: Username is missing')
  })
})

describe('<zx-school-admin> roster import while the list loads', () => {
  afterEach(() => (peopleHeld = null))

  it('keeps an import started before the people list arrives, and its problems', async () => {
    let releasePeople = () => {}
    peopleHeld = new Promise<void>(resolve => (releasePeople = resolve))
    const el = fixtureSync(html`<zx-school-admin></zx-school-admin>`)
    await until(() => $(el, '[data-testid="roster-file"]') && $(el, 'zx-skeleton'), 'roster import shown while the list loads')
    const input = $(el, '[data-testid="roster-file"]') as HTMLInputElement
    const transfer = new DataTransfer()
    transfer.items.add(new File(['username,name\n,Li\n'], 'roster.csv', { type: 'text/csv' }))
    input.files = transfer.files
    input.dispatchEvent(new Event('change', { bubbles: true }))
    await until(() => fake.requests.some(r => r.url.includes('file/upload')), 'upload not sent')
    // The list arrives while the upload is under way: the import must not start over.
    releasePeople()
    await until(() => $$(el, '[data-testid="people-row"]').length === 3, 'people not listed')
    uploadAnswered()
    await until(() => $(el, '[data-testid="roster-problems"] li'), 'the import’s problems were lost')
    expect($(el, '[data-testid="roster-problems"] li')!.textContent).to.contain('3')
  })
})

describe('<zx-school-admin> tabs on a phone', () => {
  after(() => setLanguage('zh-CN'))

  it('keeps the six tabs on one row at 375 px in en-US, the last one reachable by scrolling the row', async () => {
    setLanguage('en-US')
    await loadLocale('en-US')
    await setViewport({ width: 375, height: 800 })
    const el = fixtureSync(html`<zx-school-admin></zx-school-admin>`)
    await until(() => $(el, '[data-testid="admin-tab-site"]'))
    const tabs = $$(el, '[role="tab"]')
    expect(tabs.map(tab => tab.textContent)).to.deep.equal([
      'People',
      'Classes and majors',
      'Models',
      'Content safety',
      'School sign-on',
      'LMS platforms',
      'Site',
    ])
    const rows = new Set(tabs.map(tab => Math.round(tab.getBoundingClientRect().top)))
    expect(rows.size, 'one row of tabs').to.equal(1)
    for (const tab of tabs) expect(tab.getBoundingClientRect().height, `${tab.textContent} on one line`).to.be.below(48)
    const list = $(el, '[role="tablist"]')!
    expect(list.getBoundingClientRect().right, 'the row stays inside the screen').to.be.at.most(document.documentElement.clientWidth)
    const site = $(el, '[data-testid="admin-tab-site"]')!
    site.scrollIntoView({ inline: 'end', block: 'nearest' })
    expect(site.getBoundingClientRect().right, 'Site can be scrolled into view').to.be.at.most(document.documentElement.clientWidth + 1)
    site.click()
    await until(() => site.getAttribute('aria-selected') === 'true', 'Site chosen')
  })
})

describe('<zx-school-admin> tabs from the keyboard', () => {
  before(() => setLanguage('zh-CN'))

  it('moves between tabs with the arrow keys, Home and End, only the chosen tab in the Tab order', async () => {
    const el = fixtureSync(html`<zx-school-admin></zx-school-admin>`)
    await until(() => $(el, '[data-testid="admin-tab-people"]'))
    const chosen = () => $$(el, '[role="tab"]').find(tab => tab.getAttribute('aria-selected') === 'true')?.dataset.testid
    expect($$(el, '[role="tab"]').map(tab => tab.tabIndex)).to.deep.equal([0, -1, -1, -1, -1, -1, -1])
    $(el, '[data-testid="admin-tab-people"]')!.focus()
    await sendKeys({ press: 'ArrowRight' })
    await until(() => chosen() === 'admin-tab-classes', 'ArrowRight chose the next tab')
    expect(el.shadowRoot!.activeElement).to.equal($(el, '[data-testid="admin-tab-classes"]'))
    await sendKeys({ press: 'ArrowLeft' })
    await sendKeys({ press: 'ArrowLeft' })
    await until(() => chosen() === 'admin-tab-site', 'ArrowLeft wraps round to the last tab')
    await sendKeys({ press: 'Home' })
    await until(() => chosen() === 'admin-tab-people', 'Home chose the first tab')
    await sendKeys({ press: 'End' })
    await until(() => chosen() === 'admin-tab-site', 'End chose the last tab')
    await until(() => $(el, '[data-testid="site-logo-file"]'), 'the site panel is shown')
  })
})

describe('<zx-school-admin> site logo', () => {
  before(() => setLanguage('zh-CN'))

  it('shows the chosen logo at once, before the upload ends and before saving', async () => {
    const el = fixtureSync(html`<zx-school-admin></zx-school-admin>`)
    await until(() => $(el, '[data-testid="admin-tab-site"]'))
    $(el, '[data-testid="admin-tab-site"]')!.click()
    await until(() => $(el, '[data-testid="site-logo-file"]'), 'site form shown')
    expect($(el, '[data-testid="site-logo-preview"]'), 'no logo yet').to.not.exist
    const input = $(el, '[data-testid="site-logo-file"]') as HTMLInputElement
    const transfer = new DataTransfer()
    transfer.items.add(new File([LOGO], 'logo.png', { type: 'image/png' }))
    input.files = transfer.files
    input.dispatchEvent(new Event('change', { bubbles: true }))
    await until(() => $(el, '[data-testid="site-logo-preview"]'), 'preview shown while uploading')
    const img = $(el, '[data-testid="site-logo-preview"]') as HTMLImageElement
    await until(() => img.complete && img.naturalWidth > 0, 'the chosen image is drawn')
    expect(fake.requests.some(r => r.method === 'PUT')).to.equal(false)
    uploadAnswered()
    await until(() => fake.requests.some(r => r.url.includes('file/upload')))
    // Still drawn once uploaded: the file is private until saved, so the preview keeps the local image.
    await new Promise(resolve => setTimeout(resolve, 50))
    const after = $(el, '[data-testid="site-logo-preview"]') as HTMLImageElement
    await until(() => after.complete && after.naturalWidth > 0, 'still drawn after the upload')
  })
})
