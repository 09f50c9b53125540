/// <reference types="mocha" />
// Course evaluation seen from the courses bundle (menu 9): a
// teacher reads the managers' scores of their course under 课程评价, read
// only, or is told it is not scored yet; the managers' list page shows the
// ranking under its 评价排名 tab, loading the evaluation element on demand.
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing'
import '../../../src/elements/courses/define'
import { envelope } from '../support/fake-fetch'
import { useFakeCourseServer } from './fake-course-server'

const until = (check: () => unknown, message?: string) => waitUntil(check, message, { timeout: 6000 })
const query = <T extends Element = HTMLElement>(el: HTMLElement, selector: string) => el.shadowRoot!.querySelector<T>(selector)

const FIGURES = {
  lessons: 3,
  resources: 1,
  students: 20,
  activeStudents30d: 12,
  completionRate: 0.4,
  aiQuestions: 15,
  evaluationAverage: 0.7,
  surveyResponses: 0,
  surveyRating: null,
}
const rating = (scores: Array<number | null>, total: number | null) => ({
  courseId: 'c1',
  title: '数控车床编程',
  category: '',
  term: '',
  figures: FIGURES,
  total,
  indicators: [
    { indicatorId: 'i1', name: '教学设计', weight: 50, score: scores[0], comment: scores[0] === null ? '' : '目标清晰，贴合岗位', suggested: null },
    { indicatorId: 'i2', name: '学生评价', weight: 50, score: scores[1], comment: '', suggested: 70 },
  ],
})

/** The fake course server, plus the course-evaluation calls answering `answer`. */
function withRating(answer: () => unknown): () => void {
  const behind = window.fetch
  window.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    if (/course\/course-evaluation\/courses\/c1$/.test(url)) return envelope(200, answer())
    if (/course\/course-evaluation\/courses$/.test(url)) return envelope(200, { indicators: [], courses: [{ ...rating([80, 90], 85), rank: 1 }] })
    return behind(input, init)
  }
  return () => {
    window.fetch = behind
  }
}

async function mountDetail(): Promise<HTMLElement> {
  const el = fixtureSync(html`<div></div>`)
  el.innerHTML = `<zx-course-detail course-id="c1" tab="rating" style="display:block;width:1100px"></zx-course-detail>`
  return el.firstElementChild as HTMLElement
}

describe('course evaluation in the courses bundle', () => {
  useFakeCourseServer()

  it('a teacher reads their course’s scores and comments under 课程评价, with nothing to change', async () => {
    const restore = withRating(() => rating([80, 90], 85))
    try {
      const el = await mountDetail()
      await until(() => query(el, '[data-testid="result-total"]'), 'the result did not show')
      expect(query(el, 'a[data-tab="rating"]')!.getAttribute('aria-current')).to.equal('page')
      expect(query(el, '[data-testid="result-total"]')!.textContent).to.contain('85')
      expect(query(el, '[data-testid="course-evaluation-result"]')!.textContent).to.contain('目标清晰，贴合岗位')
      expect(query(el, '[data-testid="course-figures"]')!.textContent).to.contain('70%')
      expect(el.shadowRoot!.querySelectorAll('[data-testid="course-rating"] input, [data-testid="course-rating"] button')).to.have.length(0)
    } finally {
      restore()
    }
  })

  it('says when the school has not scored the course yet', async () => {
    const restore = withRating(() => rating([null, null], null))
    try {
      const el = await mountDetail()
      await until(() => query(el, '[data-testid="course-evaluation-result"]'), 'the result did not show')
      expect(query(el, '[data-testid="course-evaluation-result"]')!.textContent).to.contain('学校管理员还没有评价这门课程')
      expect(query(el, '[data-testid="result-total"]')).to.equal(null)
    } finally {
      restore()
    }
  })

  it('the managers’ list page shows the ranking under its 评价排名 tab', async function () {
    // The evaluation bundle is compiled on first import by the test server: give it time on a busy machine.
    this.timeout(30_000)
    const restore = withRating(() => rating([80, 90], 85))
    try {
      const el = fixtureSync<HTMLElement>(html`<zx-course-showcase view="ranking"></zx-course-showcase>`)
      await waitUntil(() => query(el, 'zx-course-evaluation'), 'the evaluation element was not shown', { timeout: 25_000 })
      expect(query(el, 'a[data-tab="ranking"]')!.getAttribute('aria-current')).to.equal('page')
      const inner = query(el, 'zx-course-evaluation')!
      await until(() => inner.shadowRoot?.querySelector('[data-testid="ranking-row"]'), 'the ranking did not load')
      expect(inner.shadowRoot!.querySelector('[data-testid="ranking-total"]')!.textContent).to.equal('85')
    } finally {
      restore()
    }
  })
})
