/// <reference types="mocha" />
// Managers' course evaluation (menu 9): the ranking orders courses
// and leads to scoring; a failed load says so and retries; the indicator
// editor refuses weights that do not add up to 100 and saves the system the
// server expects; the scoring form starts from the data's suggestions and
// sends every indicator's score and comment. At 375 px nothing scrolls sideways.
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing'
import { setViewport } from '@web/test-runner-commands'
import '../../../src/elements/evaluation/define'
import { envelope, fakeFetch, type FakeFetch } from '../support/fake-fetch'
import { typeInto } from '../support/type-into'

const until = (check: () => unknown, message?: string) => waitUntil(check, message, { timeout: 4000 })
const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector)
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)]

const INDICATORS = [
  { id: 'i1', name: '教学设计', weight: 40, levels: ['目标清晰', '基本清晰', '欠缺'] },
  { id: 'i2', name: '学生评价', weight: 60, levels: ['优秀', '良好', '欠佳'] },
]
const FIGURES = {
  lessons: 12,
  resources: 4,
  students: 40,
  activeStudents30d: 30,
  completionRate: 0.5,
  aiQuestions: 88,
  evaluationAverage: 0.82,
  surveyResponses: 9,
  surveyRating: 0.67,
}
const result = (courseId: string, title: string, scores: Array<number | null>, total: number | null, rank: number | null) => ({
  courseId,
  title,
  category: '数控技术',
  term: '2024秋',
  figures: FIGURES,
  total,
  rank,
  indicators: INDICATORS.map((i, k) => ({
    indicatorId: i.id,
    name: i.name,
    weight: i.weight,
    score: scores[k] ?? null,
    comment: scores[k] === null ? '' : '不错',
    suggested: i.id === 'i2' ? 82 : null,
  })),
})

interface Sent {
  method: string
  route: string
  body: any
}

function startServer(options: { failRanking?: number } = {}): FakeFetch & { sent: Sent[] } {
  const sent: Sent[] = []
  let failures = options.failRanking ?? 0
  const fake = fakeFetch(request => {
    const url = new URL(request.url, location.href)
    const route = url.pathname.replace('/new-chat/', '')
    const body = request.body ? JSON.parse(String(request.body)) : undefined
    if (request.method !== 'GET') sent.push({ method: request.method, route, body })
    if (route === 'course/course-evaluation/courses' && request.method === 'GET') {
      if (failures-- > 0) return envelope(500, null, '数据库暂时不可用')
      return envelope(200, {
        indicators: INDICATORS,
        courses: [result('c2', '钳工实训', [90, 80], 84, 1), result('c1', '数控车床编程', [null, null], null, null)],
      })
    }
    if (route === 'course/course-evaluation/indicators' && request.method === 'GET') return envelope(200, INDICATORS)
    if (route === 'course/course-evaluation/indicators' && request.method === 'PUT')
      return envelope(
        200,
        body.indicators.map((i: any, k: number) => ({ ...i, id: i.id ?? `n${k}` })),
      )
    if (route === 'course/course-evaluation/courses/c1' && request.method === 'GET')
      return envelope(200, result('c1', '数控车床编程', [null, null], null, null))
    if (route === 'course/course-evaluation/courses/c1' && request.method === 'PUT')
      return envelope(
        200,
        result(
          'c1',
          '数控车床编程',
          body.scores.map((s: any) => s.score),
          80,
          null,
        ),
      )
    if (route === 'course/course-evaluation/export') return new Response(new Blob(['xlsx']), { status: 200 })
    return envelope(404, null, `no route ${request.method} ${route}`)
  })
  return Object.assign(fake, { sent })
}

