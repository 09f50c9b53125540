/// <reference types="mocha" />
// Grading by question: the teacher picks a question in the grading queue,
// sees every student's answer to it with a score and a comment each, and
// saves them all with one call; a refusal shows the server's reason (naming
// the student) and a score out of range is marked before anything is sent.
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing'
import '../../../src/elements/evaluation/define'
import { $managedCourses } from '../../../src/elements/evaluation/manage/course-picker'
import { $gradingQueue } from '../../../src/elements/evaluation/manage/grading-queue'
import { $questionAnswers } from '../../../src/elements/evaluation/manage/question-grading'
import { envelope, fakeFetch, type FakeFetch } from '../support/fake-fetch'
import { nextTask, typeInto } from '../support/type-into'

const until = (check: () => unknown, message?: string) => waitUntil(check, message, { timeout: 4000 })
const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector)
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)]

const answerRow = (submissionId: string, name: string, answer: unknown, score: number | null) => ({
  submissionId,
  attempt: 1,
  submittedAt: 1,
  autoSubmitted: false,
  student: { username: name, name },
  answer,
  score,
  gradedBy: score === null ? null : 'auto',
  feedback: '',
  aiSuggestion: null,
  flagged: null,
})

function startServer(refuse = false): FakeFetch & { sent: Array<{ method: string; route: string; body: any }> } {
  const sent: Array<{ method: string; route: string; body: any }> = []
  const fake = fakeFetch(request => {
    const url = new URL(request.url, location.href)
    const route = url.pathname.replace('/new-chat/', '')
    const body = request.body ? JSON.parse(String(request.body)) : undefined
    if (request.method !== 'GET') sent.push({ method: request.method, route, body })
    if (route === 'course/courses')
      return envelope(200, { items: [{ id: 'c1', title: '数控车床编程', classes: [] }], total: 1, facets: { categories: [], terms: [] } })
    if (route === 'course/evaluations/e1/submissions')
      return envelope(200, {
        released: false,
        aiGrading: 'none-needed',
        items: [
          { id: 's1', status: 'graded', score: 1, attempt: 1, submittedAt: 1, student: { username: 'zs', name: '张三' }, pending: 0, flagged: 0, aiGraded: 0 },
        ],
      })
    if (route === 'course/evaluations/e1')
      return envelope(200, {
        id: 'e1',
        questions: [
          { id: 'q1', type: 'single', stem: '主轴功能字是？', options: ['S', 'F'], answer: 0, points: 2 },
          { id: 'q2', type: 'judge', stem: 'G00 是快速定位指令。', answer: true, points: 1 },
        ],
      })
    if (route === 'course/evaluations/e1/questions/q2/answers')
      return envelope(200, {
        question: { questionId: 'q2', number: 2, type: 'judge', stem: 'G00 是快速定位指令。', points: 1, correctAnswer: true, rubric: null },
        answers: [answerRow('s1', '张三', true, 1), answerRow('s2', '李四', false, 0), answerRow('s3', '王五', true, null)],
      })
    if (request.method === 'PUT' && route === 'course/evaluations/e1/questions/q2/grades')
      return refuse ? envelope(400, null, '学生「李四」的作答：得分应在 0 到 1 之间') : envelope(200, { graded: body.grades.length })
    return envelope(404, null, `no route ${request.method} ${route}`)
  })
  return Object.assign(fake, { sent })
}

