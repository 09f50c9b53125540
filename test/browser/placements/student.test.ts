/// <reference types="mocha" />
// The student's placement page at 375 px: a log with a photo sent through
// the chunked uploader, the draft kept on the phone under the person's own
// key until sent (and gone at sign-out), the logs sent and weeks signed.
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing'
import { setViewport } from '@web/test-runner-commands'
import '../../../src/elements/placements/define'
import { signOutHere } from '../../../src/stores/auth'
import { saveToken } from '../../../src/stores/token'
import { setLanguage } from '../../../src/stores/settings'
import { setUser } from '../../../src/stores/user-scope'
import { envelope, fakeFetch, type FakeFetch } from '../support/fake-fetch'
import { typeInto } from '../support/type-into'
import { pickFiles, type PlacementServer, startPlacementServer } from './placement-server'

const until = (check: () => unknown, message?: string) => waitUntil(check, message, { timeout: 6000 })
const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector)
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)]

before(() => setLanguage('zh-CN'))

describe('<zx-placement-student>', () => {
  let server: (FakeFetch & Partial<PlacementServer>) | undefined
  beforeEach(async () => {
    localStorage.clear()
    setUser('student-1')
    await setViewport({ width: 375, height: 800 })
  })
  afterEach(() => {
    server?.restore()
    setUser('')
  })

  it('a student writes a log with a photo at 375 px; it is sent with the photo and listed, and the draft is gone', async () => {
    const placements = startPlacementServer()
    server = placements
    const el = fixtureSync(html`<zx-placement-student></zx-placement-student>`)
    await until(() => $(el, '[data-testid="log-form"]'), 'no log form for an active placement')
    expect($(el, 'h1')!.textContent).to.equal('岗位实习')
    expect($$(el, '[data-testid="signed-week"]').map(w => w.dataset.week)).to.deep.equal(['1'])
    await typeInto($(el, '[data-testid="log-text"]') as HTMLTextAreaElement, '今天学习了数控车床的对刀')
    await typeInto($(el, '[data-testid="log-hours"]') as HTMLInputElement, '7.5')
    pickFiles($(el, '[data-testid="log-photos"]') as HTMLInputElement, [new File(['照片'], 'lathe.jpg', { type: 'image/jpeg' })])
    await until(() => placements.uploaded.length === 1, 'the photo did not go through the chunked uploader')
    await until(() => !($(el, '[data-testid="log-send"]') as HTMLButtonElement).disabled, 'send stays disabled after the upload')
    expect(JSON.parse(localStorage.getItem('placementDrafts:student-1')!).data.p1.text).to.equal('今天学习了数控车床的对刀')
    $(el, '[data-testid="log-send"]')!.click()
    await until(() => placements.logs.length === 1, 'the log was not sent')
    expect(placements.logs[0]).to.include({ text: '今天学习了数控车床的对刀', hours: 7.5, night: false })
    expect(placements.logs[0]!.fileIds).to.deep.equal(['f1'])
    await until(() => $$(el, '[data-testid="sent-log"]').length === 1, 'the sent log is not listed')
    expect(($(el, '[data-testid="log-text"]') as HTMLTextAreaElement).value).to.equal('')
    expect(JSON.parse(localStorage.getItem('placementDrafts:student-1')!).data).to.deep.equal({})
    expect(document.documentElement.scrollWidth).to.be.at.most(375, 'the page scrolls sideways at 375 px')
  })

  it('the draft survives a reload, and is deleted at sign-out', async () => {
    server = startPlacementServer()
    const el = fixtureSync(html`<zx-placement-student></zx-placement-student>`)
    await until(() => $(el, '[data-testid="log-form"]'))
    saveToken('token-student-1')
    await typeInto($(el, '[data-testid="log-text"]') as HTMLTextAreaElement, '半成品的笔记')
    el.remove()
    const again = fixtureSync(html`<zx-placement-student></zx-placement-student>`)
    await until(() => $(again, '[data-testid="log-form"]'))
    expect(($(again, '[data-testid="log-text"]') as HTMLTextAreaElement).value).to.equal('半成品的笔记')
    signOutHere()
    await until(() => ($(again, '[data-testid="log-text"]') as HTMLTextAreaElement).value === '', 'the draft stays on screen after sign-out')
    expect(localStorage.getItem('placementDrafts:student-1')).to.equal(null, 'the draft key was kept after sign-out')
  })

  it('a refused log says why and keeps the draft', async () => {
    const placements = startPlacementServer()
    server = placements
    placements.refuseLog = '这一天已经写过日志'
    const el = fixtureSync(html`<zx-placement-student></zx-placement-student>`)
    await until(() => $(el, '[data-testid="log-form"]'))
    $(el, '[data-testid="log-send"]')!.click()
    await until(() => $(el, '[data-testid="log-error"]'))
    expect($(el, '[data-testid="log-error"]')!.textContent).to.equal('请写下今天的内容')
    await typeInto($(el, '[data-testid="log-text"]') as HTMLTextAreaElement, '装配')
    await typeInto($(el, '[data-testid="log-hours"]') as HTMLInputElement, '8')
    $(el, '[data-testid="log-send"]')!.click()
    await until(() => $(el, '[data-testid="log-error"]')?.textContent === '这一天已经写过日志', 'the refusal is not shown')
    expect(($(el, '[data-testid="log-text"]') as HTMLTextAreaElement).value).to.equal('装配')
  })

  it('the AI turns the notes into a log the student edits before sending, and the notes can be brought back', async () => {
    const placements = startPlacementServer()
    server = placements
    placements.draftReply = { text: '今天做了什么\n- 车轴套 20 件', engine: 'model' }
    const el = fixtureSync(html`<zx-placement-student></zx-placement-student>`)
    await until(() => $(el, '[data-testid="log-form"]'))
    $(el, '[data-testid="log-ai-notes"]')!.click()
    await until(() => $(el, '[data-testid="log-ai-note"]'))
    expect($(el, '[data-testid="log-ai-note"]')!.textContent).to.equal('先在上面写几句笔记，再让 AI 整理')
    expect(placements.drafts).to.deep.equal([], 'empty notes were sent to the AI')
    const box = () => $(el, '[data-testid="log-text"]') as HTMLTextAreaElement
    await typeInto(box(), '车轴套20件')
    $(el, '[data-testid="log-ai-notes"]')!.click()
    await until(() => box().value === '今天做了什么\n- 车轴套 20 件', 'the draft is not in the box')
    expect(placements.drafts).to.deep.equal([{ kind: 'log', notes: '车轴套20件' }])
    expect($(el, '[data-testid="log-ai-note"]')!.textContent).to.equal('AI 草稿已填入，请核对、修改后再发送')
    expect(JSON.parse(localStorage.getItem('placementDrafts:student-1')!).data.p1.text).to.equal(
      '今天做了什么\n- 车轴套 20 件',
      'the AI draft is not kept on the phone',
    )
    await typeInto(box(), '今天做了什么\n- 车轴套 20 件，全部合格')
    await typeInto($(el, '[data-testid="log-hours"]') as HTMLInputElement, '8')
    $(el, '[data-testid="log-send"]')!.click()
    await until(() => placements.logs.length === 1, 'the edited log was not sent')
    expect(placements.logs[0]!.text).to.equal('今天做了什么\n- 车轴套 20 件，全部合格')
  })

  it('the weekly summary is drafted for the week of the log’s date, and the text it replaced comes back on request', async () => {
    const placements = startPlacementServer()
    server = placements
    placements.draftReply = { text: '第 2 周（2026-09-08 至 2026-09-14）：1 篇日志', engine: 'builtin' }
    const el = fixtureSync(html`<zx-placement-student></zx-placement-student>`)
    await until(() => $(el, '[data-testid="log-form"]'))
    const date = $(el, '[data-testid="log-date"]') as HTMLInputElement
    date.value = '2026-09-10'
    date.dispatchEvent(new Event('input', { bubbles: true }))
    await typeInto($(el, '[data-testid="log-text"]') as HTMLTextAreaElement, '我的原话')
    $(el, '[data-testid="log-ai-week"]')!.click()
    await until(() => placements.drafts.length === 1)
    expect(placements.drafts[0]).to.deep.equal({ kind: 'week', week: 2 })
    await until(() => $(el, '[data-testid="log-ai-note"]'))
    expect($(el, '[data-testid="log-ai-note"]')!.textContent).to.equal('学校还没有接入语言模型：草稿只是把你的原话按格式排好，请自己补充修改')
    $(el, '[data-testid="log-ai-undo"]')!.click()
    await until(() => ($(el, '[data-testid="log-text"]') as HTMLTextAreaElement).value === '我的原话', 'the text before the draft did not come back')
  })

  it('a refusal by the safety module is said calmly in place, not as an error, and the notes stay', async () => {
    const placements = startPlacementServer()
    server = placements
    placements.draftReply = { refusal: '这个内容不适合讨论，换个话题吧', data: { reason: 'blocked', category: 'violence' } }
    const el = fixtureSync(html`<zx-placement-student></zx-placement-student>`)
    await until(() => $(el, '[data-testid="log-form"]'))
    await typeInto($(el, '[data-testid="log-text"]') as HTMLTextAreaElement, '一些笔记')
    $(el, '[data-testid="log-ai-notes"]')!.click()
    await until(() => $(el, '[data-testid="log-ai-note"]'))
    const note = $(el, '[data-testid="log-ai-note"]')!
    expect(note.textContent).to.equal('这个内容不适合讨论，换个话题吧')
    expect(note.getAttribute('role')).to.equal('status')
    expect(note.className).to.not.contain('error')
    expect(($(el, '[data-testid="log-text"]') as HTMLTextAreaElement).value).to.equal('一些笔记')
  })

  it('a student with no placement is told so', async () => {
    server = fakeFetch(() => envelope(200, []))
    const el = fixtureSync(html`<zx-placement-student></zx-placement-student>`)
    await until(() => $(el, 'zx-empty-state'))
    expect($(el, 'zx-empty-state')!.getAttribute('message')).to.equal('还没有实习安排')
  })
})
