/// <reference types="mocha" />
// Class management in the courses area: a teacher creates a class and fills
// it (search, a pasted list), removes a student; a manager reads it only.
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing'
import '../../../src/elements/courses/define'
import { interceptLinks } from '../../../src/host-app/router'
import { clearToasts } from '../../../src/stores/toasts'
import { envelope, fakeFetch, type FakeFetch } from '../support/fake-fetch'
import { typeInto } from '../support/type-into'

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector)
const $$ = (el: Element, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)]

const person = (id: string, name: string, username: string) => ({ id, name, username })
const ACCOUNTS = { s1: person('s1', '李华', 'lihua'), s2: person('s2', '张三', 'zhangsan') }

function startClassServer(mine = true) {
  const detail = {
    id: 'k1',
    name: '2025级工业机器人1班',
    term: '',
    mine,
    joinCode: mine ? 'ABC234' : undefined,
    teachers: [person('t1', '王老师', 'teacher')],
    students: [] as Array<ReturnType<typeof person>>,
  }
  const fake: FakeFetch = fakeFetch(request => {
    const url = new URL(request.url, location.href)
    const route = `${request.method} ${url.pathname.replace('/new-chat/', '')}`
    const body = request.body ? JSON.parse(String(request.body)) : {}
    if (route === 'GET course/classes')
      return envelope(200, [{ id: 'k1', name: detail.name, term: '', studentCount: detail.students.length, teachers: detail.teachers, mine }])
    if (route === 'POST course/classes') return envelope(200, { ...detail, id: 'k2', name: body.name, term: body.term })
    if (route === 'GET course/classes/k1') return envelope(200, detail)
    if (route === 'GET course/students')
      return envelope(
        200,
        Object.values(ACCOUNTS).filter(a => a.username.includes(url.searchParams.get('keyword') ?? '')),
      )
    if (route === 'POST course/classes/k1/students') {
      const picked = Object.values(ACCOUNTS).filter(a => (body.userIds ?? []).includes(a.id) || (body.usernames ?? []).includes(a.username))
      detail.students = [...detail.students, ...picked]
      const usernames: string[] = body.usernames ?? []
      return envelope(200, {
        class: detail,
        added: picked.map(p => p.username),
        already: [],
        unknown: usernames.filter(u => u === 'nobody'),
        notStudents: usernames.filter(u => u === 'teacher3'),
      })
    }
    if (request.method === 'DELETE' && url.pathname.includes('course/classes/k1/students/')) {
      detail.students = detail.students.filter(s => !url.pathname.endsWith(`/${s.id}`))
      return envelope(200, detail)
    }
    return envelope(404, null, `no route ${route}`)
  })
  return fake
}

describe('class management', () => {
  const startUrl = location.pathname + location.search
  let server: FakeFetch
  let stopLinks: () => void
  beforeEach(() => {
    clearToasts()
    stopLinks = interceptLinks()
  })
  afterEach(() => {
    server.restore()
    stopLinks()
    history.replaceState(null, '', startUrl)
  })

  it('a teacher creates a class from the classes page and lands on it', async () => {
    server = startClassServer()
    const el = fixtureSync(html`<zx-course-list client-type="1" view="classes"></zx-course-list>`)
    await waitUntil(() => $(el, '[data-testid="class-card"]'), 'the classes did not load')
    $(el, '[data-testid="new-class"]')!.click()
    const input = await waitUntil(() => $(el, '[data-testid="create-class"] input[name="name"]')).then(
      () => $(el, '[data-testid="create-class"] input[name="name"]') as HTMLInputElement,
    )
    await typeInto(input, '2025级数控2班')
    ;($(el, '[data-testid="create-class"] form') as HTMLFormElement).requestSubmit()
    await waitUntil(() => location.search.includes('classId=k2'), 'did not open the new class')
    expect(location.pathname + location.search).to.equal('/course/list?view=classes&classId=k2')
    const sent = server.requests.find(r => r.method === 'POST')!
    expect(JSON.parse(String(sent.body))).to.deep.equal({ name: '2025级数控2班', term: '' })
  })

  it('adds students by search and by a pasted list, says who was not added, and removes one', async () => {
    server = startClassServer()
    const el = fixtureSync(html`<zx-course-list client-type="1" view="classes" class-id="k1"></zx-course-list>`)
    await waitUntil(() => $(el, '[data-testid="add-students"]'), 'the class did not load')
    expect($(el, '.join-code')!.textContent).to.equal('ABC234')

    await typeInto($(el, '[data-testid="student-search"]') as HTMLInputElement, 'li')
    await waitUntil(() => $(el, '[data-testid="student-found"] button'), 'no search result')
    $(el, '[data-testid="student-found"] button')!.click()
    await waitUntil(() => $$(el, '[data-testid="class-student"]').length === 1, 'the picked student was not added')

    await typeInto($(el, '[data-testid="paste-usernames"]') as HTMLTextAreaElement, 'zhangsan\nnobody，teacher3')
    $(el, '[data-testid="add-pasted"]')!.click()
    await waitUntil(() => $(el, '[data-testid="add-report"]')?.textContent?.includes('nobody'), 'no report on the list')
    const report = $(el, '[data-testid="add-report"]')!.textContent!
    expect(report).to.contain('已加入 1 名学生').and.contain('找不到这些账号：nobody').and.contain('不是学生账号，未加入：teacher3')
    const pasted = server.requests.filter(r => r.method === 'POST').at(-1)!
    expect(JSON.parse(String(pasted.body))).to.deep.equal({ usernames: ['zhangsan', 'nobody', 'teacher3'] })
    expect($$(el, '[data-testid="class-student"]').map(li => li.querySelector('.person-name')!.textContent)).to.deep.equal(['李华', '张三'])

    $(el, '[data-testid="class-student"] button[aria-label="移出 李华"]')!.click()
    await waitUntil(() => $$(el, '[data-testid="class-student"]').length === 1, 'the student was not removed')
    expect(server.requests.some(r => r.method === 'DELETE' && r.url.endsWith('/course/classes/k1/students/s1'))).to.equal(true)
  })

  it('a manager reads a class without any way to change it', async () => {
    server = startClassServer(false)
    const el = fixtureSync(html`<zx-course-showcase view="classes" class-id="k1"></zx-course-showcase>`)
    await waitUntil(() => $(el, '[data-testid="class-page"]'), 'the class did not load')
    expect($(el, '[data-testid="add-students"]')).to.equal(null)
    expect($(el, '[data-testid="join-code"]')).to.equal(null)
    expect($(el, '[data-testid="delete-class"]')).to.equal(null)
  })
})
