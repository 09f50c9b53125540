/// <reference types="mocha" />
// <zx-live-student> on a phone: joins by code, shows the pushed question
// with its countdown, answers in one tap (and only once), posts to the wall
// and shows the server's refusal, and comes back where the session is after
// the connection drops. At 375 px nothing scrolls sideways.
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing'
import { setViewport } from '@web/test-runner-commands'
import '../../../src/elements/live/define'
import { $liveMessages, loadLocale } from '../../../src/i18n'
import { setLanguage } from '../../../src/stores/settings'
import { envelope } from '../support/fake-fetch'
import { typeInto } from '../support/type-into'
import { fakeLiveServer, snapshot } from './fake-live-server'

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector)
const until = (check: () => unknown, message?: string) => waitUntil(check, message, { timeout: 4000 })

const question = (extra: Record<string, unknown> = {}) => ({
  questionId: 'q1',
  position: 1,
  questionType: 'single' as const,
  stem: 'Which word sets the spindle speed?',
  options: ['S', 'F', 'T', 'M'],
  seconds: 30,
  shownAt: Date.now(),
  closesAt: Date.now() + 30_000,
  now: Date.now(),
  ...extra,
})

describe('<zx-live-student>', () => {
  let server: ReturnType<typeof fakeLiveServer>
  afterEach(() => {
    server.restore()
    setLanguage('zh-CN')
  })

  it('joins by code, then answers the pushed question in one tap, once', async () => {
    server = fakeLiveServer((_request, path) => {
      if (path === 'course/live/join') return envelope(200, { id: 's1', courseId: 'c1', late: false, joinedAt: 1 })
      if (path === 'course/live/s1/answers') return envelope(200, { questionId: 'q1', value: 0, answeredAt: 2 })
      return undefined
    })
    await setViewport({ width: 375, height: 740 })
    const el = fixtureSync(html`<zx-live-student code="ab12cd"></zx-live-student>`)
    await until(() => $(el, '[data-testid="join"]'))
    $(el, '[data-testid="join"]')!.click()
    await until(() => server.streams.length === 1, 'the session stream opens after joining')
    expect(server.sent[0]).to.deep.equal({ method: 'POST', path: 'course/live/join', body: { code: 'ab12cd' } })

    server.latest().send(snapshot({ me: { id: 'st1', name: 'Li', late: false } }))
    await until(() => $(el, '.waiting'))
    await until(() => $(el, '[data-testid="class-title"]')?.textContent === 'CNC lathe programming · Spindle words', 'which class the phone joined')
    server.latest().send({ type: 'question', ...question() })
    await until(() => $(el, '[data-testid="choice-0"]'))
    expect($(el, '[data-testid="question-stem-text"]')!.textContent).to.equal('Which word sets the spindle speed?')
    expect($(el, '[data-testid="countdown"]')!.textContent).to.match(/30|29/)

    $(el, '[data-testid="choice-0"]')!.click()
    await until(() => $(el, '[data-testid="choice-0"]')!.getAttribute('aria-pressed') === 'true')
    expect(server.sent.filter(s => s.path === 'course/live/s1/answers')).to.deep.equal([
      { method: 'POST', path: 'course/live/s1/answers', body: { questionId: 'q1', value: 0 } },
    ])
    expect(($(el, '[data-testid="choice-1"]') as HTMLButtonElement).disabled, 'no second answer').to.equal(true)

    server.latest().send({ type: 'reveal', questionId: 'q1', counts: { '0': 1 }, answered: 1, correct: 1, answer: 0, explanation: '' })
    await until(() => $(el, '[data-testid="verdict"]'))
    expect($(el, '[data-testid="verdict"]')!.textContent).to.equal($liveMessages.get().youRight)
    expect($(el, '[data-testid="countdown"]')!.textContent, 'the reveal closes answers: no seconds left counting on').to.equal($liveMessages.get().closed)
    expect(document.documentElement.scrollWidth, 'no sideways scroll at 375 px').to.be.at.most(375)
  })

  it('closes answers when the countdown reaches zero', async () => {
    server = fakeLiveServer()
    const el = fixtureSync(html`<zx-live-student session-id="s1"></zx-live-student>`)
    await until(() => server.streams.length === 1)
    server.latest().send(snapshot({ question: question({ closesAt: Date.now() + 1200, mine: null }) }))
    await until(() => $(el, '[data-testid="choice-0"]'))
    expect(($(el, '[data-testid="choice-0"]') as HTMLButtonElement).disabled).to.equal(false)
    await until(() => ($(el, '[data-testid="choice-0"]') as HTMLButtonElement).disabled, 'locked at zero')
    expect($(el, '[data-testid="countdown"]')!.textContent).to.equal($liveMessages.get().closed)
  })

  it('resumes where the session is after the connection drops', async () => {
    server = fakeLiveServer()
    const el = fixtureSync(html`<zx-live-student session-id="s1"></zx-live-student>`)
    await until(() => server.streams.length === 1)
    server.latest().send(snapshot())
    await until(() => $(el, '.waiting'))
    server.latest().drop()
    await until(() => $(el, '[data-testid="reconnecting"]'), 'says it is reconnecting')
    await until(() => server.streams.length === 2, 'opens the stream again')
    // Meanwhile the teacher pushed a question and this phone had answered it (a retry that got through).
    server.latest().send(snapshot({ question: question({ mine: 2 }) }))
    await until(() => $(el, '[data-testid="choice-2"]')?.getAttribute('aria-pressed') === 'true')
    expect($(el, '[data-testid="reconnecting"]')).to.equal(null)
    expect(($(el, '[data-testid="choice-0"]') as HTMLButtonElement).disabled).to.equal(true)
  })

  for (const language of ['zh-CN', 'en-US'] as const) {
    it(`posts to the wall and shows a refused word in the reader's language (${language})`, async () => {
      setLanguage(language)
      await loadLocale(language)
      server = fakeLiveServer((_request, path) =>
        path === 'course/live/s1/wall'
          ? envelope(400, { reason: 'blocked', category: 'abuse' }, language === 'zh-CN' ? '内容不合适' : 'Not allowed')
          : undefined,
      )
      const el = fixtureSync(html`<zx-live-student session-id="s1"></zx-live-student>`)
      await until(() => server.streams.length === 1)
      server.latest().send(snapshot({ wall: [{ id: 'w1', name: 'Wang', text: 'hello', at: 1 }] }))
      await until(() => $(el, '[data-testid="wall-message"]'))
      expect($(el, 'h1')!.textContent).to.equal($liveMessages.get().studentTitle)
      await typeInto($(el, '[data-testid="wall-input"]') as HTMLInputElement, 'bad words')
      $(el, '[data-testid="wall-send"]')!.click()
      await until(() => $(el, '[data-testid="live-error"]'))
      expect(server.sent.find(s => s.path === 'course/live/s1/wall')!.body).to.deep.equal({ text: 'bad words' })
      expect($(el, '[data-testid="live-error"]')!.textContent).to.equal(language === 'zh-CN' ? '内容不合适' : 'Not allowed')
      server.latest().send({ type: 'wall-state', paused: true, anonymous: false })
      await until(() => !$(el, '[data-testid="wall-input"]'))
      expect(el.shadowRoot!.textContent).to.contain($liveMessages.get().wallPaused)
    })
  }
})
