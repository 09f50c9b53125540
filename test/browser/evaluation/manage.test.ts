/// <reference types="mocha" />
// The teachers' <zx-evaluation>: the course picker keeps the course
// in the URL, the list's actions call the right endpoints, and the builder
// refuses an incomplete question, then saves the body the server expects and
// publishes it; a published one's settings dialog sends only its window and
// shows the server's refusal. At 375 px nothing scrolls sideways.
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing'
import { setViewport } from '@web/test-runner-commands'
import '../../../src/elements/evaluation/define'
import { $courseEvaluations } from '../../../src/elements/evaluation/manage/evaluation-list'
import { $managedCourses } from '../../../src/elements/evaluation/manage/course-picker'
import { loadLocale } from '../../../src/i18n'
import { setLanguage } from '../../../src/stores/settings'
import { envelope, fakeFetch, type FakeFetch } from '../support/fake-fetch'
import { typeInto } from '../support/type-into'

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector)
// The first render loads the bundle's catalogues and fonts; a second is a fair wait on a busy machine.
const until = (check: () => unknown, message?: string) => waitUntil(check, message, { timeout: 4000 })
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)]

const course = (id: string, title: string) => ({
  id,
  title,
  description: '',
  cover: '',
  category: '',
  term: '',
  status: 'published',
  teachers: [],
  lessonCount: 3,
  studentCount: 20,
  publishedAt: null,
  updateTime: 0,
  classes: [
    { id: 'k1', name: '数控 2301', term: '' },
    { id: 'k2', name: '数控 2302', term: '' },
  ],
})

interface Sent {
  method: string
  route: string
  body: any
}

const REFUSAL = '截止时间应晚于开始时间'
/** e2, published: as the list shows it, and as the teachers' detail call returns it. */
const PUBLISHED_ROW = { id: 'e2', title: '期中考试', kind: 'quiz', status: 'published', opensAt: null, closesAt: null, timeLimitMinutes: 60, released: false }
/** What GET …/e2 answers; a test may make it an assignment. */
const detailOf: { e2: object } = { e2: {} }
const PUBLISHED_DETAIL = {
  ...PUBLISHED_ROW,
  ...{ courseId: 'c1', description: '', classIds: ['k1'], maxAttempts: 1, latePolicy: 'refuse' },
  questions: [{ id: 'q1', position: 0, type: 'judge', stem: 'G00 是快速定位指令。', answer: true, points: 1 }],
}
detailOf.e2 = PUBLISHED_DETAIL

function startServer(): FakeFetch & { sent: Sent[] } {
  const sent: Sent[] = []
  let settingsSaves = 0
  const evaluations = [
    { id: 'e1', title: '第一单元测验', kind: 'quiz', status: 'draft', opensAt: null, closesAt: null, timeLimitMinutes: 30, released: false },
    PUBLISHED_ROW,
  ]
  const fake = fakeFetch(request => {
    const url = new URL(request.url, location.href)
    const route = url.pathname.replace('/new-chat/', '')
    const body = request.body ? JSON.parse(String(request.body)) : undefined
    if (request.method !== 'GET') sent.push({ method: request.method, route, body })
    if (request.method === 'GET' && route === 'course/courses')
      return envelope(200, { items: [course('c1', '数控车床编程'), course('c2', '机械制图')], total: 2, facets: { categories: [], terms: [] } })
    if (request.method === 'GET' && route === 'course/evaluations') return envelope(200, url.searchParams.get('courseId') === 'c1' ? evaluations : [])
    if (request.method === 'POST' && route === 'course/evaluations') return envelope(200, { id: 'e9' })
    if (request.method === 'PUT' && route === 'course/evaluations/e9') return envelope(200, null)
    if (request.method === 'GET' && route === 'course/evaluations/e2') return envelope(200, detailOf.e2)
    // The first save of e2's settings is refused, as the server refuses a close time before the start.
    if (request.method === 'PUT' && route === 'course/evaluations/e2') return (settingsSaves += 1) === 1 ? envelope(400, null, REFUSAL) : envelope(200, null)
    if (request.method === 'POST' && /^course\/evaluations\/e\d\/(status|release)$/.test(route)) return envelope(200, null)
    if (request.method === 'DELETE' && route === 'course/evaluations/e1') return envelope(200, null)
    return envelope(404, null, `no route ${request.method} ${route}`)
  })
  return Object.assign(fake, { sent })
}

