/// <reference types="mocha" />
// A student takes an evaluation: answers saved a moment after they change
// and back after a reload; a failed save kept in this browser and sent when
// the paper opens again; a refused save told apart (invalid answer, time up,
// handed in elsewhere, no connection); submitting after a confirmation; a
// paper the server handed in reopened as handed in; the released result with
// criteria, evidence and a way to ask the course AI.
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing'
import '../../../src/elements/evaluation/define'
import { $paper, $unsavedAnswers } from '../../../src/stores/evaluation-paper'
import { setUser } from '../../../src/stores/user-scope'
import { loadLocale } from '../../../src/i18n'
import { setLanguage } from '../../../src/stores/settings'
import { envelope, fakeFetch, type FakeFetch } from '../support/fake-fetch'
import { typeInto } from '../support/type-into'

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector)
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)]

const QUESTIONS = [
  { id: 'q1', type: 'single', stem: '数控车床的主轴功能字是？', options: ['S', 'F', 'T'], points: 2 },
  { id: 'q2', type: 'short', stem: '简述对刀的步骤。', points: 10 },
]

interface Server extends FakeFetch {
  saved: Record<string, unknown>
  failSaves: boolean
  submitted: boolean
  /** The attempt in progress; another tab may have handed this one in and opened the next. */
  attemptId: string
  /** The attempt each save and hand-in named. */
  named: unknown[]
  /** A question whose answer the server refuses as invalid (400 invalid_answer). */
  refuseQuestion?: string
  /** The server handed the attempt in as its time ran out: saves get 409 time_up, the paper opens handed in. */
  timeUp: boolean
  /** The network is gone: every request fails before reaching the server. */
  offline: boolean
}

const NEWER_ATTEMPT = '这次作答已经提交，新的一次作答已经开始，请刷新页面'
const HANDED_IN_AT = Date.UTC(2026, 5, 1, 8, 31)

