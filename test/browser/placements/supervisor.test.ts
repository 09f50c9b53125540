/// <reference types="mocha" />
// The supervisor's list: each student with last log, unsigned weeks and open
// alerts; a signing link per unsigned week shown as a URL and a QR code; an
// alert marked handled with a comment; a manager sees all and makes no links.
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing'
import '../../../src/elements/placements/define'
import { setLanguage } from '../../../src/stores/settings'
import { setUser } from '../../../src/stores/user-scope'
import { typeInto } from '../support/type-into'
import { placementOf, startPlacementServer, type PlacementServer } from './placement-server'

const until = (check: () => unknown, message?: string) => waitUntil(check, message, { timeout: 6000 })
const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector)
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)]

before(() => setLanguage('zh-CN'))

/** The new placement's company, post, dates and mentor. */
async function fillCompany(el: Element) {
  const fill: Array<[string, string]> = [
    ['company', '宏达机械'],
    ['post', '装配工'],
    ['startDate', '2026-09-01'],
    ['endDate', '2026-12-31'],
    ['mentorName', '张师傅'],
    ['mentorPhone', '13800000000'],
  ]
  for (const [name, value] of fill) await typeInto($(el, `[data-testid="create-${name}"]`) as HTMLInputElement, value)
}

const silent = placementOf({
  alerts: [{ id: 'a1', kind: 'silence', about: '3 天没有日志', detail: '', createTime: 1, handled: false, handledBy: null, comment: '' }],
})

describe('<zx-placement-supervisor>', () => {
  let server: PlacementServer | undefined
  beforeEach(() => setUser('teacher-1'))
  afterEach(() => {
    server?.restore()
    setUser('')
  })

  it('a teacher asks for their own students, opens a week’s signing link with its QR code and handles an alert', async () => {
    server = startPlacementServer(silent)
    const el = fixtureSync(html`<zx-placement-supervisor client-type="1"></zx-placement-supervisor>`)
    await until(() => $(el, '[data-testid="supervised"]'), 'the student is not listed')
    expect(server.requests[0]!.url).to.contain('mine=1')
    expect($(el, '[data-testid="last-log"]')!.textContent).to.contain('从未')
    expect($$(el, '[data-testid="unsigned-week"]').map(w => w.dataset.week)).to.deep.equal(['2'])
    expect($(el, '[data-testid="signed-weeks"]')!.textContent).to.contain('第 1 周')
    $(el, '[data-testid="sign-link"]')!.click()
    await until(() => $(el, '[data-testid="sign-url"]'), 'the link is not shown')
    expect($(el, '[data-testid="sign-url"]')!.textContent).to.equal('http://school.test/placement/sign?token=tok-week-2')
    expect($(el, '[data-testid="sign-qr"] svg'), 'no QR code').to.exist
    expect($(el, '[data-testid="sign-qr"]')!.dataset.codeUrl).to.equal('http://school.test/placement/sign?token=tok-week-2')

    expect($(el, '[data-testid="placement-alert"]')!.dataset.kind).to.equal('silence')
    await typeInto($(el, '[data-testid="alert-comment"]') as HTMLInputElement, '已电话联系')
    $(el, '[data-testid="alert-handle"]')!.click()
    await until(() => server!.handled.length === 1, 'the alert was not handled')
    expect(server.handled[0]).to.deep.equal({ id: 'a1', comment: '已电话联系' })
    await until(() => !$(el, '[data-testid="placement-alert"]'), 'the handled alert is still shown')
  })

  it('a manager sees all placements and makes no signing links; a new placement is sent whole', async () => {
    server = startPlacementServer()
    const el = fixtureSync(html`<zx-placement-supervisor client-type="2"></zx-placement-supervisor>`)
    await until(() => $(el, '[data-testid="supervised"]'))
    expect(server.requests[0]!.url).not.to.contain('mine=1')
    expect($(el, 'h1')!.textContent).to.equal('全校实习')
    expect($(el, '[data-testid="sign-link"]')).to.equal(null)
    await typeInto($(el, '[data-testid="create-student-search"]') as HTMLInputElement, '李华')
    await until(() => $$(el, '[data-testid="create-student-option"]').length === 1, 'the student is not offered')
    $(el, '[data-testid="create-student-option"]')!.click()
    await until(() => $(el, '[data-testid="create-student-chosen"]'))
    expect($(el, '[data-testid="create-student-chosen"]')!.textContent).to.contain('已选：李华（lihua）')
    await until(() => $$(el, '[data-testid="create-supervisor-option"]').length === 2, 'the teachers are not listed')
    $$(el, '[data-testid="create-supervisor-option"]')
      .find(o => o.dataset.username === 'zhao')!
      .click()
    await fillCompany(el)
    $(el, '[data-testid="create-submit"]')!.click()
    await until(() => server!.created.length === 1, 'the placement was not sent')
    expect(server.created[0]).to.deep.equal({
      studentId: 's8',
      company: { name: '宏达机械' },
      post: '装配工',
      startDate: '2026-09-01',
      endDate: '2026-12-31',
      supervisorId: 't2',
      mentor: { name: '张师傅', phone: '13800000000' },
    })
  })

  it('a teacher picks the student by name and is the supervisor of what they create', async () => {
    server = startPlacementServer()
    const el = fixtureSync(html`<zx-placement-supervisor client-type="1"></zx-placement-supervisor>`)
    await until(() => $(el, '[data-testid="placement-create"]'))
    expect($(el, '[data-testid="create-supervisor-search"]'), 'a teacher is offered other supervisors').to.equal(null)
    await typeInto($(el, '[data-testid="create-student-search"]') as HTMLInputElement, '王')
    await until(() => $(el, '[data-testid="placement-create"] [role="status"]')?.textContent === '没有匹配的人', 'no word that nobody matches')
    const search = $(el, '[data-testid="create-student-search"]') as HTMLInputElement
    search.select()
    await typeInto(search, 'liming')
    await until(() => $$(el, '[data-testid="create-student-option"]').length === 1)
    $(el, '[data-testid="create-student-option"]')!.click()
    await until(() => $(el, '[data-testid="create-student-chosen"]'))
    $(el, '[data-testid="create-student-change"]')!.click()
    await until(() => $(el, '[data-testid="create-student-search"]'), 'the student cannot be chosen again')
    await typeInto($(el, '[data-testid="create-student-search"]') as HTMLInputElement, 'liming')
    await until(() => $$(el, '[data-testid="create-student-option"]').length === 1)
    $(el, '[data-testid="create-student-option"]')!.click()
    await fillCompany(el)
    $(el, '[data-testid="create-submit"]')!.click()
    await until(() => server!.created.length === 1, 'the placement was not sent')
    expect(server.created[0]).to.include({ studentId: 's9', supervisorId: 'teacher-1' })
  })

  it('the export downloads the bureau’s workbook under the name the server gave it', async () => {
    server = startPlacementServer()
    const el = fixtureSync(html`<zx-placement-supervisor client-type="2"></zx-placement-supervisor>`)
    await until(() => $(el, '[data-testid="supervised"]'))
    const names: string[] = []
    const click = HTMLAnchorElement.prototype.click
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      names.push(this.download)
    }
    try {
      $(el, '[data-testid="placement-export"]')!.click()
      await until(() => names.length === 1, 'nothing was downloaded')
    } finally {
      HTMLAnchorElement.prototype.click = click
    }
    expect(names).to.deep.equal(['岗位实习.xlsx'])
    expect(server.requests.some(r => r.url.includes('course/placements/export'))).to.equal(true)
  })
})
