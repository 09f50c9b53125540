/// <reference types="mocha" />
// The teachers' question bank in <zx-evaluation>: the 题库 tab keeps
// its place in the URL; the list filters and pages through the server; stems
// render as sanitized markdown; a question is edited and saved in the shape
// the server takes; deletion asks first; an import shows every row's problem
// and cannot be committed while one is wrong; AI drafts stream in with their
// source passage and enter the bank only when the teacher takes each one in;
// loading failures offer a retry; at 375 px nothing scrolls sideways.
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing'
import { setViewport } from '@web/test-runner-commands'
import '../../../src/elements/evaluation/define'
import { $managedCourses } from '../../../src/elements/evaluation/manage/course-picker'
import { emptyForm, formToBody } from '../../../src/elements/evaluation/manage/builder-body'
import { $courseEvaluations } from '../../../src/elements/evaluation/manage/evaluation-list'
import { envelope, fakeFetch, type FakeFetch } from '../support/fake-fetch'
import { typeInto } from '../support/type-into'
import { loadLocale } from '../../../src/i18n'
import { setLanguage } from '../../../src/stores/settings'

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector)
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)]
const until = (check: () => unknown, message?: string) => waitUntil(check, message, { timeout: 4000 })

const course = {
  id: 'c1',
  title: '数控车床编程',
  description: '',
  cover: '',
  category: '',
  term: '',
  status: 'published',
  teachers: [],
  lessonCount: 2,
  studentCount: 20,
  publishedAt: null,
  updateTime: 0,
  classes: [{ id: 'k1', name: '数控 2301', term: '' }],
}

const stored = (n: number, extra: Record<string, unknown> = {}) => ({
  id: `q${n}`,
  courseId: 'c1',
  authorId: 'u1',
  type: 'single',
  stem: `第 ${n} 题：主轴功能字是？`,
  options: ['S', 'F', 'T', 'M'],
  answer: 0,
  rubric: null,
  points: 2,
  tags: ['指令'],
  difficulty: 2,
  explanation: '',
  source: null,
  createdAt: 1,
  updatedAt: 1,
  ...extra,
})

interface Sent {
  method: string
  route: string
  query: Record<string, string>
  body: any
}

interface BankServer extends FakeFetch {
  sent: Sent[]
  lists: Array<Record<string, string>>
  failLists: number
  importRows: Array<{ line: number; question?: unknown; error?: string; skipped?: string; stem?: string; notes?: string[] }>
  exports: string[]
  stream?: ReadableStreamDefaultController<Uint8Array>
}

