import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing'
import '../../../src/elements/courses/define'
import { $session } from '../../../src/stores/auth'
import { typeInto } from '../support/type-into'
import { envelope, fakeFetch, sessionFor } from '../support/fake-fetch'
import { sampleCourse, sampleMaterial, startFakeCourseServer, useFakeCourseServer, type FakeCourseServer } from './fake-course-server'

const shadow = (el: HTMLElement) => el.shadowRoot!
const query = <T extends Element = HTMLElement>(el: HTMLElement, selector: string) => shadow(el).querySelector<T>(selector)
const lessonOrder = (el: HTMLElement) =>
  [...shadow(el).querySelectorAll('[data-testid="edit-chapter"]')].map(c =>
    [...c.querySelectorAll('[data-testid="edit-lesson"] .edit-lesson-title')].map(a => a.textContent).join(','),
  )
// The browser keeps 250 resource entries by default; unbundled test pages load more
// modules than that, so the chart library's entry would be dropped.
performance.setResourceTimingBufferSize(5000)
const loadedUplot = () => performance.getEntriesByType('resource').some(r => /uplot/i.test(r.name))

async function mount(attributes: string): Promise<HTMLElement> {
  const el = fixtureSync(html`<div></div>`)
  el.innerHTML = `<zx-course-detail ${attributes} style="display:block;width:1100px"></zx-course-detail>`
  return el.firstElementChild as HTMLElement
}