function startPaperServer(options: { released?: boolean; questions?: typeof QUESTIONS } = {}): Server {
  const server = {
    saved: {} as Record<string, unknown>,
    failSaves: false,
    submitted: false,
    attemptId: 's1',
    named: [] as unknown[],
    timeUp: false,
    offline: false,
  } as Server
  const fake = fakeFetch(request => {
    const url = new URL(request.url, location.href)
    const route = `${request.method} ${url.pathname.replace('/new-chat/', '')}`
    const body = request.body ? JSON.parse(String(request.body)) : {}
    if (server.offline) throw new TypeError('Failed to fetch')
    if (route === 'GET course/evaluations/e1/paper' && server.timeUp) {
      return envelope(200, {
        state: 'handed_in',
        evaluationId: 'e1',
        submissionId: 's1',
        title: '第一单元测验',
        kind: 'quiz',
        attempt: 1,
        maxAttempts: 1,
        status: 'graded',
        submittedAt: HANDED_IN_AT,
        autoSubmitted: true,
        released: false,
        score: null,
      })
    }
    if (route === 'GET course/evaluations/e1/paper') {
      return envelope(200, {
        state: 'open',
        evaluationId: 'e1',
        submissionId: server.attemptId,
        title: '第一单元测验',
        description: '',
        kind: 'quiz',
        attempt: 1,
        maxAttempts: 1,
        deadlineAt: Date.now() + 1800_000,
        serverNow: Date.now(),
        questions: options.questions ?? QUESTIONS,
        answers: server.saved,
      })
    }
    if (route === 'PUT course/evaluations/e1/answers' || route === 'POST course/evaluations/e1/submissions') {
      server.named.push(body.submissionId)
      if (body.submissionId !== server.attemptId) return envelope(409, { reason: 'newer_attempt', submissionId: body.submissionId }, NEWER_ATTEMPT)
      if (server.timeUp) return envelope(409, { reason: 'time_up', submissionId: 's1' }, '作答时间已到，已按自动保存的答案交卷')
      const refused = body.answers.find((a: { questionId: string }) => a.questionId === server.refuseQuestion)
      if (refused) return envelope(400, { reason: 'invalid_answer', questionId: refused.questionId }, '第 1 题的答案格式不对')
    }
    if (route === 'PUT course/evaluations/e1/answers') {
      if (server.failSaves) return new Response('upstream down', { status: 503 })
      for (const a of body.answers) server.saved[a.questionId] = a.value
      return envelope(200, { savedAt: Date.now(), deadlineAt: null })
    }
    if (route === 'POST course/evaluations/e1/submissions') {
      server.submitted = true
      return envelope(200, { id: 's1' })
    }
    if (route === 'GET course/submissions/s1') {
      if (!options.released)
        return envelope(200, {
          id: 's1',
          evaluationId: 'e1',
          courseId: 'c1',
          status: 'graded',
          released: false,
          score: null,
          questions: [],
          submittedAt: server.timeUp ? HANDED_IN_AT : Date.now(),
          autoSubmitted: server.timeUp,
        })
      return envelope(200, {
        id: 's1',
        evaluationId: 'e1',
        courseId: 'c1',
        status: 'graded',
        released: true,
        score: 7,
        maxScore: 12,
        passMark: 8,
        questions: [
          {
            questionId: 'q1',
            type: 'single',
            stem: QUESTIONS[0]!.stem,
            options: ['S', 'F', 'T'],
            points: 2,
            answer: 1,
            correctAnswer: 0,
            explanation: 'S 指定主轴转速',
            tags: ['指令'],
            source: { kind: 'lesson', id: 'l1', title: '第一课', excerpt: '主轴转速用 S 指定' },
            score: 0,
            feedback: '',
          },
          {
            questionId: 'q2',
            type: 'short',
            stem: QUESTIONS[1]!.stem,
            points: 10,
            answer: '先回零，再试切。',
            correctAnswer: '',
            explanation: '',
            tags: ['对刀'],
            source: null,
            score: 7,
            feedback: '',
            criteria: [{ criterion: '步骤', points: 7, max: 10, level: '良', comment: '步骤基本完整', evidence: ['先回零'] }],
          },
        ],
      })
    }
    return envelope(404, null, `no route ${route}`)
  })
  return Object.assign(server, fake)
}