function startServer(total = 3): BankServer {
  // The handler reads the returned object, so a test changes what the server answers by setting its fields.
  const state = {
    sent: [] as Sent[],
    lists: [] as Array<Record<string, string>>,
    failLists: 0,
    importRows: [] as BankServer['importRows'],
    exports: [] as string[],
    stream: undefined as BankServer['stream'],
  }
  const fake = fakeFetch(request => {
    const url = new URL(request.url, location.href)
    const route = url.pathname.replace('/new-chat/', '')
    const query = Object.fromEntries(url.searchParams)
    const body = typeof request.body === 'string' ? JSON.parse(request.body) : request.body
    if (request.method !== 'GET') state.sent.push({ method: request.method, route, query, body })
    if (route === 'course/courses' && request.method === 'GET') return envelope(200, { items: [course], total: 1, facets: { categories: [], terms: [] } })
    if (route === 'course/courses/c1')
      return envelope(200, {
        ...course,
        role: 'teacher',
        canEdit: true,
        chapters: [
          {
            id: 'ch1',
            title: '第一章',
            lessons: [
              { id: 'l1', title: '1.1 对刀' },
              { id: 'l2', title: '1.2 G 代码' },
            ],
          },
        ],
      })
    if (route === 'course/ragDataset/ragDsSelect') return envelope(200, [{ id: 'd1', name: '安全手册', visibility: 'course' }])
    if (route === 'course/evaluations') return envelope(200, [])
    if (route === 'course/question-bank' && request.method === 'GET') {
      state.lists.push(query)
      if (state.failLists > 0) {
        state.failLists -= 1
        return envelope(500, null, '数据库忙')
      }
      const page = Number(query.page ?? 1)
      const size = Number(query.pageSize ?? 1000)
      const all = Array.from({ length: query.keyword === '无此题' ? 0 : total }, (_, i) => stored(i + 1))
      if (all.length) all[0] = stored(1, { stem: '切削速度 $v_c = \\frac{\\pi D n}{1000}$ <img src="x.png" onerror="window.__hacked = 1">' })
      return envelope(200, { items: all.slice((page - 1) * size, page * size), total: all.length, tags: ['对刀', '指令'] })
    }
    if (route === 'course/question-bank' && request.method === 'POST') return envelope(200, { ids: ['new1'] }, '题目已加入题库')
    if (route.startsWith('course/question-bank/q') && request.method === 'PUT') return envelope(200, null, '题目已保存')
    if (route === 'course/question-bank/delete') return envelope(200, { deleted: 1 })
    if (route === 'app/api/file/upload') return envelope(200, { id: `f${state.sent.length}`, url: '/f', name: 'x', size: 1, mime: 'text/plain' })
    if (route === 'course/question-bank/import') {
      const errors = state.importRows.filter(r => r.error).length
      const skipped = state.importRows.filter(r => r.skipped).length
      const imported = body.commit && !errors ? state.importRows.length - skipped : 0
      return envelope(200, { rows: state.importRows, errors, skipped, imported })
    }
    if (route === 'course/question-bank/export') {
      state.exports.push(url.search)
      return new Response('<quiz></quiz>', {
        headers: { 'Content-Type': 'application/xml', 'Content-Disposition': "attachment; filename*=UTF-8''%E9%A2%98%E5%BA%93.xml" },
      })
    }
    if (route === 'course/question-bank/generate') {
      const stream = new ReadableStream<Uint8Array>({ start: controller => void (state.stream = controller) })
      request.signal?.addEventListener('abort', () => {
        try {
          state.stream?.error(new DOMException('aborted', 'AbortError'))
        } catch {
          // closed already
        }
      })
      return new Response(stream, { headers: { 'Content-Type': 'text/event-stream' } })
    }
    return envelope(404, null, `no route ${request.method} ${route}`)
  })
  return Object.assign(state, { requests: fake.requests, restore: fake.restore }) as BankServer
}