describe('<zx-evaluation> grading by question', () => {
  let server: ReturnType<typeof startServer>
  beforeEach(() => [$managedCourses, $gradingQueue, $questionAnswers].forEach(store => store.reset()))
  afterEach(() => server?.restore())

  it('opens a question from the queue and reports the place', async () => {
    server = startServer()
    const el = fixtureSync(html`<zx-evaluation client-type="1" course-id="c1" evaluation-id="e1" view="grade"></zx-evaluation>`)
    const places: Array<Record<string, string>> = []
    el.addEventListener('zx:place-change', event => places.push((event as CustomEvent).detail.params))
    await until(() => $(el, '[data-testid="question-pick"]'), 'the question picker did not show')
    const pick = $(el, '[data-testid="question-pick"]') as HTMLSelectElement
    expect([...pick.options].map(o => o.textContent)).to.deep.equal(['第 1 题 · 主轴功能字是？', '第 2 题 · G00 是快速定位指令。'])
    pick.value = 'q2'
    pick.dispatchEvent(new Event('change', { bubbles: true }))
    await nextTask()
    $(el, '[data-testid="open-question-grading"]')!.click()
    await until(() => $$(el, '[data-testid="answer-row"]').length === 3, 'the answers to the question did not show')
    expect(places).to.deep.include({ questionId: 'q2' })
    expect($(el, 'h2')!.textContent).to.equal('第 2 题 · 全班作答')
  })

  it('lists every answer with its score and saves all the grades with one call', async () => {
    server = startServer()
    const el = fixtureSync(html`<zx-evaluation client-type="1" course-id="c1" evaluation-id="e1" view="grade" question-id="q2"></zx-evaluation>`)
    await until(() => $$(el, '[data-testid="answer-row"]').length === 3, 'the answers did not show')
    const rows = $$(el, '[data-testid="answer-row"]')
    expect(rows.map(r => r.querySelector('strong')!.textContent)).to.deep.equal(['张三', '李四', '王五'])
    expect($(el, '[data-testid="right-answer"]')!.textContent).to.contain('正确')
    const score = (name: string) => el.shadowRoot!.querySelector<HTMLInputElement>(`input[aria-label="${name} 的得分（满分 1）"]`)!
    expect([score('张三').value, score('李四').value, score('王五').value]).to.deep.equal(['1', '0', ''])

    await typeInto(score('王五'), '0.5')
    await typeInto(el.shadowRoot!.querySelector<HTMLInputElement>('input[aria-label="给 李四 的评语"]')!, '再看一遍 G00')
    $(el, '[data-testid="save-question-grades"]')!.click()
    await until(() => server.sent.length === 1, 'nothing was saved')
    expect(server.sent[0]!.route).to.equal('course/evaluations/e1/questions/q2/grades')
    expect(server.sent[0]!.body.grades).to.deep.equal([
      { submissionId: 's1', feedback: '', score: 1 },
      { submissionId: 's2', feedback: '再看一遍 G00', score: 0 },
      { submissionId: 's3', feedback: '', score: 0.5 },
    ])
    await until(() => $(el, '[data-testid="question-grade-state"]')!.textContent === '已保存 3 份评分', 'the save was not confirmed')
  })

  it('marks a score out of range without sending, and shows the server’s reason when it refuses', async () => {
    server = startServer(true)
    const el = fixtureSync(html`<zx-evaluation client-type="1" course-id="c1" evaluation-id="e1" view="grade" question-id="q2"></zx-evaluation>`)
    await until(() => $$(el, '[data-testid="answer-row"]').length === 3, 'the answers did not show')
    const wang = el.shadowRoot!.querySelector<HTMLInputElement>('input[aria-label="王五 的得分（满分 1）"]')!
    await typeInto(wang, '3')
    $(el, '[data-testid="save-question-grades"]')!.click()
    await until(() => $(el, '[data-testid="question-grade-state"]')!.textContent === '没有保存：请检查标出的分数')
    expect(server.sent.length, 'nothing is sent while a score is out of range').to.equal(0)
    expect($$(el, '[data-testid="answer-row"]')[2]!.hasAttribute('data-invalid')).to.equal(true)

    await typeInto(wang, '1')
    $(el, '[data-testid="save-question-grades"]')!.click()
    await until(() => $(el, '[data-testid="question-grade-state"]')!.textContent === '学生「李四」的作答：得分应在 0 到 1 之间', 'the reason was not shown')
  })
})
