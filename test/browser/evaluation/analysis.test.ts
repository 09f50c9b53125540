/// <reference types="mocha" />
// The analysis tab for teachers and managers: the tables hold the
// server's figures, the export fetches the XLSX, and a manager's list is
// read-only with the way to the analysis; the pass rate and who has not
// handed in yet, in the reader's language.
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing'
import '../../../src/elements/evaluation/define'
import { loadLocale } from '../../../src/i18n'
import { setLanguage } from '../../../src/stores/settings'
import { $analysis } from '../../../src/elements/evaluation/manage/analysis-view'
import { $managedCourses } from '../../../src/elements/evaluation/manage/course-picker'
import { $courseEvaluations } from '../../../src/elements/evaluation/manage/evaluation-list'
import { envelope, fakeFetch, type FakeFetch } from '../support/fake-fetch'

const until = (check: () => unknown, message?: string) => waitUntil(check, message, { timeout: 4000 })
const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector)
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)]
const cells = (table: HTMLElement) => [...table.querySelectorAll('tbody tr')].map(row => [...row.querySelectorAll('td')].map(td => td.textContent))

const ANALYSIS = {
  evaluationId: 'e1',
  submitted: 3,
  maxScore: 12,
  average: 7.5,
  highest: 11,
  lowest: 4,
  passMark: null as number | null,
  graded: 3,
  passed: 2,
  passRate: null as number | null,
  notHandedIn: [] as unknown[] | null,
  distribution: [
    { from: 0, to: 6, count: 1 },
    { from: 6, to: 12, count: 2 },
  ],
  questions: [
    {
      questionId: 'q1',
      position: 1,
      type: 'single',
      stem: '主轴功能字？',
      points: 2,
      tags: ['指令'],
      answered: 3,
      correctRate: 0.67,
      difficulty: 0.67,
      discrimination: 0.5,
      wrongOptions: [{ option: 1, text: 'F', count: 1 }],
    },
  ],
  knowledgePoints: [{ tag: '指令', mastery: 0.67, byClass: [{ classId: 'k1', className: '数控 2301', mastery: 0.5 }] }],
  students: [],
}

function startServer(analysis: object = ANALYSIS): FakeFetch {
  return fakeFetch(request => {
    const route = new URL(request.url, location.href).pathname.replace('/new-chat/', '')
    if (route === 'course/courses')
      return envelope(200, { items: [{ id: 'c1', title: '数控车床编程', classes: [] }], total: 1, facets: { categories: [], terms: [] } })
    if (route === 'course/evaluations')
      return envelope(200, [
        { id: 'e1', title: '期中考试', kind: 'quiz', status: 'closed', opensAt: null, closesAt: null, timeLimitMinutes: null, released: true },
      ])
    if (route === 'course/evaluations/e1/analysis') return envelope(200, analysis)
    if (route === 'course/evaluations/e1/analysis/export') return new Response(new Blob(['xlsx']), { status: 200 })
    return envelope(404, null, `no route ${route}`)
  })
}