const encoder = new TextEncoder()
const send = (server: BankServer, event: unknown) => server.stream!.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`))

function pick(el: Element, selector: string, value: string) {
  const select = $(el, selector) as HTMLSelectElement
  select.value = value
  select.dispatchEvent(new Event('change', { bubbles: true }))
}

describe('<zx-evaluation> question bank', () => {
  let server: BankServer
  beforeEach(() => {
    $managedCourses.reset()
    $courseEvaluations.reset()
  })
  afterEach(() => server?.restore())

  it('opens from the 题库 tab into the URL, renders stems as sanitized markdown, and filters and pages through the server', async function () {
    this.timeout(20_000)
    server = startServer(45)
    const el = fixtureSync(html`<zx-evaluation client-type="1" course-id="c1"></zx-evaluation>`)
    const places: Array<Record<string, string>> = []
    el.addEventListener('zx:place-change', event => places.push((event as CustomEvent).detail.params))
    await until(() => $(el, '[data-testid="tab-bank"]'), 'no 题库 tab')
    $(el, '[data-testid="tab-bank"]')!.click()
    await until(() => $$(el, '[data-testid="bank-row"]').length === 20, 'the first page did not show')
    expect(places).to.deep.include({ view: 'bank' })
    expect($(el, '[data-testid="tab-bank"]')!.getAttribute('aria-selected')).to.equal('true')
    expect($(el, '[data-testid="bank-total"]')!.textContent).to.contain('45')
    expect(server.lists.at(-1)).to.deep.equal({ courseId: 'c1', page: '1', pageSize: '20' })

    const first = $$(el, '[data-testid="bank-row"]')[0]!
    const image = first.querySelector('.bank-stem img')
    expect(image, 'the stem’s image is rendered').to.exist
    expect(image!.hasAttribute('onerror'), 'handlers are stripped').to.equal(false)
    expect((window as unknown as { __hacked?: number }).__hacked).to.equal(undefined)
    expect(first.querySelector('[data-testid="bank-answer"]')!.textContent).to.contain('A. S')

    // Every knowledge point of the bank is offered.
    const tagOptions = [...($(el, '[data-testid="filter-tag"]') as HTMLSelectElement).options].map(o => o.value)
    expect(tagOptions).to.deep.equal(['', '对刀', '指令'])

    $(el, '[data-testid="page-next"]')!.click()
    await until(() => server.lists.at(-1)?.page === '2')
    await until(() => $$(el, '[data-testid="bank-row"]').length === 20)
    pick(el, '[data-testid="filter-type"]', 'single')
    await until(() => server.lists.at(-1)?.type === 'single')
    expect(server.lists.at(-1)!.page, 'a new filter starts at page 1').to.equal('1')
    pick(el, '[data-testid="filter-difficulty"]', '2')
    pick(el, '[data-testid="filter-tag"]', '对刀')
    await typeInto($(el, '[data-testid="filter-keyword"]') as HTMLInputElement, '无此题')
    $(el, '[data-testid="filter-search"]')!.click()
    await until(() => server.lists.at(-1)?.keyword === '无此题')
    expect(server.lists.at(-1)).to.deep.equal({ courseId: 'c1', type: 'single', difficulty: '2', tag: '对刀', keyword: '无此题', page: '1', pageSize: '20' })
    await until(() => $(el, '[data-testid="bank-empty"]'), 'an empty answer under a filter says so')
    expect($(el, '[data-testid="bank-empty"]')!.getAttribute('message')).to.equal('没有符合筛选条件的题目')
  })

  it('reads in English with English punctuation: "Correct answer: A. S", no Chinese colon, brackets or list commas', async function () {
    this.timeout(20_000)
    setLanguage('en-US')
    await loadLocale('en-US')
    try {
      server = startServer(3)
      const el = fixtureSync(html`<zx-evaluation client-type="1" course-id="c1"></zx-evaluation>`)
      await until(() => $(el, '[data-testid="tab-bank"]'), 'no bank tab')
      $(el, '[data-testid="tab-bank"]')!.click()
      await until(() => $$(el, '[data-testid="bank-row"]').length === 3, 'the bank did not show')
      const first = $$(el, '[data-testid="bank-row"]')[0]!
      expect(first.querySelector('[data-testid="bank-answer"]')!.textContent).to.contain('Correct answer: A. S')
      expect(first.textContent).not.to.match(/[：（）、；]/u)
    } finally {
      setLanguage('zh-CN')
      await loadLocale('zh-CN')
    }
  })

  it('edits a question into the body the server takes, adds a new one, and deletes only after a confirmation', async function () {
    this.timeout(20_000)
    server = startServer(3)
    const el = fixtureSync(html`<zx-evaluation client-type="1" course-id="c1" view="bank"></zx-evaluation>`)
    await until(() => $$(el, '[data-testid="bank-row"]').length === 3)
    $$(el, '[data-testid="bank-edit"]')[1]!.click()
    await until(() => $(el, '[data-testid="question-edit"]'))
    const form = $(el, '[data-testid="question-edit"]')!
    await typeInto(form.querySelector('[data-testid="stem"]') as HTMLTextAreaElement, '主轴转速用哪个字？ $S$')
    await typeInto(form.querySelector('[data-testid="tags"]') as HTMLInputElement, '指令、主轴')
    await typeInto(form.querySelector('[data-testid="explanation"]') as HTMLTextAreaElement, 'S 指定转速。')
    await until(() => form.querySelector('[data-testid="stem-preview"]')?.textContent?.includes('主轴转速'), 'no preview of the stem')
    form.querySelector<HTMLButtonElement>('[data-testid="bank-save"]')!.click()
    await until(() => server.sent.length === 1, 'the edit was not sent')
    expect(server.sent[0]!.method).to.equal('PUT')
    expect(server.sent[0]!.route).to.equal('course/question-bank/q2')
    // No id, course, author, times or nulls: the server's schema refuses them.
    expect(server.sent[0]!.body).to.deep.equal({
      type: 'single',
      stem: '主轴转速用哪个字？ $S$',
      options: ['S', 'F', 'T', 'M'],
      answer: 0,
      points: 2,
      tags: ['指令', '主轴'],
      difficulty: 2,
      explanation: 'S 指定转速。',
    })
    await until(() => !$(el, '[data-testid="question-edit"]'), 'the form stays open after saving')
    const listsBefore = server.lists.length
    await until(() => server.lists.length >= listsBefore, 'the list was not reloaded')

    $(el, '[data-testid="bank-add"]')!.click()
    await until(() => $(el, '[data-testid="question-edit"]'))
    const add = $(el, '[data-testid="question-edit"]')!
    const type = add.querySelector('select') as HTMLSelectElement
    type.value = 'judge'
    type.dispatchEvent(new Event('change', { bubbles: true }))
    await until(() => add.querySelector('[data-type="judge"]'))
    expect((add.querySelector('[data-testid="bank-save"]') as HTMLButtonElement).disabled, 'an empty stem cannot be saved').to.equal(true)
    await typeInto(add.querySelector('[data-testid="stem"]') as HTMLTextAreaElement, 'G00 是快速定位指令。')
    await until(() => !(add.querySelector('[data-testid="bank-save"]') as HTMLButtonElement).disabled)
    add.querySelector<HTMLButtonElement>('[data-testid="bank-save"]')!.click()
    await until(() => server.sent.length === 2)
    expect(server.sent[1]!.body).to.deep.equal({ courseId: 'c1', questions: [{ type: 'judge', stem: 'G00 是快速定位指令。', answer: true, points: 2 }] })

    await until(() => $$(el, '[data-testid="bank-delete"]').length === 3)
    $$(el, '[data-testid="bank-delete"]')[0]!.click()
    await until(() => $(el, '[data-testid="confirm-dialog"]'), 'deleting did not ask')
    expect(server.sent.length, 'asking sends nothing').to.equal(2)
    $(el, '[data-testid="confirm-dialog"] [data-testid="confirm"]')!.click()
    await until(() => server.sent.length === 3)
    expect(server.sent[2]).to.deep.include({ method: 'POST', route: 'course/question-bank/delete', body: { courseId: 'c1', ids: ['q1'] } })
  })

  it('shows a failed load with what failed and retries it', async () => {
    server = startServer(2)
    server.failLists = 1
    const el = fixtureSync(html`<zx-evaluation client-type="1" course-id="c1" view="bank"></zx-evaluation>`)
    await until(() => $(el, 'zx-load-error'), 'the failure is not shown')
    expect($(el, 'zx-load-error')!.getAttribute('heading')).to.contain('题库')
    $(el, 'zx-load-error')!.dispatchEvent(new CustomEvent('zx:retry'))
    await until(() => $$(el, '[data-testid="bank-row"]').length === 2, 'the retry did not load the bank')
  })

  it('previews an import with each wrong row named, offers no import while one is wrong, and imports a clean file', async function () {
    this.timeout(20_000)
    server = startServer(1)
    server.importRows = [
      { line: 3, question: { type: 'single', stem: '主轴功能字是？', options: ['S', 'F'], answer: 0, points: 2 } },
      { line: 9, error: '第 2 题：多选题的答案要选中至少一个选项' },
    ]
    const el = fixtureSync(html`<zx-evaluation client-type="1" course-id="c1" view="bank-import"></zx-evaluation>`)
    await until(() => $(el, '[data-testid="import-file"]'), 'the import panel did not open from the URL')
    const input = $(el, '[data-testid="import-file"]') as HTMLInputElement
    const files = new DataTransfer()
    files.items.add(new File(['1. 题干\nA. S\n答案：Z'], '测验.txt', { type: 'text/plain' }))
    input.files = files.files
    input.dispatchEvent(new Event('change', { bubbles: true }))
    await until(() => $$(el, '[data-testid="import-row"]').length === 2, 'no preview')
    const [good, bad] = $$(el, '[data-testid="import-row"]')
    expect(good!.textContent).to.contain('第 3 行')
    expect(bad!.hasAttribute('data-error')).to.equal(true)
    expect(bad!.textContent).to.contain('第 9 行').and.contain('多选题的答案')
    expect($(el, '[data-testid="import-summary"]')!.textContent).to.contain('1 道有问题')
    expect(($(el, '[data-testid="import-commit"]') as HTMLButtonElement).disabled).to.equal(true)
    const preview = server.sent.find(s => s.route === 'course/question-bank/import')!
    expect(preview.body).to.deep.include({ courseId: 'c1', commit: false })

    server.importRows = [server.importRows[0]!]
    const clean = new DataTransfer()
    clean.items.add(new File(['1. 题干\nA. S\nB. F\n答案：A'], '测验2.txt', { type: 'text/plain' }))
    input.files = clean.files
    input.dispatchEvent(new Event('change', { bubbles: true }))
    await until(() => !($(el, '[data-testid="import-commit"]') as HTMLButtonElement | null)?.disabled && $$(el, '[data-testid="import-row"]').length === 1)
    $(el, '[data-testid="import-commit"]')!.click()
    await until(() => server.sent.some(s => s.route === 'course/question-bank/import' && s.body.commit === true))
    await until(() => $(el, '[data-testid="bank"]'), 'after importing, the list shows again')
  })

  it('names each question of a Moodle or GIFT bank that is left out and what did not come across, and imports the rest', async function () {
    this.timeout(20_000)
    server = startServer(1)
    server.importRows = [
      {
        line: 14,
        question: { type: 'single', stem: '主轴功能字是？', options: ['S', 'F'], answer: 0, points: 2 },
        notes: ['原题的 1 张图片未导入，请在题库中补上'],
      },
      { line: 210, skipped: '匹配题没有对应的题型，未导入', stem: '将指令与功能配对。' },
    ]
    const el = fixtureSync(html`<zx-evaluation client-type="1" course-id="c1" view="bank-import"></zx-evaluation>`)
    await until(() => $(el, '[data-testid="import-file"]'), 'the import panel did not open')
    const input = $(el, '[data-testid="import-file"]') as HTMLInputElement
    expect(input.accept).to.contain('.xml').and.contain('.gift')
    const files = new DataTransfer()
    files.items.add(new File(['<quiz></quiz>'], 'moodle.xml', { type: 'text/xml' }))
    input.files = files.files
    input.dispatchEvent(new Event('change', { bubbles: true }))
    await until(() => $$(el, '[data-testid="import-row"]').length === 2, 'no preview')
    const [kept, left] = $$(el, '[data-testid="import-row"]')
    expect(kept!.querySelector('[data-testid="import-notes"]')!.textContent).to.contain('图片未导入')
    expect(left!.hasAttribute('data-skipped')).to.equal(true)
    expect(left!.textContent).to.contain('第 210 行').and.contain('将指令与功能配对').and.contain('匹配题没有对应的题型').and.contain('不导入')
    expect($(el, '[data-testid="import-summary"]')!.textContent).to.contain('共 1 道题').and.contain('1 道题型不对应').and.contain('1 道题有未读入的内容')
    const commit = $(el, '[data-testid="import-commit"]') as HTMLButtonElement
    expect(commit.disabled, 'a question left out does not block the rest').to.equal(false)
    expect(commit.textContent).to.contain('导入这 1 道题')
    commit.click()
    await until(() => server.sent.some(s => s.route === 'course/question-bank/import' && s.body.commit === true))
    await until(() => $(el, '[data-testid="bank"]'), 'after importing, the list shows again')
  })

  it('exports the bank as Moodle XML, GIFT or Aiken from the export menu', async () => {
    server = startServer(1)
    const el = fixtureSync(html`<zx-evaluation client-type="1" course-id="c1" view="bank"></zx-evaluation>`)
    await until(() => $(el, '[data-testid="bank-export-format"]'), 'no export menu')
    const menu = $(el, '[data-testid="bank-export-format"]') as HTMLSelectElement
    expect([...menu.options].map(o => o.value)).to.deep.equal(['', 'moodle', 'gift', 'aiken'])
    expect([...menu.options].map(o => o.textContent).join(' ')).to.contain('Aiken（仅单选题）')
    menu.value = 'moodle'
    menu.dispatchEvent(new Event('change', { bubbles: true }))
    await until(() => server.exports.length === 1, 'the Moodle export was not asked for')
    expect(server.exports[0]).to.contain('courseId=c1').and.contain('format=moodle')
  })

  it('streams AI drafts with their passage; each is edited and taken in by the teacher, and nothing is saved unreviewed', async function () {
    this.timeout(20_000)
    server = startServer(0)
    const el = fixtureSync(html`<zx-evaluation client-type="1" course-id="c1" view="bank-write"></zx-evaluation>`)
    await until(() => $$(el, '[data-testid="writer-lesson"]').length === 2, 'the lessons of the course are not offered')
    $(el, '[data-testid="writer-start"]')!.click()
    await until(() => $(el, '[data-testid="writer-problem"]'), 'starting without material said nothing')
    ;($$(el, '[data-testid="writer-lesson"]')[0] as HTMLInputElement).click()
    ;($(el, '[data-testid="writer-type-blank"]') as HTMLInputElement).click()
    await typeInto($(el, '[data-testid="writer-count"]') as HTMLInputElement, '2')
    await typeInto($(el, '[data-testid="writer-tags"]') as HTMLInputElement, '对刀')
    $(el, '[data-testid="writer-start"]')!.click()
    await until(() => server.stream, 'the writer did not call generate')
    const call = server.sent.find(s => s.route === 'course/question-bank/generate')!
    expect(call.body).to.deep.equal({ courseId: 'c1', lessonIds: ['l1'], types: ['single', 'judge', 'short', 'blank'], count: 2, tags: ['对刀'] })

    const source = { kind: 'lesson', id: 'l1', title: '1.1 对刀', excerpt: '数控车床常用试切法对刀，先试切外圆再试切端面。' }
    send(server, { type: 'start', engine: 'builtin', sources: [{ index: 1, kind: 'lesson', title: '1.1 对刀' }], needModel: ['single', 'short'] })
    send(server, {
      type: 'draft',
      note: '由内置离线引擎根据原文关键词生成的填空题，请核对后再保存。',
      question: { type: 'blank', stem: '数控车床常用____对刀。', answer: ['试切法'], points: 2, tags: ['对刀'], difficulty: 2, explanation: '', source },
    })
    await until(() => $$(el, '[data-testid="draft"]').length === 1, 'the first draft did not show while the stream is open')
    expect($(el, '[data-testid="builtin-note"]')!.textContent).to.contain('只能根据原文句子出判断题和填空题')
    expect($(el, '[data-testid="writer-need-model"]')!.textContent, 'the types asked for that need a model are named').to.contain('单选题、简答题')
    expect($(el, '[data-testid="writer-stop"]'), 'writing can be stopped').to.exist
    send(server, {
      type: 'draft',
      note: 'x',
      question: { type: 'blank', stem: '先试切外圆再试切____。', answer: ['端面'], points: 2, tags: [], difficulty: 2, explanation: '', source },
    })
    send(server, {
      type: 'notice',
      kind: 'model-needed',
      message: '没有接入语言模型时，只能根据原文句子生成判断题和填空题；单选、多选、简答和实操题需要学校接入语言模型',
    })
    send(server, { type: 'notice', kind: 'few-sentences', message: '原文中适合出题的完整句子不够，只生成了 2 道' })
    send(server, { type: 'done', count: 2 })
    server.stream!.close()
    await until(() => $(el, '[data-testid="writer-status"]')?.getAttribute('data-status') === 'done')
    expect(
      $$(el, '[data-testid="writer-notice"]').map(n => n.textContent),
      'why fewer drafts came is said; the model notice is not said twice',
    ).to.deep.equal(['原文中适合出题的完整句子不够，只生成了 2 道'])
    const [first, second] = $$(el, '[data-testid="draft"]')
    expect(first!.querySelector('[data-testid="source-passage"]')!.textContent).to.contain('1.1 对刀').and.contain('试切法对刀')
    expect(
      server.sent.filter(s => s.route === 'course/question-bank' && s.method === 'POST'),
      'nothing enters the bank by itself',
    ).to.have.length(0)

    first!.querySelector<HTMLButtonElement>('[data-testid="draft-edit"]')!.click()
    await until(() => first!.querySelector('[data-testid="accepted"]'))
    await typeInto(first!.querySelector('[data-testid="accepted"]') as HTMLTextAreaElement, '试切法\n试切')
    first!.querySelector<HTMLButtonElement>('[data-testid="draft-edit"]')!.click()
    first!.querySelector<HTMLButtonElement>('[data-testid="draft-accept"]')!.click()
    await until(() => first!.getAttribute('data-state') === 'accepted', 'the draft was not taken in')
    const saved = server.sent.filter(s => s.route === 'course/question-bank' && s.method === 'POST')
    expect(saved).to.have.length(1)
    expect(saved[0]!.body).to.deep.equal({
      courseId: 'c1',
      questions: [
        { type: 'blank', stem: '数控车床常用____对刀。', answer: ['试切法', '试切'], points: 2, tags: ['对刀'], difficulty: 2, explanation: '', source },
      ],
    })

    second!.querySelector<HTMLButtonElement>('[data-testid="draft-discard"]')!.click()
    await until(() => $$(el, '[data-testid="draft"]').length === 1)
    expect(
      server.sent.filter(s => s.route === 'course/question-bank' && s.method === 'POST'),
      'a discarded draft is not saved',
    ).to.have.length(1)
  })

  it('does not scroll sideways at 375 px: list, editor and import preview', async function () {
    this.timeout(20_000)
    server = startServer(3)
    server.importRows = [{ line: 2, error: '第 1 题：题干不能为空，请补充一段足够长的说明文字来测试换行是否正常工作' }]
    await setViewport({ width: 375, height: 812 })
    try {
      const el = fixtureSync(html`<zx-evaluation client-type="1" course-id="c1" view="bank"></zx-evaluation>`)
      await until(() => $$(el, '[data-testid="bank-row"]').length === 3)
      expect(document.documentElement.scrollWidth).to.be.at.most(375)
      $$(el, '[data-testid="bank-edit"]')[0]!.click()
      await until(() => $(el, '[data-testid="question-edit"]'))
      expect(document.documentElement.scrollWidth).to.be.at.most(375)
      $(el, '[data-testid="bank-import"]')!.click()
      await until(() => $(el, '[data-testid="import-file"]'))
      const input = $(el, '[data-testid="import-file"]') as HTMLInputElement
      const files = new DataTransfer()
      files.items.add(new File(['x'], 'a.txt'))
      input.files = files.files
      input.dispatchEvent(new Event('change', { bubbles: true }))
      await until(() => $$(el, '[data-testid="import-row"]').length === 1)
      expect(document.documentElement.scrollWidth).to.be.at.most(375)
    } finally {
      await setViewport({ width: 1280, height: 800 })
    }
  })

  it('a question drawn from the bank goes into an evaluation body without the bank’s own fields and nulls (the server refuses them)', () => {
    // What POST /course/question-bank/draw answers, as the builder receives it.
    const drawn = {
      ...stored(7, { type: 'short', options: null, answer: null, rubric: [{ criterion: '步骤', points: 10 }], points: 10 }),
      bankQuestionId: 'q7',
    }
    const { id: _id, courseId: _c, createdAt: _t, ...rest } = drawn
    const body = formToBody({ ...emptyForm(), title: '测验', questions: [rest as never] })
    expect(body.questions).to.deep.equal([
      {
        type: 'short',
        stem: '第 7 题：主轴功能字是？',
        rubric: [{ criterion: '步骤', points: 10 }],
        points: 10,
        tags: ['指令'],
        difficulty: 2,
        explanation: '',
        bankQuestionId: 'q7',
      },
    ])
  })
})