describe('<zx-evaluation> for teachers', () => {
  let server: ReturnType<typeof startServer>
  beforeEach(() => {
    $managedCourses.reset()
    $courseEvaluations.reset()
  })
  afterEach(() => server?.restore())

  it('opens the first course when the URL names none, and a picked course goes to the URL', async () => {
    server = startServer()
    const el = fixtureSync(html`<zx-evaluation client-type="1"></zx-evaluation>`)
    const places: Array<Record<string, string>> = []
    el.addEventListener('zx:place-change', event => places.push((event as CustomEvent).detail.params))
    await until(() => $$(el, '[data-testid="manage-row"]').length === 2, 'the first course’s evaluations did not show')
    expect(places).to.deep.include({ courseId: 'c1' })
    const picker = $(el, '[data-testid="course-picker"]') as HTMLSelectElement
    picker.value = 'c2'
    picker.dispatchEvent(new Event('change', { bubbles: true }))
    await until(() => $(el, 'zx-empty-state'), 'the second course’s empty list did not show')
    expect(places).to.deep.include({ courseId: 'c2' })
  })

  it('a teacher with no course yet is told so and led to Course Management', async () => {
    server = fakeFetch(request => {
      const route = new URL(request.url, location.href).pathname.replace('/new-chat/', '')
      if (route === 'course/courses') return envelope(200, { items: [], total: 0, facets: { categories: [], terms: [] } })
      return envelope(404, null, `no route ${route}`)
    }) as ReturnType<typeof startServer>
    const el = fixtureSync(html`<zx-evaluation client-type="1"></zx-evaluation>`)
    await until(() => $(el, '[data-testid="create-course-first"]'), 'no way to a course was offered')
    const link = $(el, '[data-testid="create-course-first"]') as HTMLAnchorElement
    expect(new URL(link.href).pathname).to.equal('/course/list')
    expect(link.textContent).to.equal('先去课程管理创建一门课程')
    // The longest wording (Russian) wraps on a phone rather than widen the page.
    await setViewport({ width: 375, height: 812 })
    setLanguage('ru-RU')
    await loadLocale('ru-RU')
    try {
      await until(() => link.textContent?.startsWith('Сначала'), 'the link did not switch to Russian')
      expect(document.documentElement.scrollWidth).to.be.at.most(375)
    } finally {
      setLanguage('zh-CN')
      await loadLocale('zh-CN')
      await setViewport({ width: 1280, height: 800 })
    }
  })

  it('a published evaluation’s settings dialog shows the server’s refusal, then sends only the window fields', async () => {
    server = startServer()
    const el = fixtureSync(html`<zx-evaluation client-type="1" course-id="c1"></zx-evaluation>`)
    await until(() => $$(el, '[data-testid="manage-row"]').length === 2)
    const [draft, published] = $$(el, '[data-testid="manage-row"]')
    expect(draft!.querySelector('[data-testid="evaluation-settings-open"]'), 'a draft is edited in the builder').to.equal(null)
    published!.querySelector<HTMLButtonElement>('[data-testid="evaluation-settings-open"]')!.click()
    await until(() => $(el, '[data-testid="settings-closes-at"]'), 'the settings dialog did not open')
    expect(($(el, '[data-testid="settings-time-limit"]') as HTMLInputElement).value, 'the current limit is shown').to.equal('60')

    await typeInto($(el, '[data-testid="settings-closes-at"]')!, '2030-06-30T18:00')
    await typeInto($(el, '[data-testid="settings-time-limit"]')!, '90')
    await typeInto($(el, '[data-testid="settings-attempts"]')!, '2')
    $$(el, '[data-testid="settings-class"]')[1]!.click()
    $(el, '[data-testid="settings-save"]')!.click()
    await until(() => $(el, '[data-testid="settings-problem"]'), 'the refusal was not shown')
    expect($(el, '[data-testid="settings-problem"]')!.textContent).to.equal(REFUSAL)
    expect($(el, '[data-testid="evaluation-settings"]'), 'the dialog stays open to fix the value').to.not.equal(null)

    $(el, '[data-testid="settings-save"]')!.click()
    await until(() => !$(el, '[data-testid="evaluation-settings"]'), 'the dialog did not close after saving')
    const saves = server.sent.filter(r => r.method === 'PUT')
    expect(saves).to.have.length(2)
    expect(saves[1]).to.deep.equal({
      method: 'PUT',
      route: 'course/evaluations/e2',
      body: { opensAt: null, closesAt: new Date('2030-06-30T18:00').getTime(), timeLimitMinutes: 90, maxAttempts: 2, classIds: ['k1', 'k2'] },
    })
  })

  it('sets late work for a published assignment in the Settings dialog', async () => {
    server = startServer()
    detailOf.e2 = { ...PUBLISHED_DETAIL, kind: 'assignment', timeLimitMinutes: null, closesAt: new Date('2030-06-30T18:00').getTime() }
    try {
      const el = fixtureSync(html`<zx-evaluation client-type="1" course-id="c1"></zx-evaluation>`)
      await until(() => $$(el, '[data-testid="manage-row"]').length === 2)
      $$(el, '[data-testid="manage-row"]')[1]!.querySelector<HTMLButtonElement>('[data-testid="evaluation-settings-open"]')!.click()
      await until(() => $(el, '[data-testid="settings-late-policy"]'), 'the dialog offers no late-work setting')
      const policy = $(el, '[data-testid="settings-late-policy"]') as HTMLSelectElement
      expect(policy.value).to.equal('refuse')
      policy.value = 'penalty'
      policy.dispatchEvent(new Event('change', { bubbles: true }))
      await until(() => $(el, '[data-testid="settings-late-penalty"]'))
      await typeInto($(el, '[data-testid="settings-late-penalty"]')!, '20')
      await typeInto($(el, '[data-testid="settings-late-until"]')!, '2030-07-07T18:00')
      $(el, '[data-testid="settings-save"]')!.click()
      await until(() => $(el, '[data-testid="settings-problem"]'))
      $(el, '[data-testid="settings-save"]')!.click()
      await until(() => !$(el, '[data-testid="evaluation-settings"]'), 'the dialog did not close after saving')
      const saved = server.sent.filter(r => r.method === 'PUT').at(-1)!
      expect(saved.body).to.deep.include({ latePolicy: 'penalty', latePenalty: 20, lateUntil: new Date('2030-07-07T18:00').getTime() })
    } finally {
      detailOf.e2 = PUBLISHED_DETAIL
    }
  })

  it('publishes a draft, releases a published one, and deletes only after a confirmation', async () => {
    server = startServer()
    const el = fixtureSync(html`<zx-evaluation client-type="1" course-id="c1"></zx-evaluation>`)
    await until(() => $$(el, '[data-testid="manage-row"]').length === 2)
    const [draft, published] = $$(el, '[data-testid="manage-row"]')
    expect(draft!.textContent).to.contain('草稿')
    draft!.querySelector<HTMLButtonElement>('[data-testid="publish"]')!.click()
    await until(() => server.sent.length === 1)
    expect(server.sent[0]).to.deep.equal({ method: 'POST', route: 'course/evaluations/e1/status', body: { status: 'published' } })
    published!.querySelector<HTMLButtonElement>('[data-testid="release"]')!.click()
    await until(() => server.sent.length === 2)
    expect(server.sent[1]!.route).to.equal('course/evaluations/e2/release')
    await until(() => $$(el, 'button:disabled').length === 0, 'the row stays busy')
    $$(el, '[data-testid="delete"]')[0]!.click()
    expect(server.sent.length, 'the first click only asks').to.equal(2)
    await until(() => $(el, '[data-testid="confirm-delete"]'))
    $(el, '[data-testid="confirm-delete"]')!.click()
    await until(() => server.sent.length === 3)
    expect(server.sent[2]).to.include({ method: 'DELETE', route: 'course/evaluations/e1' })
  })

  it('refuses a rubric that does not add up, then saves the draft body and publishes it', async () => {
    server = startServer()
    const el = fixtureSync(html`<zx-evaluation client-type="1" course-id="c1" view="build"></zx-evaluation>`)
    await until(() => $(el, '[data-testid="builder"]'), 'the builder did not open')
    await typeInto($(el, '[data-testid="title"]') as HTMLInputElement, '第二单元测验')
    await typeInto($(el, '[data-testid="time-limit"]') as HTMLInputElement, '20')
    await typeInto($(el, '[data-testid="pass-mark"]') as HTMLInputElement, '6')
    $$(el, '[data-testid="class"]')[1]!.click()
    $(el, '[data-testid="add-single"]')!.click()
    $(el, '[data-testid="add-short"]')!.click()
    await until(() => $$(el, '[data-testid="question-editor"]').length === 2)
    const [single, short] = $$(el, '[data-testid="question-editor"]')
    await typeInto(single!.querySelector('[data-testid="stem"]') as HTMLTextAreaElement, '主轴功能字是？')
    const options = [...single!.querySelectorAll<HTMLInputElement>('[data-testid="option-text"]')]
    for (const [i, text] of ['S', 'F', 'T', 'M'].entries()) await typeInto(options[i]!, text)
    single!.querySelectorAll<HTMLInputElement>('[data-testid="option-correct"]')[0]!.click()
    await typeInto(short!.querySelector('[data-testid="stem"]') as HTMLTextAreaElement, '简述对刀的步骤。')
    await typeInto(short!.querySelector('[data-testid="criterion"]') as HTMLInputElement, '步骤')
    await typeInto(short!.querySelector('[data-testid="criterion-points"]') as HTMLInputElement, '6')
    await until(() => short!.querySelector('.hint.warn'), 'the rubric that does not add up is not marked')

    $(el, '[data-testid="save-draft"]')!.click()
    await until(() => $(el, '[data-testid="builder-problem"]'), 'saving an incomplete question said nothing')
    expect($(el, '[data-testid="builder-problem"]')!.textContent).to.contain('第 2 题')
    expect(server.sent, 'nothing is sent while a question is incomplete').to.have.length(0)

    short!.querySelector<HTMLButtonElement>('[data-testid="add-criterion"]')!.click()
    await until(() => short!.querySelectorAll('[data-testid="criterion"]').length === 2)
    await typeInto(short!.querySelectorAll<HTMLInputElement>('[data-testid="criterion"]')[1]!, '安全')
    await typeInto(short!.querySelectorAll<HTMLInputElement>('[data-testid="criterion-points"]')[1]!, '4')
    await until(() => !short!.querySelector('.hint.warn'))
    $(el, '[data-testid="save-draft"]')!.click()
    await until(() => server.sent.length === 1, 'the draft was not saved')
    const { method, route, body } = server.sent[0]!
    expect([method, route]).to.deep.equal(['POST', 'course/evaluations'])
    expect(body).to.deep.include({
      courseId: 'c1',
      title: '第二单元测验',
      kind: 'quiz',
      timeLimitMinutes: 20,
      passMark: 6,
      classIds: ['k2'],
      releaseMode: 'manual',
      maxAttempts: 1,
    })
    expect(body.questions).to.deep.equal([
      { type: 'single', stem: '主轴功能字是？', options: ['S', 'F', 'T', 'M'], answer: 0, points: 2 },
      {
        type: 'short',
        stem: '简述对刀的步骤。',
        rubric: [
          { criterion: '步骤', points: 6 },
          { criterion: '安全', points: 4 },
        ],
        points: 10,
      },
    ])

    // A second save updates the same evaluation; publishing saves, then publishes it.
    await until(() => !($(el, '[data-testid="publish-now"]') as HTMLButtonElement).disabled)
    $(el, '[data-testid="publish-now"]')!.click()
    await until(() => server.sent.length === 3, 'publishing did not save and publish')
    expect(server.sent.slice(1).map(s => `${s.method} ${s.route}`)).to.deep.equal(['PUT course/evaluations/e9', 'POST course/evaluations/e9/status'])
    expect(server.sent[2]!.body).to.deep.equal({ status: 'published' })
    await until(() => $(el, '[data-testid="evaluation-list"]'), 'publishing did not return to the list')
  })

  it('does not scroll sideways at 375 px, list or builder', async () => {
    server = startServer()
    await setViewport({ width: 375, height: 812 })
    try {
      const el = fixtureSync(html`<zx-evaluation client-type="1" course-id="c1"></zx-evaluation>`)
      await until(() => $$(el, '[data-testid="manage-row"]').length === 2)
      expect(document.documentElement.scrollWidth).to.be.at.most(375)
      $(el, '[data-testid="new-evaluation"]')!.click()
      await until(() => $(el, '[data-testid="builder"]'))
      $(el, '[data-testid="add-multiple"]')!.click()
      $(el, '[data-testid="add-short"]')!.click()
      await until(() => $$(el, '[data-testid="question-editor"]').length === 2)
      expect(document.documentElement.scrollWidth).to.be.at.most(375)
    } finally {
      await setViewport({ width: 1280, height: 800 })
    }
  })
})