describe('<zx-evaluation> analysis', () => {
  let server: FakeFetch
  beforeEach(() => [$managedCourses, $courseEvaluations, $analysis].forEach(store => store.reset()))
  afterEach(() => server?.restore())

  it('shows the distribution, the per-question figures and mastery per class, and exports the XLSX', async () => {
    server = startServer()
    const el = fixtureSync(html`<zx-evaluation client-type="1" course-id="c1" evaluation-id="e1" view="analysis"></zx-evaluation>`)
    await until(() => $(el, '[data-testid="question-stats"]'), 'the analysis did not show')
    expect(cells($(el, '[data-testid="distribution"]')!)).to.deep.equal([
      ['0–6', '1'],
      ['6–12', '2'],
    ])
    expect(cells($(el, '[data-testid="question-stats"]')!), 'each question’s text beside its figures').to.deep.equal([
      ['1', '单选题', '主轴功能字？', '67%', '0.67', '0.50', 'B×1'],
    ])
    expect(cells($(el, '[data-testid="mastery"]')!)).to.deep.equal([['指令', '67%', '50%']])
    $(el, '[data-testid="export-analysis"]')!.click()
    await until(() => server.requests.some(r => r.url.endsWith('course/evaluations/e1/analysis/export')), 'the export was not fetched')
  })

  it('gives a manager the list without teacher actions, and the way to the analysis', async () => {
    server = startServer()
    const el = fixtureSync(html`<zx-evaluation client-type="2" course-id="c1"></zx-evaluation>`)
    await until(() => $$(el, '[data-testid="manage-row"]').length === 1, 'the list did not show')
    expect($(el, '[data-testid="publish"], [data-testid="close"], [data-testid="delete"], [data-testid="new-evaluation"]')).to.equal(null)
    $(el, '[data-testid="analyse"]')!.click()
    await until(() => $(el, '[data-testid="question-stats"]'), 'the analysis did not open')
  })

  const PENDING = [
    { studentId: 'u5', username: 'zhangsan', name: '张三', className: '数控 2301', state: 'not_started' },
    { studentId: 'u6', username: 'lisi', name: '李四', className: '', state: 'in_progress' },
  ]
  const CHASED = { ...ANALYSIS, passMark: 6, passRate: 0.67, notHandedIn: PENDING }

  it('lists who has not handed in, with class and state, and the pass rate', async () => {
    server = startServer(CHASED)
    const el = fixtureSync(html`<zx-evaluation client-type="1" course-id="c1" evaluation-id="e1" view="analysis"></zx-evaluation>`)
    await until(() => $(el, '[data-testid="not-handed-in"]'), 'the list of who has not handed in did not show')
    const table = $(el, '[data-testid="not-handed-in"]')!
    expect(table.querySelector('caption')!.textContent).to.equal('未交卷（2 人）')
    expect(cells(table)).to.deep.equal([
      ['张三', 'zhangsan', '数控 2301', '未开始'],
      ['李四', 'lisi', '未分班', '作答中'],
    ])
    expect($(el, '[data-testid="pass-rate"]')!.textContent).to.equal('及格率 67%：3 份已批改答卷中 2 份达到及格分 6 分')
  })

  it('pages a long list of who has not handed in, twenty at a time', async () => {
    const many = Array.from({ length: 45 }, (_, i) => ({ ...PENDING[0]!, studentId: `s${i}`, username: `student${i}`, name: `学生${i}` }))
    server = startServer({ ...CHASED, notHandedIn: many })
    const el = fixtureSync(html`<zx-evaluation client-type="1" course-id="c1" evaluation-id="e1" view="analysis"></zx-evaluation>`)
    await until(() => $(el, '[data-testid="not-handed-in"]'))
    const table = $(el, '[data-testid="not-handed-in"]')!
    expect(table.querySelector('caption')!.textContent, 'the caption counts everyone').to.equal('未交卷（45 人）')
    expect(cells(table)).to.have.length(20)
    expect(cells(table)[0]![1]).to.equal('student0')
    $(el, '[data-testid="page-next"]')!.click()
    await until(() => cells($(el, '[data-testid="not-handed-in"]')!)[0]![1] === 'student20', 'the second page did not show')
    $(el, '[data-testid="page-next"]')!.click()
    await until(() => cells($(el, '[data-testid="not-handed-in"]')!).length === 5, 'the last page does not show the last five')
    expect(cells($(el, '[data-testid="not-handed-in"]')!)[4]![1]).to.equal('student44')
  })

  it('says when everyone has handed in, and shows no list for an anonymous survey nor a pass rate without a pass mark', async () => {
    server = startServer()
    const el = fixtureSync(html`<zx-evaluation client-type="1" course-id="c1" evaluation-id="e1" view="analysis"></zx-evaluation>`)
    await until(() => $(el, '[data-testid="not-handed-in-none"]'), 'no word that everyone has handed in')
    expect($(el, '[data-testid="pass-rate"]')).to.equal(null)
    server.restore()
    $analysis.reset()
    server = startServer({ ...ANALYSIS, notHandedIn: null })
    const survey = fixtureSync(html`<zx-evaluation client-type="1" course-id="c1" evaluation-id="e1" view="analysis"></zx-evaluation>`)
    await until(() => $(survey, '[data-testid="question-stats"]'), 'the analysis did not show')
    expect($(survey, '[data-testid="not-handed-in"], [data-testid="not-handed-in-none"]')).to.equal(null)
  })

  describe('in Russian', () => {
    afterEach(() => setLanguage('zh-CN'))
    for (const [count, caption] of [
      [1, 'Не сдали (1 студент)'],
      [2, 'Не сдали (2 студента)'],
      [5, 'Не сдали (5 студентов)'],
    ] as const) {
      it(`counts ${count} in the list's caption as Russian counts`, async () => {
        setLanguage('ru-RU')
        await loadLocale('ru-RU')
        const many = Array.from({ length: count }, (_, i) => ({ ...PENDING[0]!, studentId: `s${i}`, username: `s${i}` }))
        server = startServer({ ...CHASED, graded: 5, passed: 1, passRate: 0.2, notHandedIn: many })
        const el = fixtureSync(html`<zx-evaluation client-type="1" course-id="c1" evaluation-id="e1" view="analysis"></zx-evaluation>`)
        await until(() => $(el, '[data-testid="not-handed-in"]'), 'the list did not show')
        expect($(el, '[data-testid="not-handed-in"] caption')!.textContent).to.equal(caption)
        expect(cells($(el, '[data-testid="not-handed-in"]')!)[0]![3]).to.equal('Не начата')
        expect($(el, '[data-testid="pass-rate"]')!.textContent).to.equal('Доля сдавших 20%: 1 из 5 проверенных работ набрали проходной балл 6')
      })
    }
  })
})
