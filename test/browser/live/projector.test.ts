/// <reference types="mocha" />
// <zx-live-projector> at 1920×1080: the join code in large type with the
// QR code of the join page, fetched again when it expires; the present count
// with names on demand; random call and its mark; a question written on the
// spot pushed in the shape the server takes, its chart filling from the
// tally events and the right bar marked on reveal; the wall's controls; the
// end of the session after a confirmation.
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing'
import { setViewport } from '@web/test-runner-commands'
import '../../../src/elements/live/define'
import { $liveMessages } from '../../../src/i18n'
import { envelope } from '../support/fake-fetch'
import { typeInto } from '../support/type-into'
import { fakeLiveServer, snapshot } from './fake-live-server'

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector)
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)]
const until = (check: () => unknown, message?: string) => waitUntil(check, message, { timeout: 4000 })

describe('<zx-live-projector>', () => {
  let server: ReturnType<typeof fakeLiveServer>
  let codes: string[]
  beforeEach(async () => {
    await setViewport({ width: 1920, height: 1080 })
    codes = ['K7M2QX', 'P3R8TW']
    server = fakeLiveServer((_request, path) => {
      if (path === 'course/live/s1/code') return envelope(200, { code: codes.shift() ?? 'LAST00', expiresAt: Date.now() + 600 })
      if (path === 'course/live/s1/call') return envelope(200, { callId: 'k1', student: { id: 'st2', name: 'Zhao' } })
      if (path === 'course/live/s1/questions') return envelope(200, { questionId: 'q1', closesAt: Date.now() + 30_000 })
      return undefined
    })
  })
  afterEach(() => server.restore())

  const open = async () => {
    const el = fixtureSync(html`<zx-live-projector session-id="s1"></zx-live-projector>`)
    await until(() => server.streams.length === 1)
    server.latest().send(
      snapshot({
        present: 2,
        students: [
          { id: 'st1', name: 'Li', joinedAt: 1, late: false },
          { id: 'st2', name: 'Zhao', joinedAt: 2, late: true },
        ],
      }),
    )
    await until(() => $(el, '[data-testid="present-count"]')?.textContent === '2')
    return el
  }

  it('without a session says where to start one, under the page title', async () => {
    const el = fixtureSync(html`<zx-live-projector></zx-live-projector>`)
    await until(() => $(el, 'h1'))
    expect($$(el, 'h1').map(h => h.textContent)).to.deep.equal([$liveMessages.get().projectorTitle])
    expect(el.shadowRoot!.textContent).to.contain($liveMessages.get().noSession)
    expect(server.streams).to.have.length(0)
  })

  it('shows the join code and its QR code, and a new code when it expires', async () => {
    const el = await open()
    await until(() => $(el, '[data-testid="join-code"]')?.textContent === 'K7M2QX')
    const qr = $(el, '[data-testid="join-qr"]')!
    expect(qr.dataset.codeUrl).to.equal(`${location.origin}/course/liveJoin?code=K7M2QX`)
    expect(qr.querySelector('svg'), 'drawn as SVG').to.not.equal(null)
    expect(parseFloat(getComputedStyle($(el, '[data-testid="join-code"]')!).fontSize), 'readable from the back').to.be.at.least(72)
    await until(() => $(el, '[data-testid="join-code"]')?.textContent === 'P3R8TW', 'the next code replaces it')
    expect($$(el, 'h1')).to.have.length(1)
    expect(document.documentElement.scrollWidth).to.be.at.most(1920)
  })

  it('counts who joined and shows the names on demand', async () => {
    const el = await open()
    expect($(el, '[data-testid="class-title"]')!.textContent, 'what the class is of, under the heading').to.equal('CNC lathe programming · Spindle words')
    expect($(el, '[data-testid="names"]')).to.equal(null)
    server.latest().send({ type: 'join', student: { id: 'st3', name: 'Chen' }, late: false, present: 3 })
    await until(() => $(el, '[data-testid="present-count"]')!.textContent === '3')
    $(el, '[data-testid="toggle-names"]')!.click()
    await until(() => $(el, '[data-testid="names"]'))
    const names = $$(el, '[data-testid="names"] li').map(li => li.textContent)
    expect(names).to.have.length(3)
    expect(names[1]).to.contain('Zhao').and.contain($liveMessages.get().late)
  })

  it('calls a random student and marks the answer', async () => {
    const el = await open()
    $(el, '[data-testid="random-call"]')!.click()
    await until(() => server.sent.some(s => s.path === 'course/live/s1/call'))
    server.latest().send({ type: 'call', callId: 'k1', student: { id: 'st2', name: 'Zhao' }, mark: null })
    await until(() => $(el, '[data-testid="call-name"]')?.textContent === 'Zhao')
    $(el, '[data-testid="mark-partly"]')!.click()
    await until(() => server.sent.some(s => s.path === 'course/live/s1/calls/k1/mark'))
    expect(server.sent.find(s => s.path === 'course/live/s1/calls/k1/mark')!.body).to.deep.equal({ mark: 'partly' })
    server.latest().send({ type: 'call', callId: 'k1', student: { id: 'st2', name: 'Zhao' }, mark: 'partly' })
    await until(() => $(el, '[data-testid="mark-partly"]')!.getAttribute('aria-pressed') === 'true')
  })

  it('pushes a written question, fills the chart live and marks the right bar on reveal', async () => {
    const el = await open()
    $(el, '[data-testid="new-question"]')!.click()
    await until(() => $(el, '[data-testid="question-stem"]'))
    expect(($(el, '[data-testid="push-question"]') as HTMLButtonElement).disabled, 'nothing to push yet').to.equal(true)
    await typeInto($(el, '[data-testid="question-stem"]')!, 'Which word sets the spindle speed?')
    for (const [i, text] of ['S', 'F', 'T', 'M'].entries()) await typeInto($(el, `[data-testid="option-${i}"]`)!, text)
    await typeInto($(el, '[data-testid="question-seconds"]')!, '45')
    $(el, '[data-testid="push-question"]')!.click()
    await until(() => server.sent.some(s => s.path === 'course/live/s1/questions'))
    expect(server.sent.find(s => s.path === 'course/live/s1/questions')!.body).to.deep.equal({
      question: { type: 'single', stem: 'Which word sets the spindle speed?', options: ['S', 'F', 'T', 'M'], answer: 0, points: 1 },
      seconds: 45,
    })

    const now = Date.now()
    const q = { questionId: 'q1', position: 1, questionType: 'single' as const, stem: 'Which word sets the spindle speed?', options: ['S', 'F', 'T', 'M'] }
    server.latest().send({ type: 'question', ...q, seconds: 45, shownAt: now, closesAt: now + 45_000, now })
    await until(() => $(el, '[data-testid="answer-chart"]'))
    server.latest().send({ type: 'tally', questionId: 'q1', counts: { '0': 1 }, answered: 1 })
    server.latest().send({ type: 'tally', questionId: 'q1', counts: { '0': 1, '2': 1 }, answered: 2 })
    await until(() => $(el, '[data-testid="count-2"]')?.textContent === '1')
    // A total that crossed the later one on its way keeps nothing from going back.
    server.latest().send({ type: 'tally', questionId: 'q1', counts: { '0': 1 }, answered: 1 })
    await new Promise(resolve => setTimeout(resolve, 50))
    expect($(el, '[data-testid="count-2"]')!.textContent).to.equal('1')
    expect($(el, '[data-testid="count-0"]')!.textContent).to.equal('1')
    expect($(el, '[data-testid="answered"]')!.textContent).to.contain('2 / 2')

    $(el, '[data-testid="reveal"]')!.click()
    await until(() => server.sent.some(s => s.path === 'course/live/s1/questions/q1/reveal'))
    server.latest().send({ type: 'reveal', questionId: 'q1', counts: { '0': 1, '2': 1 }, answered: 2, correct: 1, answer: 0, explanation: '' })
    await until(() => $(el, '[data-testid="bar-0"]')!.classList.contains('right'))
    expect($(el, '[data-testid="bar-2"]')!.classList.contains('right')).to.equal(false)
    expect($(el, '[data-testid="answer-key"]')!.textContent).to.contain('A')
    expect($(el, '[data-testid="countdown"]')!.textContent, 'the reveal closes answers').to.equal($liveMessages.get().closed)
    const px = (selector: string) => parseFloat(getComputedStyle($(el, selector)!).fontSize)
    expect(px('[data-testid="question-stem-text"]'), 'the question reads from the back of the room').to.be.at.least(36)
    expect(px('.options li'), 'and its options').to.be.at.least(28)
  })

  it('pauses the wall, hides a message and ends the session after asking', async () => {
    const el = await open()
    server.latest().send({ type: 'wall', message: { id: 'w1', name: 'Li', text: 'G96 or G97?', at: 1 } })
    await until(() => $$(el, '[data-testid="wall-message"]').length === 1)
    expect(parseFloat(getComputedStyle($(el, '.wall-text')!).fontSize), 'the wall reads from the back of the room').to.be.at.least(24)
    $(el, '[data-testid="wall-hide"]')!.click()
    await until(() => server.sent.some(s => s.path === 'course/live/s1/wall/w1'))
    expect(server.sent.find(s => s.path === 'course/live/s1/wall/w1')).to.deep.include({ method: 'PUT', body: { hidden: true } })
    server.latest().send({ type: 'wall-update', message: { id: 'w1', hidden: true, name: null, text: '', at: 1 } })
    await until(() => $$(el, '[data-testid="wall-message"]').length === 0)

    $(el, '[data-testid="wall-pause"]')!.click()
    await until(() => server.sent.some(s => s.path === 'course/live/s1/wall' && s.method === 'PUT'))
    expect(server.sent.find(s => s.path === 'course/live/s1/wall')!.body).to.deep.equal({ paused: true })

    $(el, '[data-testid="end-session"]')!.click()
    expect(
      server.sent.some(s => s.path === 'course/live/s1/end'),
      'asks first',
    ).to.equal(false)
    await until(() => $(el, '[data-testid="confirm"]'))
    $(el, '[data-testid="confirm"]')!.click()
    await until(() => server.sent.some(s => s.path === 'course/live/s1/end'))
    server.latest().send({ type: 'end', endedAt: Date.now() })
    await until(() => $(el, '[data-testid="ended"]'))
    expect($(el, '[data-testid="random-call"]'), 'nothing more to do').to.equal(null)
    expect($(el, '[data-testid="report-link"]')!.getAttribute('href'), 'the report is on the course board').to.match(/\/course\/detail\?courseId=c1&tab=board$/)
  })
})
