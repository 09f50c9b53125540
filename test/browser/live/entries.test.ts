/// <reference types="mocha" />
// How people reach the live classroom: a teacher starts a session from a
// published course and lands on its projector page; a student finds
// "Join live class" on their course list, leading to the join page.
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing'
import '../../../src/elements/courses/define'
import { $liveMessages } from '../../../src/i18n'
import { envelope } from '../support/fake-fetch'
import { sampleCourse, startFakeCourseServer, useFakeCourseServer } from '../courses/fake-course-server'

const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector)

describe('live classroom entries', () => {
  const fake = useFakeCourseServer()
  let followed: string[]
  const follow = (event: Event) => {
    const link = event.composedPath()[0]
    if (link instanceof HTMLAnchorElement) {
      event.preventDefault()
      followed.push(new URL(link.href).pathname + new URL(link.href).search)
    }
  }
  beforeEach(() => {
    followed = []
    document.addEventListener('click', follow)
  })
  afterEach(() => document.removeEventListener('click', follow))

  it('starts a session from a published course and goes to its projector page', async () => {
    fake.server.restore()
    fake.server = startFakeCourseServer({ ...sampleCourse('teacher'), status: 'published' })
    const behind = window.fetch
    const started: unknown[] = []
    window.fetch = async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
      if (/\/course\/live$/.test(url)) {
        started.push(JSON.parse(String(init?.body)))
        return envelope(200, { id: 's9', code: 'K7M2QX', expiresAt: Date.now() + 30_000 })
      }
      return behind(input, init)
    }
    try {
      const el = fixtureSync(html`<zx-course-detail course-id="c1"></zx-course-detail>`)
      await waitUntil(() => $(el, '[data-testid="start-live"]'), 'the teacher is offered a live session')
      expect($(el, '[data-testid="start-live"]')!.textContent).to.equal($liveMessages.get().startLive)
      $(el, '[data-testid="start-live"]')!.click()
      await waitUntil(() => followed.length === 1)
      expect(started).to.deep.equal([{ courseId: 'c1' }])
      expect(followed).to.deep.equal(['/course/live?sessionId=s9'])
    } finally {
      window.fetch = behind
    }
  })

  it('offers no live session on a course students cannot see yet', async () => {
    const el = fixtureSync(html`<zx-course-detail course-id="c1"></zx-course-detail>`)
    await waitUntil(() => $(el, '[data-testid="publish"]'))
    expect($(el, '[data-testid="start-live"]')).to.equal(null)
  })

  it('gives students a way to join a live class from their course list', async () => {
    const el = fixtureSync(html`<zx-course-list client-type="3"></zx-course-list>`)
    await waitUntil(() => $(el, '[data-testid="join-live"]'))
    const link = $(el, '[data-testid="join-live"]') as HTMLAnchorElement
    expect(link.textContent).to.equal($liveMessages.get().joinLive)
    expect(new URL(link.href).pathname).to.equal('/course/liveJoin')
  })
})
