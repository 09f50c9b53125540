/// <reference types="mocha" />
// The builder draws from the bank by several rules at once: one
// row per rule (N of a type, a difficulty, a knowledge point), sent in one
// draw; the drawn questions join the paper, linked to their bank rows. A
// rule the bank cannot meet adds nothing.
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing'
import '../../../src/elements/evaluation/define'
import { $managedCourses } from '../../../src/elements/evaluation/manage/course-picker'
import { envelope, fakeFetch, type FakeFetch } from '../support/fake-fetch'
import { typeInto } from '../support/type-into'

const until = (check: () => unknown, message?: string) => waitUntil(check, message, { timeout: 4000 })
const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector)
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)]

const bankQuestion = (id: string, stem: string) => ({
  id,
  courseId: 'c1',
  createdAt: 1,
  type: 'single',
  stem,
  options: ['甲', '乙'],
  answer: 0,
  points: 2,
  tags: ['对刀'],
  difficulty: 2,
})

function startServer(): FakeFetch & { draws: any[] } {
  const draws: any[] = []
  const fake = fakeFetch(request => {
    const url = new URL(request.url, location.href)
    const route = url.pathname.replace('/new-chat/', '')
    if (route === 'course/courses')
      return envelope(200, { items: [{ id: 'c1', title: '数控车床编程', classes: [] }], total: 1, facets: { categories: [], terms: [] } })
    if (request.method === 'POST' && route === 'course/question-bank/draw') {
      const body = JSON.parse(String(request.body))
      draws.push(body)
      if (body.rules.some((r: any) => r.count > 10)) return envelope(400, null, '题库中符合条件的题目只有 3 道')
      return envelope(200, [bankQuestion('b1', '第一题'), bankQuestion('b2', '第二题'), bankQuestion('b3', '第三题')])
    }
    return envelope(404, null, `no route ${request.method} ${route}`)
  })
  return Object.assign(fake, { draws })
}

const pick = (select: HTMLElement, value: string) => {
  ;(select as HTMLSelectElement).value = value
  select.dispatchEvent(new Event('change', { bubbles: true }))
}

describe('<zx-evaluation> drawing from the bank', () => {
  let server: ReturnType<typeof startServer>
  beforeEach(() => $managedCourses.reset())
  afterEach(() => server?.restore())

  it('sends every rule row in one draw and adds the drawn questions, linked to the bank', async () => {
    server = startServer()
    const el = fixtureSync(html`<zx-evaluation client-type="1" course-id="c1" view="build"></zx-evaluation>`)
    await until(() => $(el, '[data-testid="bank-draw"]'), 'the builder did not open')
    $(el, '[data-testid="add-rule"]')!.click()
    await until(() => $$(el, '[data-testid="draw-rule"]').length === 2)
    const [first, second] = $$(el, '[data-testid="draw-rule"]')
    await typeInto(first!.querySelector<HTMLInputElement>('[data-testid="draw-count"]')!, '2')
    pick(first!.querySelector('[data-testid="draw-type"]')!, 'single')
    pick(first!.querySelector('[data-testid="draw-difficulty"]')!, '2')
    await typeInto(second!.querySelector<HTMLInputElement>('[data-testid="draw-count"]')!, '1')
    await typeInto(second!.querySelector<HTMLInputElement>('[data-testid="draw-tag"]')!, ' 对刀 ')
    await until(() => $(el, '[data-testid="bank-draw"]')!.textContent!.includes('共抽 3 题'))

    $(el, '[data-testid="draw"]')!.click()
    await until(() => $$(el, '[data-testid="question-editor"]').length === 3, 'the drawn questions were not added')
    expect(server.draws).to.deep.equal([
      {
        courseId: 'c1',
        rules: [
          { count: 2, type: 'single', difficulty: 2 },
          { count: 1, tag: '对刀' },
        ],
      },
    ])
    expect($(el, '[data-testid="bank-draw"]')!.textContent).to.contain('已抽取 3 题')
  })

  it('adds nothing when a rule asks for more than the bank has, and a rule row can be removed', async () => {
    server = startServer()
    const el = fixtureSync(html`<zx-evaluation client-type="1" course-id="c1" view="build"></zx-evaluation>`)
    await until(() => $(el, '[data-testid="bank-draw"]'), 'the builder did not open')
    expect($(el, '[data-testid="remove-rule"]'), 'the only rule cannot be removed').to.equal(null)
    $(el, '[data-testid="add-rule"]')!.click()
    await until(() => $$(el, '[data-testid="draw-rule"]').length === 2)
    await typeInto($$(el, '[data-testid="draw-count"]')[1] as HTMLInputElement, '50')
    $(el, '[data-testid="draw"]')!.click()
    await until(() => server.draws.length === 1)
    await until(() => !($(el, '[data-testid="draw"]') as HTMLButtonElement).disabled)
    expect($$(el, '[data-testid="question-editor"]')).to.have.length(0)
    $$(el, '[data-testid="remove-rule"]')[1]!.click()
    await until(() => $$(el, '[data-testid="draw-rule"]').length === 1)
    $(el, '[data-testid="draw"]')!.click()
    await until(() => $$(el, '[data-testid="question-editor"]').length === 3)
    expect(server.draws[1].rules).to.deep.equal([{ count: 5 }])
  })
})