describe('<zx-course-evaluation>', () => {
  let server: ReturnType<typeof startServer>
  afterEach(() => server?.restore())

  it('ranks the courses, unscored last, and leads to scoring one; the export fetches the workbook', async () => {
    server = startServer()
    const el = fixtureSync(html`<zx-course-evaluation></zx-course-evaluation>`)
    const places: Array<Record<string, string>> = []
    el.addEventListener('zx:place-change', event => places.push((event as CustomEvent).detail.params))
    await until(() => $$(el, '[data-testid="ranking-row"]').length === 2, 'the ranking did not show')
    const [first, second] = $$(el, '[data-testid="ranking-row"]')
    expect(first!.textContent).to.contain('钳工实训')
    expect(first!.querySelector('[data-testid="ranking-total"]')!.textContent).to.equal('84')
    expect(second!.querySelector('[data-testid="ranking-total"]')!.textContent).to.equal('未评')
    expect($(el, '.ce-head')!.textContent).to.contain('已评 1 / 2')
    $(el, '[data-testid="export-ranking"]')!.click()
    await until(() => server.requests.some(r => r.url.includes('course/course-evaluation/export')), 'the export was not fetched')
    await until(() => !($(el, '[data-testid="export-ranking"]') as HTMLButtonElement).disabled, 'the export button stayed busy')
    second!.querySelector<HTMLButtonElement>('[data-testid="score-course"]')!.click()
    expect(places).to.deep.include({ courseId: 'c1' })
    expect(places).to.deep.include({ view: 'score' })
    await until(() => $(el, '[data-testid="course-scoring"]'), 'scoring did not open')
  })

  it('says the ranking failed to load, and the retry shows it', async () => {
    server = startServer({ failRanking: 1 })
    const el = fixtureSync(html`<zx-course-evaluation view="ranking"></zx-course-evaluation>`)
    await until(() => $(el, 'zx-load-error'), 'no failure shown')
    const failure = $(el, 'zx-load-error')!
    expect(failure.getAttribute('heading')).to.contain('评价排名')
    failure.dispatchEvent(new CustomEvent('zx:retry'))
    await until(() => $$(el, '[data-testid="ranking-row"]').length === 2, 'the retry did not load the ranking')
  })

  it('refuses weights that do not add up to 100, then saves the system with levels one per line', async () => {
    server = startServer()
    const el = fixtureSync(html`<zx-course-evaluation view="indicators"></zx-course-evaluation>`)
    await until(() => $$(el, '[data-testid="indicator-row"]').length === 2, 'the indicators did not show')
    expect($(el, '[data-testid="weight-sum"]')!.textContent).to.contain('100 / 100')
    $(el, '[data-testid="add-indicator"]')!.click()
    await until(() => $$(el, '[data-testid="indicator-row"]').length === 3)
    const added = $$(el, '[data-testid="indicator-row"]')[2]!
    await typeInto(added.querySelector<HTMLInputElement>('[data-testid="indicator-name"]')!, 'AI 应用')
    await typeInto(added.querySelector<HTMLInputElement>('[data-testid="indicator-weight"]')!, '20')
    await typeInto(added.querySelector<HTMLTextAreaElement>('[data-testid="indicator-levels"]')!, '深度融入\n\n有所使用\n')
    await until(() => $(el, '[data-testid="weight-sum"]')!.hasAttribute('data-wrong'))
    $(el, '[data-testid="save-indicators"]')!.click()
    await until(() => $(el, '[data-testid="indicator-problem"]'), 'no problem shown')
    expect($(el, '[data-testid="indicator-problem"]')!.textContent).to.contain('120')
    expect(server.sent).to.have.length(0)

    await typeInto($$(el, '[data-testid="indicator-weight"]')[1]! as HTMLInputElement, '40')
    $(el, '[data-testid="save-indicators"]')!.click()
    await until(() => server.sent.length === 1, 'nothing was saved')
    expect(server.sent[0]).to.deep.equal({
      method: 'PUT',
      route: 'course/course-evaluation/indicators',
      body: {
        indicators: [
          { id: 'i1', name: '教学设计', weight: 40, levels: ['目标清晰', '基本清晰', '欠缺'] },
          { id: 'i2', name: '学生评价', weight: 40, levels: ['优秀', '良好', '欠佳'] },
          { name: 'AI 应用', weight: 20, levels: ['深度融入', '有所使用'] },
        ],
      },
    })
  })

  it('starts each score from the data, asks for the ones it cannot suggest, and saves every score with its comment', async () => {
    server = startServer()
    const el = fixtureSync(html`<zx-course-evaluation view="score" course-id="c1"></zx-course-evaluation>`)
    await until(() => $$(el, '[data-testid="score-row"]').length === 2, 'the scoring form did not show')
    expect($(el, '[data-testid="course-figures"]')!.textContent).to.contain('82%')
    expect($(el, '[data-testid="course-figures"]')!.textContent, 'the students\u2019 survey rating is one of the figures').to.contain('问卷满意度67%')
    const [design, students] = $$(el, '[data-testid="score-row"]')
    expect(design!.querySelector('.ce-levels')!.textContent).to.contain('目标清晰')
    expect(design!.querySelector<HTMLInputElement>('[data-testid="score-input"]')!.value).to.equal('')
    expect(students!.querySelector<HTMLInputElement>('[data-testid="score-input"]')!.value).to.equal('82')
    expect(students!.querySelector('[data-testid="suggested"]')!.textContent).to.contain('已按数据预填')
    $(el, '[data-testid="save-scores"]')!.click()
    await until(() => $(el, '[data-testid="score-status"]')!.textContent!.includes('0 到 100'))
    expect(server.sent).to.have.length(0)

    await typeInto(design!.querySelector<HTMLInputElement>('[data-testid="score-input"]')!, '77')
    await typeInto(design!.querySelector<HTMLInputElement>('[data-testid="comment-input"]')!, '目标清晰，贴合岗位')
    await until(() => $(el, '[data-testid="live-total"]')!.textContent!.includes('80'))
    $(el, '[data-testid="save-scores"]')!.click()
    await until(() => server.sent.length === 1, 'nothing was saved')
    expect(server.sent[0]).to.deep.equal({
      method: 'PUT',
      route: 'course/course-evaluation/courses/c1',
      body: {
        scores: [
          { indicatorId: 'i1', score: 77, comment: '目标清晰，贴合岗位' },
          { indicatorId: 'i2', score: 82, comment: '' },
        ],
      },
    })
    await until(() => $(el, '[data-testid="score-status"]')!.textContent === '已保存')
  })

  it('does not scroll sideways at 375 px: the ranking becomes cards, the scoring form wraps', async () => {
    server = startServer()
    await setViewport({ width: 375, height: 812 })
    try {
      const ranking = fixtureSync(html`<zx-course-evaluation></zx-course-evaluation>`)
      await until(() => $$(ranking, '[data-testid="ranking-row"]').length === 2)
      expect(document.documentElement.scrollWidth).to.be.at.most(375)
      expect(getComputedStyle($(ranking, 'thead')!).display).to.equal('none')
      const scoring = fixtureSync(html`<zx-course-evaluation view="score" course-id="c1"></zx-course-evaluation>`)
      await until(() => $$(scoring, '[data-testid="score-row"]').length === 2)
      expect(document.documentElement.scrollWidth).to.be.at.most(375)
    } finally {
      await setViewport({ width: 1280, height: 800 })
    }
  })
})
