/// <reference types="mocha" />
// Every element exposes its base, header, body and actions parts, so a page
// can style any of them with ::part() as it styles a Web Awesome component:
// elements of several areas, mounted on a fake server and loaded, carry an
// element for each part in their shadow root, and the dialog its base and
// its buttons row.
import { expect, fixtureSync, html, waitUntil } from '@open-wc/testing'
import '../../../src/elements/assistants/define'
import '../../../src/elements/board/define'
import '../../../src/elements/courses/define'
import '../../../src/elements/embed/define'
import '../../../src/elements/live/define'
import '../../../src/elements/mindmaps/viewer-define'
import '../../../src/elements/placements/define'
import '../../../src/elements/share-view/define'
import '../../../src/elements/shared/define'
import { $clientType } from '../../../src/stores/auth'
import { setUser } from '../../../src/stores/user-scope'
import { startFakeAppsServer } from '../assistants/fake-apps-server'
import { startFakeCourseServer } from '../courses/fake-course-server'
import { startPlacementServer } from '../placements/placement-server'
import { envelope, fakeFetch, type FakeFetch } from '../support/fake-fetch'

const PARTS = ['base', 'header', 'body', 'actions']
const partsIn = (el: Element) => PARTS.filter(part => el.shadowRoot?.querySelector(`[part~="${part}"]`))

/** Waits for the element to draw its loaded state, then for each of the four parts in it. */
async function expectParts(el: Element, loaded: string) {
  await waitUntil(() => el.shadowRoot?.querySelector(loaded), `${el.localName} did not draw ${loaded}`, { timeout: 6000 })
  await waitUntil(() => partsIn(el).length === PARTS.length, undefined, { timeout: 2000 }).catch(() => {})
  expect(partsIn(el), `the parts of ${el.localName}`).to.deep.equal(PARTS)
}

const routeOf = (url: string) => new URL(url, location.href).pathname.replace(/^\/new-chat\/+/, '')

describe('the base, header, body and actions parts', function () {
  this.timeout(20_000)
  let server: FakeFetch | undefined
  afterEach(() => {
    server?.restore()
    server = undefined
    setUser('')
  })

  it('the assistants page', async () => {
    server = startFakeAppsServer()
    $clientType.set('1')
    await expectParts(fixtureSync(html`<zx-apps></zx-apps>`), '[data-testid="all-assistants"]')
  })

  it('an open course', async () => {
    server = startFakeCourseServer()
    const holder = fixtureSync(html`<div></div>`)
    holder.innerHTML = '<zx-course-detail course-id="c1"></zx-course-detail>'
    await expectParts(holder.firstElementChild!, '[data-testid="course-detail"]')
  })

  it('the operation records', async () => {
    server = fakeFetch(request => {
      const route = routeOf(request.url)
      if (route === 'course/board/records') return envelope(200, { items: [], total: 0 })
      if (route === 'course/board/records/chain') return envelope(200, { intact: true, checked: 0, brokenAt: null, reason: null, checkedAt: 1 })
      return envelope(404, null, 'not found')
    })
    await expectParts(fixtureSync(html`<zx-operation-records></zx-operation-records>`), '[data-testid="records-table"]')
  })

  it('the embed keys', async () => {
    $clientType.set('1')
    server = fakeFetch(request => (routeOf(request.url) === 'app/user/embed/key' ? envelope(200, []) : envelope(404, null, 'not found')))
    await expectParts(fixtureSync(html`<zx-embed-admin></zx-embed-admin>`), 'zx-empty-state')
  })

  it('a supervisor’s placements', async () => {
    setUser('teacher-1')
    server = startPlacementServer()
    await expectParts(fixtureSync(html`<zx-placement-supervisor client-type="1"></zx-placement-supervisor>`), '[data-testid="supervised"]')
  })

  it('a student joining a live class', async () => {
    server = fakeFetch(() => envelope(404, null, 'not found'))
    await expectParts(fixtureSync(html`<zx-live-student></zx-live-student>`), '[data-testid="code-input"]')
  })

  it('a shared answer', async () => {
    server = fakeFetch(() =>
      envelope(200, {
        shareId: 's1',
        sharedAt: Date.UTC(2026, 10, 20, 8),
        message: {
          messageId: 'a1',
          role: 'assistant',
          contentType: 'text',
          content: 'Check the guard first.',
          model: 'stub',
          modelLabel: 'Tutor',
          modelVersion: '',
          reference: null,
          createTime: 1,
          status: 'done',
          editedAt: null,
        },
        question: { contentType: 'text', content: 'What do I check before starting the lathe?', createTime: 1 },
      }),
    )
    await expectParts(fixtureSync(html`<zx-share-view share-id="s1"></zx-share-view>`), '[data-testid="shared-message"]')
  })

  it('a shared mind map, and its base while it loads', async () => {
    let answer: (response: Response) => void = () => {}
    server = fakeFetch(() => new Promise<Response>(resolve => (answer = resolve)))
    const el = fixtureSync(html`<zx-mind-map-viewer share="t1"></zx-mind-map-viewer>`)
    await waitUntil(() => el.shadowRoot?.querySelector('[data-testid="mind-map-loading"]'), 'the viewer did not show it loads')
    expect(el.shadowRoot!.querySelector('[data-testid="mind-map-loading"]')!.getAttribute('part')).to.equal('base')
    answer(envelope(200, { title: 'Lathe safety', outline: '# Lathe safety\n## Guard\n## Emergency stop', author: 'Teacher', updatedAt: 1 }))
    await expectParts(el, '[data-testid="mind-map-canvas"]')
  })

  it('a dialog: its base and the buttons row', async () => {
    const el = fixtureSync(
      html`<zx-dialog open heading="Delete"
        ><p>Sure?</p>
        <button slot="actions">Delete</button></zx-dialog
      >`,
    )
    await waitUntil(() => el.shadowRoot?.querySelector('[part~="panel"]'), 'the dialog did not open')
    expect(el.shadowRoot!.querySelector('[part~="base"]')).to.not.equal(null)
    const actions = el.shadowRoot!.querySelector<HTMLSlotElement>('[part~="actions"] slot[name="actions"]')!
    expect(actions.assignedElements().map(button => button.textContent)).to.deep.equal(['Delete'])
  })
})