describe('<zx-evaluation-paper>', () => {
  let server: Server
  beforeEach(() => {
    setUser('student-1')
    $unsavedAnswers.set({})
    $paper.set({ status: 'idle', answers: {}, save: 'saved', clockOffset: 0 })
  })
  afterEach(() => {
    server?.restore()
    setUser('')
  })

  it('saves an answer a moment after it changes, and a reload shows it again', async () => {
    server = startPaperServer()
    const el = fixtureSync(html`<zx-evaluation-paper evaluation-id="e1"></zx-evaluation-paper>`)
    await waitUntil(() => $$(el, '[data-testid="question"]').length === 2, 'the paper did not open')
    expect($(el, '.countdown')!.textContent).to.match(/29:5\d|30:00/)
    $$(el, '.choice input')[0]!.click()
    await typeInto($(el, 'textarea') as HTMLTextAreaElement, '先回零，再试切外圆和端面。')
    await waitUntil(() => server.saved.q2 === '先回零，再试切外圆和端面。' && server.saved.q1 === 0, 'the answers were not saved')
    await waitUntil(() => $(el, '[data-testid="save-state"]')!.dataset.state === 'saved')
    el.remove()
    const again = fixtureSync(html`<zx-evaluation-paper evaluation-id="e1"></zx-evaluation-paper>`)
    await waitUntil(() => $$(again, '[data-testid="question"]').length === 2)
    await waitUntil(() => ($(again, 'textarea') as HTMLTextAreaElement).value === '先回零，再试切外圆和端面。', 'the saved answer is back after a reload')
    expect(($$(again, '.choice input')[0] as HTMLInputElement).checked).to.equal(true)
  })

  it('keeps an answer the server did not take in this browser and sends it when the paper opens again', async () => {
    server = startPaperServer()
    server.failSaves = true
    const el = fixtureSync(html`<zx-evaluation-paper evaluation-id="e1"></zx-evaluation-paper>`)
    await waitUntil(() => $$(el, '[data-testid="question"]').length === 2)
    await typeInto($(el, 'textarea') as HTMLTextAreaElement, '断网时写的答案')
    await waitUntil(() => ['unsaved', 'offline'].includes($(el, '[data-testid="save-state"]')!.dataset.state!), 'the failed save is not shown')
    expect(server.saved.q2).to.equal(undefined)
    el.remove()
    server.failSaves = false
    const again = fixtureSync(html`<zx-evaluation-paper evaluation-id="e1"></zx-evaluation-paper>`)
    await waitUntil(() => ($(again, 'textarea') as HTMLTextAreaElement | null)?.value === '断网时写的答案', 'the unsaved answer came back from this browser')
    await waitUntil(() => server.saved.q2 === '断网时写的答案', 'the unsaved answer was sent once the server answered')
  })

  it('submits after a confirmation and says results come after release', async () => {
    server = startPaperServer()
    const el = fixtureSync(html`<zx-evaluation-paper evaluation-id="e1"></zx-evaluation-paper>`)
    await waitUntil(() => $$(el, '[data-testid="question"]').length === 2)
    $(el, 'button[type="submit"]')!.click()
    await waitUntil(() => $(el, '[data-testid="confirm-submit"]'), 'no confirmation')
    expect($(el, 'zx-dialog')!.textContent).to.match(/还有 2 题未作答/)
    expect(server.submitted).to.equal(false)
    $(el, '[data-testid="confirm-submit"]')!.click()
    await waitUntil(() => $(el, '[data-testid="result-pending"]'), 'no result page')
    expect(server.submitted).to.equal(true)
  })

  it('shows a released result with the answers, criteria and evidence, weak points, and asking the course AI', async function () {
    this.timeout(20_000) // the dialogue bundle loads on first use
    server = startPaperServer({ released: true })
    const el = fixtureSync(html`<zx-evaluation-paper submission-id="s1"></zx-evaluation-paper>`)
    await waitUntil(() => $(el, '[data-testid="result"]'), 'the result did not load')
    expect($(el, '.result-head')!.textContent).to.contain('7 / 12').and.to.contain('未及格')
    const [first, second] = $$(el, '[data-testid="result-question"]')
    expect(first!.querySelector('.mine')!.textContent).to.equal('B. F')
    expect(first!.querySelector('.right')!.textContent).to.equal('A. S')
    expect(second!.querySelector('.evidence')!.textContent).to.contain('先回零')
    expect($(el, '[data-testid="weak-points"]')!.textContent).to.contain('指令')
    first!.querySelector<HTMLButtonElement>('.ask')!.click()
    await waitUntil(() => first!.querySelector('[data-testid="ask-ai"]'), 'the course AI did not open', { timeout: 10_000 })
    const ask = first!.querySelector('[data-testid="ask-ai"]')
    expect(ask!.getAttribute('course-id')).to.equal('c1')
    expect(JSON.parse(ask!.getAttribute('starter-questions')!)[0])
      .to.contain('数控车床的主轴功能字是？')
      .and.to.contain('主轴转速用 S 指定')
  })
  it('a page left on an attempt another tab handed in says so instead of saving into the newer attempt', async () => {
    server = startPaperServer()
    const el = fixtureSync(html`<zx-evaluation-paper evaluation-id="e1"></zx-evaluation-paper>`)
    await waitUntil(() => $$(el, '[data-testid="question"]').length === 2)
    server.attemptId = 's2'
    $$(el, '.choice input')[0]!.click()
    await waitUntil(() => $(el, '[data-testid="attempt-ended"]'), 'the refusal is not shown')
    expect($(el, '[data-testid="attempt-ended"]')!.dataset.reason).to.equal('newer_attempt')
    expect($(el, '[data-testid="attempt-ended"]')!.textContent).to.contain('新的一次作答已经开始')
    expect(server.named).to.deep.equal(['s1'])
    expect(server.saved).to.deep.equal({})
  })

  it('handing in a page another tab already moved on from is refused and says so', async () => {
    server = startPaperServer()
    const el = fixtureSync(html`<zx-evaluation-paper evaluation-id="e1"></zx-evaluation-paper>`)
    await waitUntil(() => $$(el, '[data-testid="question"]').length === 2)
    server.attemptId = 's2'
    $(el, 'button[type="submit"]')!.click()
    await waitUntil(() => $(el, '[data-testid="confirm-submit"]'), 'no confirmation')
    $(el, '[data-testid="confirm-submit"]')!.click()
    await waitUntil(() => $(el, '[data-testid="attempt-ended"]'), 'the refusal is not shown')
    expect($(el, '[data-testid="attempt-ended"]')!.dataset.reason).to.equal('newer_attempt')
    expect(server.named).to.deep.equal(['s1'])
    expect(server.submitted).to.equal(false)
  })

  it('an invalid answer is named under its question and kept on screen while the other answers save; the paper stays open', async () => {
    server = startPaperServer()
    server.refuseQuestion = 'q1'
    const el = fixtureSync(html`<zx-evaluation-paper evaluation-id="e1"></zx-evaluation-paper>`)
    await waitUntil(() => $$(el, '[data-testid="question"]').length === 2)
    $$(el, '.choice input')[0]!.click()
    await typeInto($(el, 'textarea') as HTMLTextAreaElement, '先回零，再试切。')
    await waitUntil(() => server.saved.q2 === '先回零，再试切。', 'the other answer was not saved')
    await waitUntil(() => $(el, '[data-testid="answer-refused"]'), 'the refused answer is not named')
    const [first] = $$(el, '[data-testid="question"]')
    expect(first!.querySelector('[data-testid="answer-refused"]')!.textContent).to.equal('第 1 题的答案格式不对')
    // A save of the typed answer may still be on its way (typing saves more than once); once none is, the refusal shows.
    await waitUntil(() => $(el, '[data-testid="save-state"]')!.dataset.state === 'invalid', 'the save state does not settle on the refusal')
    expect(($$(el, '.choice input')[0] as HTMLInputElement).checked, 'still on screen').to.equal(true)
    expect($(el, '[data-testid="result-pending"]'), 'never shown as handed in').to.equal(null)
    expect($(el, '[data-testid="attempt-ended"]')).to.equal(null)
  })

  it('time up: the page says the server handed the paper in and how many answers did not reach it', async () => {
    server = startPaperServer()
    const el = fixtureSync(html`<zx-evaluation-paper evaluation-id="e1"></zx-evaluation-paper>`)
    await waitUntil(() => $$(el, '[data-testid="question"]').length === 2)
    server.timeUp = true
    $$(el, '.choice input')[1]!.click()
    await waitUntil(() => $(el, '[data-testid="attempt-ended"]'), 'the end of the attempt is not shown')
    const notice = $(el, '[data-testid="attempt-ended"]')!
    expect(notice.dataset.reason).to.equal('time_up')
    expect(notice.textContent).to.contain('作答时间已到').and.to.contain('1 个答案没有送到服务器')
    await waitUntil(() => $(el, '[data-testid="handed-in"]'), 'the result does not say when it was handed in')
    expect($(el, '[data-testid="handed-in"]')!.textContent).to.contain('系统已自动交卷')
    expect($unsavedAnswers.get()).to.deep.equal({}, 'nothing left to send for an attempt that is over')
  })

  it('no connection: says so and keeps the answer in this browser until the server has it', async () => {
    server = startPaperServer()
    const el = fixtureSync(html`<zx-evaluation-paper evaluation-id="e1"></zx-evaluation-paper>`)
    await waitUntil(() => $$(el, '[data-testid="question"]').length === 2)
    server.offline = true
    await typeInto($(el, 'textarea') as HTMLTextAreaElement, '断网时写的答案')
    await waitUntil(() => $(el, '[data-testid="save-state"]')!.dataset.state === 'offline', 'no connection is not said')
    expect($(el, '[data-testid="save-state"]')!.textContent).to.contain('网络已断开')
    expect($unsavedAnswers.get().s1).to.deep.equal({ q2: '断网时写的答案' })
    server.offline = false
    window.dispatchEvent(new Event('online'))
    await waitUntil(() => server.saved.q2 === '断网时写的答案', 'the answer was not sent once the connection came back')
    await waitUntil(() => $unsavedAnswers.get().s1 === undefined, 'the answer was not let go of once saved')
  })

  it('reopening a paper the server handed in shows it handed in automatically, with the time, not an error', async () => {
    server = startPaperServer()
    server.timeUp = true
    $unsavedAnswers.set({ s1: { q1: 2 } })
    const el = fixtureSync(html`<zx-evaluation-paper evaluation-id="e1"></zx-evaluation-paper>`)
    await waitUntil(() => $(el, '[data-testid="handed-in"]'), 'the handed-in paper did not show')
    expect($(el, '[data-testid="handed-in"]')!.dataset.auto).to.equal('true')
    expect($(el, '[data-testid="result-pending"]')!.textContent).to.contain('已交卷')
    expect($(el, 'zx-load-error')).to.equal(null)
    expect($unsavedAnswers.get()).to.deep.equal({})
  })

  it('an answer this browser kept for one attempt does not turn up in the next attempt', async () => {
    server = startPaperServer()
    server.failSaves = true
    const el = fixtureSync(html`<zx-evaluation-paper evaluation-id="e1"></zx-evaluation-paper>`)
    await waitUntil(() => $$(el, '[data-testid="question"]').length === 2)
    await typeInto($(el, 'textarea') as HTMLTextAreaElement, '第一次作答时没保存上的答案')
    await waitUntil(() => ['unsaved', 'offline'].includes($(el, '[data-testid="save-state"]')!.dataset.state!))
    el.remove()
    // Another tab handed attempt 1 in and opened attempt 2; this browser now opens attempt 2.
    server.failSaves = false
    server.attemptId = 's2'
    const next = fixtureSync(html`<zx-evaluation-paper evaluation-id="e1"></zx-evaluation-paper>`)
    await waitUntil(() => $$(next, '[data-testid="question"]').length === 2)
    await new Promise(resolve => setTimeout(resolve, 1_000))
    expect(($(next, 'textarea') as HTMLTextAreaElement).value).to.equal('')
    expect(server.saved).to.deep.equal({})
  })
  it('counts read as English counts: one question of one point, several of several points', async () => {
    setLanguage('en-US')
    await loadLocale('en-US')
    try {
      server = startPaperServer({ questions: [{ ...QUESTIONS[0]!, points: 1 }] })
      const one = fixtureSync(html`<zx-evaluation-paper evaluation-id="e1"></zx-evaluation-paper>`)
      await waitUntil(() => $$(one, '[data-testid="question"]').length === 1)
      expect($(one, '.paper-head .meta')!.textContent).to.equal('1 question, 1 point in total')
      expect($(one, '.points')!.textContent).to.equal('1 pt')
      one.remove()
      server.restore()

      server = startPaperServer()
      const two = fixtureSync(html`<zx-evaluation-paper evaluation-id="e1"></zx-evaluation-paper>`)
      await waitUntil(() => $$(two, '[data-testid="question"]').length === 2)
      expect($(two, '.paper-head .meta')!.textContent).to.equal('2 questions, 12 points in total')
      expect($$(two, '.points').map(p => p.textContent)).to.deep.equal(['2 pts', '10 pts'])
    } finally {
      setLanguage('zh-CN')
      await loadLocale('zh-CN')
    }
  })
})