describe('<zx-course-detail> outline editor and board', () => {
  const fake = useFakeCourseServer()

  it('a course that fails to load says so with a retry (not "course not found"), and the retry opens it', async () => {
    const behind = window.fetch
    let failing = true
    window.fetch = async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
      if (failing && /\/course\/courses\/c1(\?|$)/.test(url)) return envelope(500, null, '数据库正忙')
      return behind(input, init)
    }
    try {
      const el = await mount('course-id="c1"')
      await waitUntil(() => query(el, 'zx-load-error'), 'the failure is not shown')
      expect(query(el, '[data-testid="course-missing"]')).to.equal(null)
      const failure = query(el, 'zx-load-error')!
      expect(failure.shadowRoot!.textContent).to.contain('数据库正忙')
      failing = false
      failure.shadowRoot!.querySelector<HTMLElement>('[data-testid="retry"]')!.click()
      await waitUntil(() => query(el, '[data-testid="course-detail"]'), 'the retry did not open the course')
    } finally {
      window.fetch = behind
    }
  })

  it('reorders with the keyboard buttons, across a chapter edge, and saves the whole outline', async () => {
    const el = await mount('course-id="c1"')
    await waitUntil(() => query(el, '[data-testid="outline-editor"]'), 'the editor shows')
    expect(lessonOrder(el)).to.deep.equal(['1.1 对刀,1.2 安全', '2.1 G 代码'])
    const down = query<HTMLButtonElement>(el, 'button[aria-label="下移 1.2 安全"]')!
    down.click()
    await waitUntil(() => fake.server.outlines().length === 1, 'the order is saved')
    expect(fake.server.outlines()[0]).to.deep.equal({
      chapters: [
        { id: 'ch1', lessonIds: ['l1'] },
        { id: 'ch2', lessonIds: ['l2', 'l3'] },
      ],
    })
    await waitUntil(() => lessonOrder(el)[1] === '1.2 安全,2.1 G 代码', 'the outline shows the new order')
    // the first lesson cannot go up, the last cannot go down
    expect(query<HTMLButtonElement>(el, 'button[aria-label="上移 1.1 对刀"]')!.disabled).to.equal(true)
    expect(query<HTMLButtonElement>(el, 'button[aria-label="下移 2.1 G 代码"]')!.disabled).to.equal(true)
  })

  it('reorders by dragging a lesson onto another (native drag and drop inside the shadow root)', async () => {
    const el = await mount('course-id="c1"')
    await waitUntil(() => query(el, '[data-testid="outline-editor"]'))
    const rows = () => [...shadow(el).querySelectorAll<HTMLElement>('[data-testid="edit-lesson"]')]
    const data = new DataTransfer()
    const fire = (target: HTMLElement, type: string) =>
      target.dispatchEvent(new DragEvent(type, { bubbles: true, composed: true, cancelable: true, dataTransfer: data }))
    const [first, , last] = rows()
    fire(last!, 'dragstart')
    await waitUntil(() => last!.hasAttribute('data-dragging'), 'the dragged row is marked')
    fire(first!, 'dragover')
    await waitUntil(() => rows()[0]!.hasAttribute('data-drop'), 'the drop place is shown')
    fire(first!, 'drop')
    fire(last!, 'dragend')
    await waitUntil(() => fake.server.outlines().length === 1)
    expect(fake.server.outlines()[0]).to.deep.equal({
      chapters: [
        { id: 'ch1', lessonIds: ['l3', 'l1', 'l2'] },
        { id: 'ch2', lessonIds: [] },
      ],
    })
  })

  it('loads the chart library only when the board tab opens', async () => {
    const outline = await mount('course-id="c1"')
    await waitUntil(() => query(outline, '[data-testid="outline-editor"]'))
    expect(loadedUplot()).to.equal(false, 'not on the outline')
    const board = await mount('course-id="c1" tab="board"')
    await waitUntil(() => query(board, '[data-testid="course-board"] .chart canvas'), 'the charts draw', { timeout: 8000 })
    expect(loadedUplot()).to.equal(true)
    expect(query(board, '[data-testid="kpi-questions"] .kpi-value')!.textContent).to.equal('6')
    expect([...shadow(board).querySelectorAll('.topic-term')].map(t => t.textContent)).to.deep.equal(['对刀', '数控'])
  })

  it('adds a co-teacher from the settings tab', async () => {
    const el = await mount('course-id="c1" tab="settings"')
    const panel = await waitUntil(() => query(el, '[data-testid="course-teachers"] select'), 'the teachers to add are offered').then(() =>
      query(el, '[data-testid="course-teachers"]')!,
    )
    const select = panel.querySelector('select')!
    select.value = 't2'
    select.dispatchEvent(new Event('change', { bubbles: true }))
    await waitUntil(() => !panel.querySelector<HTMLButtonElement>('.actions .button')!.disabled)
    panel.querySelector<HTMLButtonElement>('.actions .button')!.click()
    await waitUntil(() => [...panel.querySelectorAll('.chip')].length === 2, 'the new teacher shows')
    const put = fake.server.requests.find(r => r.method === 'PUT' && r.url.includes('/teachers'))!
    expect(JSON.parse(String(put.body))).to.deep.equal({ userIds: ['t1', 't2'] })
    expect([...panel.querySelectorAll('.chip')].map(c => c.textContent)).to.deep.equal(['王老师', '李老师'])
  })

  it('shows a student no editing tools and a teacher-only tab never', async () => {
    fake.server.restore()
    fake.server = startFakeCourseServer(sampleCourse('student'))
    const el = await mount('course-id="c1" tab="settings"')
    await waitUntil(() => query(el, '[data-testid="outline"]'), 'the read-only outline shows')
    expect(query(el, '[data-testid="outline-editor"]')).to.equal(null)
    expect(query(el, '[data-testid="course-settings"]')).to.equal(null, 'the settings tab is refused to a student')
    expect([...el.shadowRoot!.querySelectorAll('.tab')].map(tab => tab.getAttribute('data-tab'))).to.deep.equal(
      ['outline', 'evaluations'],
      'a student sees the outline and their evaluations only',
    )
  })

  it("shows a student the course's shared materials with view and download links", async () => {
    fake.server.restore()
    fake.server = startFakeCourseServer(sampleCourse('student'), [sampleMaterial('三视图讲义.pdf')])
    const el = await mount('course-id="c1"')
    await waitUntil(() => query(el, '[data-testid="course-material"]'), 'the shared material is not listed')
    const row = query(el, '[data-testid="course-material"]')!
    expect(row.textContent).to.contain('三视图讲义.pdf')
    expect(row.querySelector('[data-testid="material-view"]')!.getAttribute('href')).to.equal(
      '/new-chat/app/api/file/f-%E4%B8%89%E8%A7%86%E5%9B%BE%E8%AE%B2%E4%B9%89.pdf?access=signed',
    )
    const download = row.querySelector<HTMLAnchorElement>('[data-testid="material-download"]')!
    expect(download.getAttribute('href')).to.match(/&download=1$/)
    expect(download.getAttribute('download')).to.equal('三视图讲义.pdf')
  })

  it('tells the teacher how to share materials when the course has none; a student sees no empty panel', async () => {
    const el = await mount('course-id="c1"')
    await waitUntil(() => query(el, '[data-testid="course-materials"] .muted'), 'the empty materials panel is missing')
    expect(query(el, '[data-testid="course-materials"]')!.textContent).to.contain('共享到课程')
    fake.server.restore()
    fake.server = startFakeCourseServer(sampleCourse('student'))
    const student = await mount('course-id="c1"')
    await waitUntil(() => query(student, '[data-testid="outline"]'))
    await waitUntil(() => fake.server.requests.some(r => r.url.includes('course/resource/course/c1')))
    await new Promise(resolve => setTimeout(resolve, 50))
    expect(query(student, '[data-testid="course-materials"]')).to.equal(null)
  })

  it('tells a student outside the course how to get in, with the join code right there', async () => {
    fake.server.restore()
    fake.server = fakeFetch(request => {
      if (request.url.includes('course/join')) return envelope(400, null, '加入码不正确')
      return envelope(404, null, '课程不存在')
    }) as FakeCourseServer
    $session.set(sessionFor('3'))
    try {
      const el = await mount('course-id="c9"')
      await waitUntil(() => query(el, '[data-testid="course-missing"]'), 'the course is refused')
      expect(query(el, '[data-testid="course-missing"] zx-empty-state')!.getAttribute('message')).to.contain('向任课老师要加入码')
      query<HTMLButtonElement>(el, '[data-testid="course-missing"] [data-testid="join-course"]')!.click()
      const input = await waitUntil(() => query<HTMLInputElement>(el, '[data-testid="join-dialog"] input[name="code"]')).then(() =>
        query<HTMLInputElement>(el, 'input[name="code"]')!,
      )
      await typeInto(input, 'ABC123')
      query<HTMLFormElement>(el, '[data-testid="join-dialog"] form')!.requestSubmit()
      await waitUntil(() => query(el, '[data-testid="join-dialog"] [role="alert"]')?.textContent === '加入码不正确', "the server's reason shows")
      expect(JSON.parse(String(fake.server.requests.find(r => r.url.includes('course/join'))!.body))).to.deep.equal({ code: 'ABC123' })
    } finally {
      $session.set(null)
    }
  })
})
